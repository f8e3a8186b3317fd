#!/usr/bin/env python3
"""perf_compare's pointer-load matmul at other tile shapes than the suite's.

    python3 tile_bench.py PERF_COMPARE_PY [SIZE...]      (GPU machine; default sizes 4096 8192)
    python3 -c "import tt_triton; tt_triton.enable(); ..."   the same kernels compiled by tt

The question it answers: how much a CTA gains from a bigger tile of the same kernel, i.e. what a
compiler that merged two program instances sharing an operand (two vertically adjacent
128x128 tiles that read the same columns of B) could reach. Prints TFLOP/s per tile
configuration (medians of three do_bench medians) beside cuBLAS, with each product's relative
error against torch.matmul.
"""
import importlib.util, sys
import torch, triton
from triton.testing import do_bench

spec = importlib.util.spec_from_file_location("perf_compare", sys.argv[1])
pc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pc)

CONFIGS = [(128, 128, 64, 4, 3), (256, 128, 64, 8, 3), (128, 256, 64, 8, 3), (256, 128, 64, 8, 4)]
for S in [int(a) for a in sys.argv[2:]] or [4096, 8192]:
    a = torch.randn(S, S, device="cuda", dtype=torch.float16)
    b = torch.randn(S, S, device="cuda", dtype=torch.float16)
    c = torch.empty(S, S, device="cuda", dtype=torch.float16)
    ref = torch.matmul(a, b)
    fl = 2 * S ** 3
    t = sorted(do_bench(lambda: torch.matmul(a, b, out=c), return_mode="median") for _ in range(3))[1]
    print(f"S={S} cuBLAS {fl / t / 1e9:.1f} TFLOP/s", flush=True)
    for BM, BN, BK, W, ST in CONFIGS:
        grid = (triton.cdiv(S, BM) * triton.cdiv(S, BN),)
        run = lambda: pc.matmul_kernel[grid](a, b, c, S, S, S, S, 1, S, 1, S, 1, BM=BM, BN=BN, BK=BK, GM=8,
                                             num_warps=W, num_stages=ST)
        c.fill_(float("nan"))
        run()
        torch.cuda.synchronize()
        err = ((c.float() - ref.float()).norm() / ref.float().norm()).item()
        t = sorted(do_bench(run, return_mode="median") for _ in range(3))[1]
        print(f"S={S} {BM}x{BN}x{BK} w{W} s{ST}: {fl / t / 1e9:.1f} TFLOP/s rel err {err:.1e}", flush=True)
