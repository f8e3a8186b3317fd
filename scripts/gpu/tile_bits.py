"""Whether Triton's matmuls give each element the same fp32 bits on every tile (GPU machine).

    python3 tile_bits.py

A plain K loop of tl.dot into an fp32 accumulator, stored as fp32 (2048^3, BK 64, 3 stages), run
by Triton 3.6 alone on several tiles and warp counts, f16 and bf16 operands; each product is
compared bit for bit with the 128x128 tile's on 4 warps. If they agree, the tile a matmul runs on
is a compiler's to choose without leaving Triton's results (docs/perf-notes.md, item 000000009).
Exit status 1 when any tile differs.
"""
import sys

import torch
import triton
import triton.language as tl


@triton.jit
def mm(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    am = pm * BM + tl.arange(0, BM)
    bn = pn * BN + tl.arange(0, BN)
    ks = tl.arange(0, BK)
    a_ptrs = a_ptr + am[:, None] * K + ks[None, :]
    b_ptrs = b_ptr + ks[:, None] * N + bn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for _ in range(0, K // BK):
        acc = tl.dot(tl.load(a_ptrs), tl.load(b_ptrs), acc)
        a_ptrs += BK
        b_ptrs += BK * N
    tl.store(c_ptr + am[:, None] * N + bn[None, :], acc)


def main():
    torch.manual_seed(0)
    M = N = K = 2048
    tiles = ((128, 128, 4), (128, 128, 8), (128, 256, 8), (256, 128, 8), (64, 256, 4), (128, 64, 4))
    differ = 0
    for dt in (torch.float16, torch.bfloat16):
        a = torch.randn(M, K, device="cuda", dtype=dt)
        b = torch.randn(K, N, device="cuda", dtype=dt)
        ref = None
        for bm, bn, w in tiles:
            c = torch.empty(M, N, device="cuda", dtype=torch.float32)
            mm[(M // bm, N // bn)](a, b, c, M, N, K, BM=bm, BN=bn, BK=64, num_warps=w, num_stages=3)
            if ref is None:
                ref = c
                continue
            same = torch.equal(c, ref)
            differ += not same
            what = "the same bits" if same else f"DIFFERENT in {(c != ref).sum().item()} elements"
            print(f"{dt} {bm}x{bn} on {w} warps: {what} as 128x128 on 4", flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
