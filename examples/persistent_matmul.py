"""A persistent matmul: a fixed number of programs walk the output tiles."""

import triton
import triton.language as tl


@triton.jit
def persistent_matmul_kernel(
    a_ptr, b_ptr, c_ptr,
    M, N, K,
    NUM_PROGRAMS: tl.constexpr,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
):
    # Persistent schedule: program p computes tiles p, p + NUM_PROGRAMS, ...
    # (launch min(NUM_PROGRAMS, tiles) programs). flatten=True fuses the tile
    # loop with the K loop, so the pipeliner prefetches the next tile's
    # blocks during this tile's epilogue; the accumulator is reset at each
    # tile's end inside the fused loop.
    pid = tl.program_id(0)
    tiles_n = tl.cdiv(N, BLOCK_N)
    num_tiles = tl.cdiv(M, BLOCK_M) * tiles_n
    offs_k = tl.arange(0, BLOCK_K)
    for tile in tl.range(pid, num_tiles, NUM_PROGRAMS, flatten=True):
        offs_m = (tile // tiles_n) * BLOCK_M + tl.arange(0, BLOCK_M)
        offs_n = (tile % tiles_n) * BLOCK_N + tl.arange(0, BLOCK_N)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, tl.cdiv(K, BLOCK_K)):
            a = tl.load(a_ptr + offs_m[:, None] * K + (k * BLOCK_K + offs_k)[None, :],
                        mask=(offs_m[:, None] < M) & ((k * BLOCK_K + offs_k)[None, :] < K), other=0.0)
            b = tl.load(b_ptr + (k * BLOCK_K + offs_k)[:, None] * N + offs_n[None, :],
                        mask=((k * BLOCK_K + offs_k)[:, None] < K) & (offs_n[None, :] < N), other=0.0)
            acc = tl.dot(a, b, acc)
        tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc,
                 mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))
