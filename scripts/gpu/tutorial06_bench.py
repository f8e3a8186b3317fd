#!/usr/bin/env python3
"""Triton's fused-attention tutorial timed as a user runs it, by Triton alone or by tt.

    TRITON_CACHE_DIR=$(mktemp -d) python3 tutorial06_bench.py TUTORIAL_06_PY triton
    TRITON_CACHE_DIR=$(mktemp -d) PYTHONPATH=python TT_TRANSLATE=.bin/tt-translate \\
        python3 tutorial06_bench.py TUTORIAL_06_PY tt

TUTORIAL_06_PY is 06-fused-attention.py (`.bin/triton-suite/triton-tests/python/tutorials/`
after `triton_suite.sh prepare`). The script loads it without running its benchmark sweep and
calls its own `bench_flash_attention` (batch 4, 32 heads, fp16, the tutorial's autotuned
forward and its backward) at 4,096 and 16,384 tokens, head dims 64 and 128, causal or not, the
forward with and without warp_specialize where the tutorial offers it; with `tt` as the second
argument every kernel is compiled by tt through the plugin (tt_triton.enable()). TUT06_ONLY=d128-bwd
(for example; a comma-separated list keeps several) keeps one head dim and pass. Run the two compilers one after the other, never at
once on one GPU, each with a fresh Triton cache.
"""
import os
import runpy
import sys

if sys.argv[2] == "tt":
    import tt_triton
    tt_triton.enable()
bench = runpy.run_path(sys.argv[1], run_name="tutorial06")["bench_flash_attention"].fn
only = [o for o in os.environ.get("TUT06_ONLY", "").split(",") if o]
for D in (64, 128):
    for mode in ("fwd", "bwd"):
        if only and f"d{D}-{mode}" not in only:
            continue
        for causal in (False, True):
            for ws in ((False, True) if mode == "fwd" and not causal else (False,)):
                for n in (4096, 16384):
                    tf = bench(4, 32, n, D, causal, ws, mode, "triton-fp16")
                    print(f"{sys.argv[2]:6s} d{D} {mode} causal={causal!s:5s} ws={ws!s:5s} N={n:5d}: {tf:7.1f} TFLOP/s", flush=True)
