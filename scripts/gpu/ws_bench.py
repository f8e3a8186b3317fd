"""Triton 3.6 alone: a TMA matmul with and without its automatic warp specialization.

    python3 ws_bench.py [SIZE...]          (GPU machine; Triton, torch; default sizes 4096 8192;
                                            WS_MAXNREG=N: maxnreg for the WS=True kernels)
    python3 -c "import tt_triton; tt_triton.enable(); ..."   the same kernels compiled by tt


The loop is `tl.range(..., warp_specialize=WS)` over tensor-descriptor loads of A and B^T (the
kernel of Triton's test_warp_specialization.py without its persistent loop); prints TFLOP/s per
tile configuration for WS off and on, beside cuBLAS, and whether the TTGIR holds ttg.warp_specialize.
docs/perf-notes.md records a run.
"""
import os, sys
import torch, triton, triton.language as tl
from triton.testing import do_bench

@triton.jit
def _pid(tile_id, num_pid_n, num_pid_m, GROUP_SIZE_M):
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = tile_id // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    return first_pid_m + (tile_id % group_size_m), (tile_id % num_pid_in_group) // group_size_m

@triton.jit
def mm(a_ptr, b_ptr, c_ptr, M, N, K, num_stages: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr,
       BK: tl.constexpr, WS: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BN, BK])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    pid = tl.program_id(0)
    pid_m, pid_n = _pid(pid, tl.cdiv(N, BN), tl.cdiv(M, BM), 8)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(tl.cdiv(K, BK), warp_specialize=WS, num_stages=num_stages):
        a = a_desc.load((pid_m * BM, k * BK))
        b = b_desc.load((pid_n * BN, k * BK))
        acc = tl.dot(a, b.T, acc)
    c_desc.store((pid_m * BM, pid_n * BN), acc.to(tl.float16))

triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
for S in [int(a) for a in sys.argv[1:]] or [4096, 8192]:
    A = torch.randn((S, S), dtype=torch.float16, device="cuda")
    B = torch.randn((S, S), dtype=torch.float16, device="cuda")
    C = torch.empty((S, S), dtype=torch.float16, device="cuda")
    ref = A @ B.T
    fl = 2 * S ** 3
    t = do_bench(lambda: torch.matmul(A, B.T, out=C), warmup=25, rep=200)
    print(f"S={S} cublas {fl / t / 1e9:.1f} TFLOP/s", flush=True)
    for BM, BN, BK, st, w in [(128, 128, 64, 3, 4), (128, 256, 64, 3, 4), (128, 256, 64, 3, 8), (128, 128, 64, 4, 4)]:
        for ws in (False, True):
            # WS_MAXNREG=N passes Triton's maxnreg option to the specialized kernels.
            extra = {"maxnreg": int(os.environ["WS_MAXNREG"])} if ws and os.environ.get("WS_MAXNREG") else {}
            g = (triton.cdiv(S, BM) * triton.cdiv(S, BN),)
            try:
                k = mm[g](A, B, C, S, S, S, st, BM, BN, BK, ws, num_warps=w, **extra)
                ok = torch.allclose(C.float(), ref.float(), atol=0.5, rtol=0.05)
                ts = [do_bench(lambda: mm[g](A, B, C, S, S, S, st, BM, BN, BK, ws, num_warps=w, **extra), warmup=25, rep=200) for _ in range(3)]
                t = sorted(ts)[1]
                print(f"S={S} {BM}x{BN}x{BK} s{st} w{w} ws={ws}: {fl / t / 1e9:.1f} TFLOP/s ok={ok} "
                      f"wsir={'ttg.warp_specialize' in k.asm['ttgir']} warps={k.metadata.num_warps} regs={k.n_regs} shared={k.metadata.shared}", flush=True)
            except Exception as e:
                print(f"S={S} {BM}x{BN}x{BK} s{st} w{w} ws={ws}: FAILED {type(e).__name__}: {str(e)[:200]}", flush=True)
