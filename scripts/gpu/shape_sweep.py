"""Triton's tutorial matmul at shapes beyond the perf set's squares, tt through the plugin against
Triton's own build (GPU machine; torch, Triton 3.6, python/tt_triton on the path).

    TT_TRANSLATE=$PWD/.bin/tt-translate PYTHONPATH=python python3 scripts/gpu/shape_sweep.py

tt's schedules for 4-warp 128x128 matmuls (persistent programs, TMA loads, two consumers on pairs
of tiles) were tuned on 4096 and 8192 cubes; this times small, tall, wide and short-K shapes, where
a schedule could cost more than it brings. The kernel is the tutorial's (grouped program ids,
masks), f16 inputs and output, tiles 128x128x64 on 4 warps and 128x256x64 on 8, 3 stages. tt's
builds are timed first, Triton's after them (the plugin's enable and disable empty the JIT's
caches); each output is compared with torch's (f32 accumulation). Medians of ROUNDS (default 5)
do_bench medians, TFLOP/s, and tt / Triton.
"""
import os
import sys

os.environ["TRITON_ALWAYS_COMPILE"] = "1"
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

import tt_triton  # noqa: E402


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BLOCK_M: tl.constexpr,
           BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :])
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :])
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * stride_bk
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptr + offs_cm[:, None] * stride_cm + offs_cn[None, :], acc.to(tl.float16), mask=c_mask)


SHAPES = [(512, 512, 512), (1024, 1024, 1024), (2048, 2048, 2048), (4096, 4096, 1024), (4096, 4096, 16384),
          (8192, 8192, 512), (16384, 256, 8192), (256, 16384, 8192), (16384, 16384, 256), (3000, 5000, 1000)]
TILES = [(128, 128, 4), (128, 256, 8)]


def case(M, N, K, bm, bn, warps):
    g = torch.Generator(device="cuda").manual_seed(M + 3 * N + 7 * K)
    a = torch.randn(M, K, device="cuda", generator=g, dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", generator=g, dtype=torch.float16)
    c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
    grid = (triton.cdiv(M, bm) * triton.cdiv(N, bn),)
    run = lambda: matmul[grid](a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0), BLOCK_M=bm, BLOCK_N=bn,
                               BLOCK_K=64, GROUP_M=8, num_warps=warps, num_stages=3)
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
