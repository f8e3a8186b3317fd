#!/usr/bin/env python3
"""Triton's matrix-multiplication tutorial timed as a user runs it, by Triton alone or by tt.

    TRITON_CACHE_DIR=$(mktemp -d) python3 tutorial03_bench.py TUTORIAL_03_PY triton
    TRITON_CACHE_DIR=$(mktemp -d) PYTHONPATH=python TT_TRANSLATE=.bin/tt-translate \\
        python3 tutorial03_bench.py TUTORIAL_03_PY tt

TUTORIAL_03_PY is 03-matrix-multiplication.py (`.bin/triton-suite/triton-tests/python/tutorials/`
after `triton_suite.sh prepare`). The tutorial runs its whole benchmark sweep when loaded; this
script loads it without that last statement and calls its own `benchmark` (the autotuned
`matmul` over the tutorial's 16 configurations, do_bench medians, TFLOP/s as the tutorial
computes them) at square sizes (TUT03_SIZES, default 1024,2048,4096,8192), fp16 and fp8 inputs,
and cuBLAS (torch.matmul) for fp16 as the tutorial does. With `tt` as the second argument every
kernel is compiled by tt through the plugin (tt_triton.enable()). Run the two compilers one after
the other, never at once on one GPU, each with a fresh Triton cache. Each size's output is
compared with torch.matmul's (fp8 inputs widened to fp16 for it) and the largest difference
printed, with the configuration the autotuner chose.
"""
import os
import sys

if sys.argv[2] == "tt":
    import tt_triton
    tt_triton.enable()
source = open(sys.argv[1]).read()
run_line = "benchmark.run(show_plots=True, print_data=True)"
if run_line not in source:
    sys.exit(f"{sys.argv[1]}: no line {run_line!r} to leave out: not Triton 3.6's tutorial 03")
g = {"__name__": "tutorial03", "__file__": sys.argv[1]}
exec(compile(source.replace(run_line, ""), sys.argv[1], "exec"), g)
torch = g["torch"]
bench = g["benchmark"].fn
sizes = [int(s) for s in os.environ.get("TUT03_SIZES", "1024,2048,4096,8192").split(",")]
for fp8 in (False, True):
    if fp8 and not g["TORCH_HAS_FP8"]:
        continue
    for n in sizes:
        torch.manual_seed(0)
        a = torch.randn((n, n), device="cuda", dtype=torch.float16)
        b = torch.randn((n, n), device="cuda", dtype=torch.float16)
        if fp8:
            a8, b8 = a.to(torch.float8_e5m2), b.T.to(torch.float8_e5m2)
            out, ref = g["matmul"](a8, b8), torch.matmul(a8.to(torch.float16), b8.to(torch.float16))
        else:
            out, ref = g["matmul"](a, b), torch.matmul(a, b)
        diff = float((out.float() - ref.float()).abs().max())
        tf = bench(n, n, n, "triton", fp8)[0]
        line = f"{sys.argv[2]:6s} {'fp8 ' if fp8 else 'fp16'} {n:5d}: {tf:7.1f} TFLOP/s (max |out - torch| {diff:.3g})"
        if not fp8:
            line += f"  cuBLAS {bench(n, n, n, 'cublas', fp8)[0]:7.1f}"
        best = g["matmul_kernel"].best_config
        print(line + f"  config {best}", flush=True)
