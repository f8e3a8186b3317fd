"""Triton's tutorial matmul at shapes beyond the perf set's squares, tt through the plugin against
Triton's own build (GPU machine; torch, Triton 3.6, python/tt_triton on the path).

    TT_TRANSLATE=$PWD/.bin/tt-translate PYTHONPATH=python python3 scripts/gpu/shape_sweep.py

tt's schedules for 4-warp 128x128 matmuls (persistent programs, TMA loads, two consumers on pairs
of tiles) were tuned on 4096 and 8192 cubes; this times small, tall, wide and short-K shapes, where
a schedule could cost more than it brings. The kernel is the tutorial's (grouped program ids,
masks; epilogue_check.py's, without an epilogue), f16 inputs and output, tiles 128x128x64 on 4
warps and 128x256x64 on 8, 3 stages. tt's builds are timed first, Triton's after them (the
plugin's enable and disable empty the JIT's caches); each output is compared with torch's (f32
accumulation). Medians of ROUNDS (default 5) do_bench medians, TFLOP/s, and tt / Triton.
"""
import os
import sys

os.environ["TRITON_ALWAYS_COMPILE"] = "1"
import torch  # noqa: E402
import triton  # noqa: E402

import tt_triton  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from epilogue_check import epilogue_matmul  # noqa: E402  (the tutorial's kernel; EPI="none" here)

matmul = epilogue_matmul


SHAPES = [(512, 512, 512), (1024, 1024, 1024), (2048, 2048, 2048), (4096, 4096, 1024), (4096, 4096, 16384),
          (8192, 8192, 512), (16384, 256, 8192), (256, 16384, 8192), (16384, 16384, 256), (3000, 5000, 1000)]
TILES = [(128, 128, 4), (128, 256, 8)]


def case(M, N, K, bm, bn, warps):
    g = torch.Generator(device="cuda").manual_seed(M + 3 * N + 7 * K)
    a = torch.randn(M, K, device="cuda", generator=g, dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", generator=g, dtype=torch.float16)
    c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
    grid = (triton.cdiv(M, bm) * triton.cdiv(N, bn),)
    unused = torch.empty(1, device="cuda", dtype=torch.float16)  # the epilogue's operands, not read with EPI="none"
    scale = torch.empty(1, device="cuda", dtype=torch.float32)
    run = lambda: matmul[grid](a, b, c, unused, unused, scale, M, N, K, a.stride(0), b.stride(0), c.stride(0), 1,
                               0, EPI="none", BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=64, GROUP_M=8, num_warps=warps,
                               num_stages=3)
    return a, b, c, run


def measure(rounds):
    from triton.testing import do_bench
    out = {}
    for (M, N, K) in SHAPES:
        for bm, bn, warps in TILES:
            a, b, c, run = case(M, N, K, bm, bn, warps)
            run()
            torch.cuda.synchronize()
            ref = a.float() @ b.float()
            err = ((c.float() - ref).norm() / ref.norm()).item()
            ms = sorted(do_bench(run, return_mode="median") for _ in range(rounds))[rounds // 2]
            out[(M, N, K, bm, bn)] = (2 * M * N * K / ms / 1e9, err)
    return out


def main():
    rounds = int(os.environ.get("ROUNDS", "5"))
    tt_triton.enable()
    tt = measure(rounds)
    tt_triton.disable()
    tri = measure(rounds)
    bad = 0
    print(f"TFLOP/s, medians of {rounds} do_bench medians (tt first, then Triton)")
    for key in tt:
        (r_tt, e_tt), (r_tri, e_tri) = tt[key], tri[key]
        ok = e_tt <= 1e-2
        bad += not ok
        M, N, K, bm, bn = key
        print(f"{M:5d}x{N:5d}x{K:5d} {bm}x{bn}: tt {r_tt:7.1f}  Triton {r_tri:7.1f}  tt / Triton {r_tt / r_tri:.3f}  "
              f"{'ok' if ok else 'WRONG'} (rel err {e_tt:.1e})", flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
