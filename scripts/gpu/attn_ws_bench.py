"""Attention forward with and without warp specialization, Triton 3.6 alone or with tt.

    python3 attn_ws_bench.py [SEQ]      (GPU machine; Triton, torch; default 4096, 32 heads;
                                         ATTN_CONFIGS="64:4" picks head dims and warps)
    python3 -c "import tt_triton; tt_triton.enable(); ..."   the same kernels compiled by tt
    ATTN_CHECK=1 ...                    one launch a kernel, its output checked, no timing (for
                                         compute-sanitizer; use a short SEQ)

The kernel is perf_compare.py's attention (the same softmax, scale and loop, 128 query rows and
64 keys a block) with Q, K, V and O read and written through tensor descriptors, its loop
`tl.range(..., warp_specialize=WS)`; for head dims 64 and 128 and 4 and 8 warps it prints TFLOP/s
for WS off and on beside torch's scaled_dot_product_attention (FlashAttention), checks every
output against a float32 reference, and says whether the TTGIR holds ttg.warp_specialize.
"""
import os, sys
import torch, triton, triton.language as tl
from triton.testing import do_bench


@triton.jit
def attn(q_ptr, k_ptr, v_ptr, o_ptr, seq, qk_scale, H: tl.constexpr, D: tl.constexpr, BM: tl.constexpr,
         BN: tl.constexpr, STAGES: tl.constexpr, WS: tl.constexpr):
    rows = H * seq
    q_desc = tl.make_tensor_descriptor(q_ptr, shape=[rows, D], strides=[D, 1], block_shape=[BM, D])
    k_desc = tl.make_tensor_descriptor(k_ptr, shape=[rows, D], strides=[D, 1], block_shape=[BN, D])
    v_desc = tl.make_tensor_descriptor(v_ptr, shape=[rows, D], strides=[D, 1], block_shape=[BN, D])
    o_desc = tl.make_tensor_descriptor(o_ptr, shape=[rows, D], strides=[D, 1], block_shape=[BM, D])
    start_m = tl.program_id(0)
    row0 = tl.program_id(1) * seq
    q = q_desc.load([row0 + start_m * BM, 0])
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.full([BM], 1.0, tl.float32)
    acc = tl.zeros([BM, D], tl.float32)
    for start_n in tl.range(0, seq, BN, num_stages=STAGES, warp_specialize=WS):
        k = k_desc.load([row0 + start_n, 0])
        qk = tl.dot(q, k.T)
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        p = tl.math.exp2(qk * qk_scale - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = v_desc.load([row0 + start_n, 0])
        acc = tl.dot(p.to(tl.float16), v, acc * alpha[:, None])
        m_i = m_ij
    o_desc.store([row0 + start_m * BM, 0], (acc / l_i[:, None]).to(tl.float16))


triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
SEQ = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
H = 32
# ATTN_CONFIGS="64:4,128:8" picks head dims and warp counts (default: all three).
configs = [tuple(map(int, c.split(":"))) for c in os.environ.get("ATTN_CONFIGS", "64:4,128:8,128:4").split(",")]
for D, w in configs:
    q, k, v = (torch.randn((H, SEQ, D), dtype=torch.float16, device="cuda") for _ in range(3))
    o = torch.empty_like(q)
    scale = 1.0 / D ** 0.5
    ref = torch.softmax((q.float() @ k.float().transpose(1, 2)) * scale, dim=-1) @ v.float()
    fl = 4 * H * SEQ * SEQ * D
    sdpa = lambda: torch.nn.functional.scaled_dot_product_attention(q[None], k[None], v[None])
    if not os.environ.get("ATTN_CHECK"):
        t = do_bench(sdpa, warmup=25, rep=200)
        print(f"D={D} sdpa {fl / t / 1e9:.1f} TFLOP/s", flush=True)
    for ws in (False, True):
        g = (triton.cdiv(SEQ, 128), H)
        run = lambda: attn[g](q, k, v, o, SEQ, scale * 1.4426950408889634, H, D, 128, 64, 3, ws, num_warps=w)
        try:
            o.fill_(float("nan"))  # a kernel that writes nothing fails the check
            kern = run()
            err = (o.float() - ref).abs().max().item()
            if os.environ.get("ATTN_CHECK"):
                print(f"D={D} w{w} ws={ws}: maxerr={err:.2e} {'ok' if err < 1e-2 else 'WRONG'} "
                      f"warps={kern.metadata.num_warps}", flush=True)
                continue
            ts = [do_bench(run, warmup=25, rep=200) for _ in range(3)]
            t = sorted(ts)[1]
            print(f"D={D} w{w} ws={ws}: {fl / t / 1e9:.1f} TFLOP/s maxerr={err:.2e} "
                  f"wsir={'ttg.warp_specialize' in kern.asm['ttgir']} warps={kern.metadata.num_warps} "
                  f"regs={kern.n_regs} shared={kern.metadata.shared}", flush=True)
        except Exception as e:
            print(f"D={D} w{w} ws={ws}: FAILED {type(e).__name__}: {str(e)[:300]}", flush=True)
