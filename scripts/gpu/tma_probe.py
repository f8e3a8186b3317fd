"""Would TMA pay for the perf suite's pointer loads? The same kernels with host tensor descriptors.

    python3 tma_probe.py                     (GPU machine; Triton 3.6 alone)
    python3 -c "import tt_triton; tt_triton.enable(); import runpy; runpy.run_path('tma_probe.py', run_name='__main__')"
                                             (the same kernels compiled by tt through the plugin)

For perf_compare.py's matmul (A [M, K] and B [K, N] row-major, grouped program order, C stored
through masked pointers) and its attention (Q, K, V, O [heads * seq, D]), each shape of the suite
is timed in three forms:
  ptr   as the suite writes it (pointer loads);
  desc  its loads through descriptors built on the host (TensorDescriptor arguments: the map
        lives in the launch's parameters, so the kernel pays nothing to build it);
  dev   its loads through descriptors the kernel builds itself (tl.make_tensor_descriptor: every
        program writes its maps to global scratch and fences them before its first copy).
Every output is checked against torch's (relative error); medians of three do_bench medians,
TFLOP/s. What it answers: whether the suite's kernels with their pointer loads through TMA would
beat them as they are, and what building the maps in each program costs, before tt builds the
machinery for it (a kernel's TTIR gives tt no tensor map). Each process runs one compiler; run
both, with a `timeout`, and write to files: a hung kernel loses the pipe's output.
`tma_probe.py paired [ROUNDS]` under the plugin times tt's matmul variants in interleaved rounds
instead, with the pointer kernel also compiled by tt-tma-loads (TT_X_TMA_LOADS=on);
`tma_probe.py creation [ROUNDS]` times the same forms with K = 64, where building the maps is a
large part of each program.
(`tl.range(..., warp_specialize=True)` on the desc form was left out: Triton 3.6's own compile of
it hung on the H200 at 4096 128x128 on 4 warps.)
"""
import torch, triton, triton.language as tl
from triton.testing import do_bench
from triton.tools.tensor_descriptor import TensorDescriptor


@triton.jit
def _tile(pid, M, N, BM: tl.constexpr, BN: tl.constexpr, GM: tl.constexpr):
    npm = tl.cdiv(M, BM)
    npn = tl.cdiv(N, BN)
    per_group = GM * npn
    first = (pid // per_group) * GM
    gsz = min(npm - first, GM)
    return first + (pid % gsz), (pid % per_group) // gsz


@triton.jit
def mm_ptr(a_ptr, b_ptr, c_ptr, M, N, K, sam, sbk, scm,
           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GM: tl.constexpr):
    pm, pn = _tile(tl.program_id(0), M, N, BM, BN, GM)
    am = (pm * BM + tl.arange(0, BM)) % M
    bn = (pn * BN + tl.arange(0, BN)) % N
    ks = tl.arange(0, BK)
    a_ptrs = a_ptr + am[:, None] * sam + ks[None, :]
    b_ptrs = b_ptr + ks[:, None] * sbk + bn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=ks[None, :] < K - k * BK, other=0.0)
        b = tl.load(b_ptrs, mask=ks[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BK
        b_ptrs += BK * sbk
    cm = pm * BM + tl.arange(0, BM)
    cn = pn * BN + tl.arange(0, BN)
    tl.store(c_ptr + scm * cm[:, None] + cn[None, :], acc.to(tl.float16), mask=(cm[:, None] < M) & (cn[None, :] < N))


# The same kernel under another name, so that Triton compiles it apart from mm_ptr: the paired
# mode (below) has tt compile it with its pointer loads moved onto TMA (TT_X_TMA_LOADS=on).
mm_ptr_tma = triton.jit(mm_ptr.fn)


@triton.jit
def mm_desc(a_desc, b_desc, c_ptr, M, N, K, scm,
            BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GM: tl.constexpr):
    mm_body(a_desc, b_desc, c_ptr, M, N, K, scm, BM, BN, BK, GM)


@triton.jit
def mm_body(a_desc, b_desc, c_ptr, M, N, K, scm,
            BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GM: tl.constexpr):
    pm, pn = _tile(tl.program_id(0), M, N, BM, BN, GM)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([pm * BM, k * BK])
        b = b_desc.load([k * BK, pn * BN])
        acc = tl.dot(a, b, acc)
    cm = pm * BM + tl.arange(0, BM)
    cn = pn * BN + tl.arange(0, BN)
    tl.store(c_ptr + scm * cm[:, None] + cn[None, :], acc.to(tl.float16), mask=(cm[:, None] < M) & (cn[None, :] < N))


@triton.jit
def mm_dev(a_ptr, b_ptr, c_ptr, M, N, K, sam, sbk, scm,
           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GM: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[sam, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[sbk, 1], block_shape=[BK, BN])
    mm_body(a_desc, b_desc, c_ptr, M, N, K, scm, BM, BN, BK, GM)


@triton.jit
def attn_dev(q_ptr, k_ptr, v_ptr, o_ptr, seq, qk_scale, H: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    q_desc = tl.make_tensor_descriptor(q_ptr, shape=[H * seq, D], strides=[D, 1], block_shape=[BM, D])
    k_desc = tl.make_tensor_descriptor(k_ptr, shape=[H * seq, D], strides=[D, 1], block_shape=[BN, D])
    v_desc = tl.make_tensor_descriptor(v_ptr, shape=[H * seq, D], strides=[D, 1], block_shape=[BN, D])
    attn_body(q_desc, k_desc, v_desc, o_ptr, seq, qk_scale, BM, BN, D)


@triton.jit
def attn_ptr(q_ptr, k_ptr, v_ptr, o_ptr, seq, qk_scale, BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    start_m = tl.program_id(0)
    base = tl.program_id(1).to(tl.int64) * seq * D
    offs_m = start_m * BM + tl.arange(0, BM)
    offs_n = tl.arange(0, BN)
    offs_d = tl.arange(0, D)
    q = tl.load(q_ptr + base + offs_m[:, None] * D + offs_d[None, :])
    m_i = tl.zeros((BM,), tl.float32) - float("inf")
    l_i = tl.zeros((BM,), tl.float32) + 1.0
    acc = tl.zeros((BM, D), tl.float32)
    for start_n in range(0, seq, BN):
        k = tl.load(k_ptr + base + (start_n + offs_n)[:, None] * D + offs_d[None, :])
        qk = tl.dot(q, tl.trans(k))
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        p = tl.math.exp2(qk * qk_scale - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + base + (start_n + offs_n)[:, None] * D + offs_d[None, :])
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = m_ij
    acc = acc / l_i[:, None]
    tl.store(o_ptr + base + offs_m[:, None] * D + offs_d[None, :], acc.to(o_ptr.dtype.element_ty))


@triton.jit
def attn_desc(q_desc, k_desc, v_desc, o_ptr, seq, qk_scale, BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    attn_body(q_desc, k_desc, v_desc, o_ptr, seq, qk_scale, BM, BN, D)


@triton.jit
def attn_body(q_desc, k_desc, v_desc, o_ptr, seq, qk_scale, BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    start_m = tl.program_id(0)
    row0 = tl.program_id(1) * seq
    q = q_desc.load([row0 + start_m * BM, 0])
    m_i = tl.zeros((BM,), tl.float32) - float("inf")
    l_i = tl.zeros((BM,), tl.float32) + 1.0
    acc = tl.zeros((BM, D), tl.float32)
    for start_n in range(0, seq, BN):
        k = k_desc.load([row0 + start_n, 0])
        qk = tl.dot(q, tl.trans(k))
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        p = tl.math.exp2(qk * qk_scale - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = v_desc.load([row0 + start_n, 0])
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m_i = m_ij
    acc = acc / l_i[:, None]
    base = tl.program_id(1).to(tl.int64) * seq * D
    offs_m = start_m * BM + tl.arange(0, BM)
    offs_d = tl.arange(0, D)
    tl.store(o_ptr + base + offs_m[:, None] * D + offs_d[None, :], acc.to(o_ptr.dtype.element_ty))


def timed(fn):
    return sorted(do_bench(fn, warmup=25, rep=200) for _ in range(3))[1]


def check(out, ref, tol=2e-2):
    err = ((out.float() - ref.float()).norm() / ref.float().norm()).item()
    return f"err {err:.1e}" + ("" if err <= tol else " WRONG")


def report(label, run, out, ref, flops):
    """Runs run once over a poisoned out (a kernel that writes nothing fails the check), checks
    it, times it and prints label's TFLOP/s; a kernel that fails to compile or launch prints why."""
    try:
        out.fill_(float("nan"))
        run()
        torch.cuda.synchronize()
        ok = check(out, ref)
        t = timed(run)
        print(f"{label} {flops / t / 1e9:7.1f} TFLOP/s {ok}", flush=True)
    except Exception as e:
        print(f"{label} FAILED {type(e).__name__}: {str(e)[:200]}", flush=True)


SHAPES = ((4096, 128, 128, 64, 4), (4096, 128, 256, 64, 8), (8192, 128, 128, 64, 4), (8192, 128, 256, 64, 8))


def matmul_case(S, BM, BN, BK, w, K=None):
    """Operands of an S x S x K matmul (K = S by default) and its variants, keyed by form:
    (C, torch's product, the variants' launchers)."""
    K = K or S
    A = torch.randn((S, K), dtype=torch.float16, device="cuda")
    B = torch.randn((K, S), dtype=torch.float16, device="cuda")
    C = torch.empty((S, S), dtype=torch.float16, device="cuda")
    grid = (triton.cdiv(S, BM) * triton.cdiv(S, BN),)
    ad = TensorDescriptor.from_tensor(A, [BM, BK])
    bd = TensorDescriptor.from_tensor(B, [BK, BN])
    opts = dict(num_warps=w, num_stages=3)
    runs = {
        "ptr": lambda: mm_ptr[grid](A, B, C, S, S, K, K, S, S, BM, BN, BK, 8, **opts),
        "ptr+tma": lambda: mm_ptr_tma[grid](A, B, C, S, S, K, K, S, S, BM, BN, BK, 8, **opts),
        "desc": lambda: mm_desc[grid](ad, bd, C, S, S, K, S, BM, BN, BK, 8, **opts),
        "dev": lambda: mm_dev[grid](A, B, C, S, S, K, K, S, S, BM, BN, BK, 8, **opts),
    }
    return C, A @ B, runs


def matmuls():
    for S, BM, BN, BK, w in SHAPES:
        C, ref, variants = matmul_case(S, BM, BN, BK, w)
        fl = 2 * S ** 3
        for name in ("ptr", "desc", "dev"):
            report(f"matmul {S} {BM}x{BN}x{BK} w{w} {name:8s}", variants[name], C, ref, fl)


def attentions():
    H, SEQ = 32, 4096
    for D, w in ((64, 4), (128, 8)):
        q, k, v = (torch.randn((H, SEQ, D), dtype=torch.float16, device="cuda") for _ in range(3))
        o = torch.empty_like(q)
        scale = 1.0 / D ** 0.5
        ref = torch.nn.functional.scaled_dot_product_attention(q[None], k[None], v[None])[0]
        fl = 4 * H * SEQ * SEQ * D
        grid = (SEQ // 128, H)
        flat = [t.view(H * SEQ, D) for t in (q, k, v)]
        qd = TensorDescriptor.from_tensor(flat[0], [128, D])
        kd = TensorDescriptor.from_tensor(flat[1], [64, D])
        vd = TensorDescriptor.from_tensor(flat[2], [64, D])
        runs = {
            "ptr": lambda: attn_ptr[grid](q, k, v, o, SEQ, scale * 1.4426950408889634, 128, 64, D, num_warps=w, num_stages=3),
            "desc": lambda: attn_desc[grid](qd, kd, vd, o, SEQ, scale * 1.4426950408889634, 128, 64, D, num_warps=w, num_stages=3),
            "dev": lambda: attn_dev[grid](q, k, v, o, SEQ, scale * 1.4426950408889634, H, 128, 64, D, num_warps=w, num_stages=3),
        }
        for name, run in runs.items():
            report(f"attention d{D} w{w} {name:8s}", run, o, ref, fl)


def interleaved(runs, out, ref, rounds):
    """Runs each variant once (compiling it, the ptr+tma one with TT_X_TMA_LOADS=on, which
    tt-translate inherits) and checks its output, then times the variants in interleaved rounds:
    ({name: check}, {name: [ms a round]})."""
    import os
    ok = {}
    for name, run in runs.items():
        os.environ["TT_X_TMA_LOADS"] = "on" if name == "ptr+tma" else "off"
        out.fill_(float("nan"))
        run()
        torch.cuda.synchronize()
        ok[name] = check(out, ref)
    os.environ.pop("TT_X_TMA_LOADS", None)
    times = {name: [] for name in runs}
    for _ in range(rounds):
        for name, run in runs.items():
            times[name].append(do_bench(run, warmup=25, rep=100))
    return ok, times


def paired(rounds):
    """Interleaved rounds, tt only (run under the plugin): each matmul shape as the suite writes it
    (ptr), the same kernel compiled with tt-tma-loads on (ptr+tma: tt-translate inherits the
    environment of the first launch, which compiles it) and with host descriptors (desc); medians
    of the rounds and of each round's ratio to ptr."""
    import statistics
    for S, BM, BN, BK, w in SHAPES:
        C, ref, variants = matmul_case(S, BM, BN, BK, w)
        fl = 2 * S ** 3
        runs = {name: variants[name] for name in ("ptr", "ptr+tma", "desc")}
        ok, times = interleaved(runs, C, ref, rounds)
        for name in runs:
            ratio = statistics.median(p / t for p, t in zip(times["ptr"], times[name]))
            print(f"paired matmul {S} {BM}x{BN}x{BK} w{w} {name:8s} {fl / statistics.median(times[name]) / 1e9:7.1f} TFLOP/s"
                  f"  /ptr {ratio:.3f}  {ok[name]}", flush=True)


def creation(rounds):
    """What a kernel pays to build its maps: the 4096 matmuls with K = 64 (one K step a tile), so
    that each program is little more than its prologue and epilogue; microseconds, medians of
    interleaved rounds, for the pointer kernel, host maps, maps each program builds, and (under
    the plugin) the pointer kernel through tt-tma-loads (maps each persistent CTA builds)."""
    import statistics
    S, K = 4096, 64
    for BM, BN, BK, w in ((128, 128, 64, 4), (128, 256, 64, 8)):
        C, ref, runs = matmul_case(S, BM, BN, BK, w, K)
        ok, times = interleaved(runs, C, ref, rounds)
        for name in runs:
            print(f"creation matmul {S}x{S}x{K} {BM}x{BN} w{w} {name:8s} {statistics.median(times[name]) * 1e3:7.1f} us  {ok[name]}",
                  flush=True)


if __name__ == "__main__":
    import sys
    if len(sys.argv) > 1 and sys.argv[1] == "creation":
        triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
        creation(int(sys.argv[2]) if len(sys.argv) > 2 else 7)
        sys.exit(0)
    if len(sys.argv) > 1 and sys.argv[1] == "paired":
        triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
        paired(int(sys.argv[2]) if len(sys.argv) > 2 else 7)
        sys.exit(0)
    # Device-side descriptors ("dev") keep their tensor maps in global scratch from this allocator.
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    matmuls()
    attentions()
