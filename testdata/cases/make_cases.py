#!/usr/bin/env python3
"""Conformance cases for tt's CPU interpreter, made by the real Triton (3.6) on a GPU.

For each kernel: the TTIR Triton's front end produced (and its TTGIR and PTX, for later
comparisons), random inputs, the outputs Triton's compiled kernel computed, and the launch
(grid, num_warps). The manifest has the format of shared/kernels/cases/manifest.json; tt's
interpreter must reproduce the outputs from the TTIR (or TTGIR) alone (tools/ttrun RunCase).

Shapes are deliberately not multiples of the block sizes, so masks matter. Float outputs are
poisoned with NaN before the launch, so an element the kernel fails to write is caught.
Integer outputs start from the contents recorded in the manifest (atomics accumulate into them).

Run on the GPU machine:  python3 make_cases.py OUTDIR [--only a,b]   (writes OUTDIR/cases.tar.gz)
Each case is independent: a case that fails to compile or run is reported in failures.txt and
left out, the others are kept.
"""
import io, json, os, re, sys, tarfile, traceback
import numpy as np
import torch, triton
import triton.language as tl
from triton.language.extra import libdevice

DEV = "cuda"
files = {}
cases = []
failures = []


# ----------------------------------------------------------------------------------------------
# Recording


def np_of(t):
    """A CPU numpy copy; bfloat16 travels as its uint16 bit patterns (NumPy has no bfloat16)."""
    t = t.detach().cpu()
    if t.dtype == torch.bfloat16:
        t = t.view(torch.int16)
        return t.numpy().view(np.uint16)
    if t.dtype in (torch.float8_e4m3fn, torch.float8_e5m2):
        return t.view(torch.uint8).numpy()
    return t.numpy()


def npy(name, t):
    b = io.BytesIO()
    np.save(b, np_of(t))
    files[name] = b.getvalue()
    return name


SCALAR_KINDS = {"i1", "i8", "i16", "i32", "i64", "f16", "f32", "f64"}


def signature(ttir, kernel_name):
    """The tt.func parameters (name, type) in order, read from the TTIR Triton produced: integer
    arguments equal to 1 and constexprs are specialized away, and the IR is what tt runs."""
    for line in ttir.splitlines():
        if line.lstrip().startswith("tt.func") and "@" + kernel_name + "(" in line:
            body = line[line.index("(") + 1:]
            return re.findall(r"%([A-Za-z_][\w]*): (!tt\.ptr<[^>]*>|[a-z0-9]+)", body)
    raise RuntimeError("tt.func @%s not found in the TTIR" % kernel_name)


def poison(t):
    if t.dtype.is_floating_point:
        t.fill_(float("nan"))
    return t


INT_VIEW = {torch.float32: torch.int32, torch.float16: torch.int16, torch.bfloat16: torch.int16,
            torch.float64: torch.int64}


def launch(name, kernel, grid, params, outputs, tol, num_warps=4, num_stages=3, note="", bits=(), **consts):
    """Run kernel[grid] with params (an ordered dict name -> tensor or python scalar), then record
    the case. outputs maps an output buffer name to its initial contents (a tensor): floats are
    launched poisoned with NaN, integers from those contents. Float outputs named in bits start
    from their contents too (atomics accumulate into them) and are recorded as integer bit patterns,
    so that every checker compares them exactly and none poisons them."""
    bufs = {}
    for k, v in params.items():
        if isinstance(v, torch.Tensor):
            bufs[k] = v
    run_args = []
    initial = {}
    for k, v in params.items():
        if k in outputs:
            initial[k] = outputs[k].clone()
            dev = outputs[k].clone()
            if dev.dtype.is_floating_point and k not in bits:
                poison(dev)
            bufs[k] = dev
            run_args.append(dev)
        else:
            run_args.append(v)
    compiled = kernel[grid](*run_args, num_warps=num_warps, num_stages=num_stages, **consts)
    torch.cuda.synchronize()
    ttir = compiled.asm["ttir"]
    sig = signature(ttir, compiled.name)
    files[f"{name}.ttir"] = ttir.encode()
    files[f"{name}.ttgir"] = compiled.asm["ttgir"].encode()
    files[f"{name}.ptx"] = compiled.asm["ptx"].encode()
    in_sig = {n for n, _ in sig}
    args, specialized = [], []
    for pname, ptype in sig:
        if pname not in params:
            raise RuntimeError(f"{name}: TTIR parameter {pname} is not a kernel argument")
        v = params[pname]
        if ptype.startswith("!tt.ptr"):
            src = initial.get(pname, v)
            if pname in bits:
                src = src.view(INT_VIEW[src.dtype])
            args.append({"name": pname, "kind": "buffer", "dtype": str(src.dtype).replace("torch.", ""),
                         "shape": list(v.shape), "npy": npy(f"{name}.{pname}.npy", src)})
        else:
            if ptype not in SCALAR_KINDS:
                raise RuntimeError(f"{name}: unsupported scalar type {ptype}")
            args.append({"name": pname, "kind": ptype, "value": v.item() if hasattr(v, "item") else v})
    for pname, v in params.items():
        if pname not in in_sig:
            specialized.append({"name": pname, "kind": "i32" if isinstance(v, int) else type(v).__name__,
                                "value": v if not isinstance(v, torch.Tensor) else None})
    outs = [{"arg": k, "expect": npy(f"{name}.expect.{k}.npy", bufs[k].view(INT_VIEW[bufs[k].dtype]) if k in bits else bufs[k])}
            for k in outputs]
    g = list(grid) + [1] * (3 - len(grid))
    case = dict(name=name, ttir=f"{name}.ttir", kernel=compiled.name, grid=g, num_warps=num_warps,
                num_stages=num_stages, shared=compiled.metadata.shared, args=args, outputs=outs, tol=tol,
                note=note)
    if specialized:
        case["specialized"] = specialized
    cases.append(case)


CASES = []


def case(fn):
    CASES.append(fn)
    return fn


def cdiv(a, b):
    return (a + b - 1) // b


# ----------------------------------------------------------------------------------------------
# Kernels


@triton.jit
def online_softmax_kernel(in_ptr, out_ptr, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    # One pass for the running max and the rescaled running sum, a second for the output.
    pid = tl.program_id(0)
    run_max = -float("inf")
    run_sum = 0.0
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(in_ptr + pid * in_stride + cols, mask=cols < n_cols, other=-float("inf"))
        new_max = tl.maximum(run_max, tl.max(x, axis=0))
        run_sum = run_sum * tl.exp(run_max - new_max) + tl.sum(tl.exp(x - new_max), axis=0)
        run_max = new_max
    for off in range(0, n_cols, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        m = cols < n_cols
        x = tl.load(in_ptr + pid * in_stride + cols, mask=m)
        tl.store(out_ptr + pid * out_stride + cols, tl.exp(x - run_max) / run_sum, mask=m)


@case
def online_softmax():
    R, C = 13, 700
    x = torch.randn(R, C, device=DEV) * 4
    launch("online_softmax", online_softmax_kernel, (R,),
           dict(in_ptr=x, out_ptr=torch.zeros_like(x), in_stride=C, out_stride=C, n_cols=C),
           {"out_ptr": torch.zeros_like(x)}, 1e-5, BLOCK=256)


@triton.jit
def layernorm_dropout_kernel(x_ptr, res_ptr, w_ptr, b_ptr, out_ptr, n_cols, stride, eps, p_drop, seed,
                             BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    r = tl.load(res_ptr + row * stride + cols, mask=mask, other=0.0)
    x = x + r
    mean = tl.sum(x, axis=0) / n_cols
    xc = tl.where(mask, x - mean, 0.0)
    var = tl.sum(xc * xc, axis=0) / n_cols
    inv_std = 1.0 / tl.sqrt(var + eps)
    w = tl.load(w_ptr + cols, mask=mask, other=1.0)
    b = tl.load(b_ptr + cols, mask=mask, other=0.0)
    y = xc * inv_std * w + b
    keep = tl.rand(seed, row * n_cols + cols) > p_drop
    y = tl.where(keep, y / (1.0 - p_drop), 0.0)
    tl.store(out_ptr + row * stride + cols, y, mask=mask)


@case
def layernorm_dropout():
    R, C = 9, 300
    x = torch.randn(R, C, device=DEV)
    res = torch.randn(R, C, device=DEV) * 0.5
    w = torch.rand(C, device=DEV) + 0.5
    b = torch.randn(C, device=DEV) * 0.1
    launch("layernorm_dropout", layernorm_dropout_kernel, (R,),
           dict(x_ptr=x, res_ptr=res, w_ptr=w, b_ptr=b, out_ptr=torch.zeros_like(x), n_cols=C, stride=C,
                eps=1e-5, p_drop=0.3, seed=1234),
           {"out_ptr": torch.zeros_like(x)}, 1e-5, BLOCK=512,
           note="dropout keeps an element where tl.rand (Philox) > p_drop: a Philox mismatch zeroes the wrong elements")


@triton.jit
def philox_kernel(u_ptr, i_ptr, u64_ptr, n, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(u_ptr + offs, tl.rand(seed, offs), mask=m)
    tl.store(i_ptr + offs, tl.randint(seed, offs).to(tl.int32, bitcast=True), mask=m)
    tl.store(u64_ptr + offs, tl.rand(seed, offs.to(tl.int64) + 4294967296), mask=m)


@case
def philox_rand():
    n = 1000
    z = torch.zeros(n, device=DEV)
    launch("philox_rand", philox_kernel, (cdiv(n, 256),),
           dict(u_ptr=z, i_ptr=torch.zeros(n, dtype=torch.int32, device=DEV), u64_ptr=z, n=n, seed=20250611),
           {"u_ptr": z, "i_ptr": torch.zeros(n, dtype=torch.int32, device=DEV), "u64_ptr": z}, 0.0, BLOCK=256,
           note="tl.rand/tl.randint must match bit for bit (tol 0)")


@triton.jit
def randn_kernel(out_ptr, n, seed, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.randn(seed, offs), mask=offs < n)


@case
def philox_randn():
    n = 500
    z = torch.zeros(n, device=DEV)
    launch("philox_randn", randn_kernel, (cdiv(n, 128),), dict(out_ptr=z, n=n, seed=77), {"out_ptr": z}, 1e-5,
           BLOCK=128, note="Box-Muller uses log/sqrt/cos approximations on the GPU: a few ulp")


@triton.jit
def grouped_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
                          BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr,
                          PREC: tl.constexpr):
    # Program ids are swizzled in groups of GROUP_M rows of blocks, for L2 reuse.
    pid = tl.program_id(0)
    num_m = tl.cdiv(M, BM)
    num_n = tl.cdiv(N, BN)
    in_group = GROUP_M * num_n
    group = pid // in_group
    first_m = group * GROUP_M
    group_size = min(num_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % in_group) % group_size)
    pid_n = (pid % in_group) // group_size
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * sam + rk[None, :] * sak
    b_ptrs = b_ptr + rk[:, None] * sbk + rn[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        k_left = K - k * BK
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < k_left) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc, input_precision=PREC)
        a_ptrs += BK * sak
        b_ptrs += BK * sbk
    c = acc.to(c_ptr.dtype.element_ty)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :] * scn, c, mask=(rm[:, None] < M) & (rn[None, :] < N))


def matmul_case(name, dtype, prec, tol, M, N, K, BM, BN, BK, G, out_dtype=None, note=""):
    a = torch.randn(M, K, device=DEV).to(dtype)
    b = torch.randn(K, N, device=DEV).to(dtype)
    c = torch.zeros(M, N, device=DEV, dtype=out_dtype or dtype)
    grid = (cdiv(M, BM) * cdiv(N, BN),)
    launch(name, grouped_matmul_kernel, grid,
           dict(a_ptr=a, b_ptr=b, c_ptr=c, M=M, N=N, K=K, sam=a.stride(0), sak=a.stride(1), sbk=b.stride(0),
                sbn=b.stride(1), scm=c.stride(0), scn=c.stride(1)),
           {"c_ptr": c}, tol, BM=BM, BN=BN, BK=BK, GROUP_M=G, PREC=prec, note=note)


@case
def grouped_matmul_f16():
    matmul_case("grouped_matmul_f16", torch.float16, "tf32", 2e-3, 150, 90, 70, 32, 32, 32, 4,
                note="GROUP_M=4 swizzle; f16 output rounding dominates the error")


@case
def matmul_f32_ieee():
    matmul_case("matmul_f32_ieee", torch.float32, "ieee", 1e-6, 70, 50, 40, 32, 32, 16, 2)


@case
def matmul_f32_tf32():
    matmul_case("matmul_f32_tf32", torch.float32, "tf32", 2e-3, 70, 50, 40, 32, 32, 16, 2,
                note="TF32 operands: the interpreter rounds them as cvt.rna.tf32.f32")


@case
def matmul_f32_tf32x3():
    matmul_case("matmul_f32_tf32x3", torch.float32, "tf32x3", 1e-5, 70, 50, 40, 32, 32, 16, 2)


@triton.jit
def int8_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.int32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0)
        acc = tl.dot(a, b, acc, out_dtype=tl.int32)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@case
def matmul_i8():
    M, N, K = 45, 40, 100
    a = torch.randint(-128, 128, (M, K), device=DEV, dtype=torch.int8)
    b = torch.randint(-128, 128, (K, N), device=DEV, dtype=torch.int8)
    c = torch.zeros(M, N, device=DEV, dtype=torch.int32)
    launch("matmul_i8", int8_matmul_kernel, (cdiv(M, 32), cdiv(N, 32)), dict(a_ptr=a, b_ptr=b, c_ptr=c, M=M, N=N, K=K),
           {"c_ptr": c}, 0.0, BM=32, BN=32, BK=32)


@triton.jit
def add2d_kernel(x_ptr, y_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    m = (rm[:, None] < M) & (rn[None, :] < N)
    offs = rm[:, None] * N + rn[None, :]
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m), mask=m)


@case
def add2d():
    M, N = 100, 75
    x, y = torch.randn(M, N, device=DEV), torch.randn(M, N, device=DEV)
    launch("add2d", add2d_kernel, (cdiv(M, 32), cdiv(N, 16)), dict(x_ptr=x, y_ptr=y, out_ptr=torch.zeros_like(x), M=M, N=N),
           {"out_ptr": torch.zeros_like(x)}, 0.0, BM=32, BN=16)


@triton.jit
def row_sum_kernel(x_ptr, sum_ptr, max_ptr, M, N, BR: tl.constexpr, BN: tl.constexpr):
    rows = tl.program_id(0) * BR + tl.arange(0, BR)
    cols = tl.arange(0, BN)
    m = (rows[:, None] < M) & (cols[None, :] < N)
    x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=m, other=0.0)
    tl.store(sum_ptr + rows, tl.sum(x, axis=1), mask=rows < M)
    xm = tl.where(m, x, -float("inf"))
    tl.store(max_ptr + rows, tl.max(xm, axis=1), mask=rows < M)


@case
def row_sum():
    M, N = 45, 300
    x = torch.randn(M, N, device=DEV)
    z = torch.zeros(M, device=DEV)
    launch("row_sum", row_sum_kernel, (cdiv(M, 8),), dict(x_ptr=x, sum_ptr=z, max_ptr=z, M=M, N=N),
           {"sum_ptr": z, "max_ptr": z}, 1e-6, BR=8, BN=512)


@triton.jit
def col_sum_kernel(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    cols = tl.program_id(0) * BN + tl.arange(0, BN)
    acc = tl.zeros((BN,), dtype=tl.float32)
    for r in range(0, M, BM):
        rows = r + tl.arange(0, BM)
        x = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=(rows[:, None] < M) & (cols[None, :] < N), other=0.0)
        acc += tl.sum(x, axis=0)
    tl.store(out_ptr + cols, acc, mask=cols < N)


@case
def col_sum():
    M, N = 77, 50
    x = torch.randn(M, N, device=DEV)
    z = torch.zeros(N, device=DEV)
    launch("col_sum", col_sum_kernel, (cdiv(N, 16),), dict(x_ptr=x, out_ptr=z, M=M, N=N), {"out_ptr": z}, 1e-6,
           BM=16, BN=16)


@triton.jit
def cumsum_kernel(x_ptr, xi_ptr, fwd_ptr, rev_ptr, int_ptr, C, BC: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BC)
    m = cols < C
    x = tl.load(x_ptr + row * C + cols, mask=m, other=0.0)
    xi = tl.load(xi_ptr + row * C + cols, mask=m, other=0)
    tl.store(fwd_ptr + row * C + cols, tl.cumsum(x, axis=0), mask=m)
    tl.store(rev_ptr + row * C + cols, tl.cumsum(x, axis=0, reverse=True), mask=m)
    tl.store(int_ptr + row * C + cols, tl.cumsum(xi, axis=0), mask=m)


@case
def cumsum():
    R, C = 7, 100
    x = torch.randn(R, C, device=DEV)
    xi = torch.randint(-1000, 1000, (R, C), device=DEV, dtype=torch.int32)
    z = torch.zeros(R, C, device=DEV)
    zi = torch.zeros(R, C, device=DEV, dtype=torch.int32)
    launch("cumsum", cumsum_kernel, (R,), dict(x_ptr=x, xi_ptr=xi, fwd_ptr=z, rev_ptr=z, int_ptr=zi, C=C),
           {"fwd_ptr": z, "rev_ptr": z, "int_ptr": zi}, 1e-5, BC=128)


@triton.jit
def _recurrence_combine(a1, b1, a2, b2):
    # (a1, b1) then (a2, b2): h -> a2 * (a1 * h + b1) + b2. Associative, not commutative.
    return a1 * a2, a2 * b1 + b2


@triton.jit
def linear_recurrence_kernel(a_ptr, b_ptr, h_ptr, hr_ptr, C, BC: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BC)
    m = cols < C
    a = tl.load(a_ptr + row * C + cols, mask=m, other=1.0)
    b = tl.load(b_ptr + row * C + cols, mask=m, other=0.0)
    _, h = tl.associative_scan((a, b), 0, _recurrence_combine)
    _, hr = tl.associative_scan((a, b), 0, _recurrence_combine, reverse=True)
    tl.store(h_ptr + row * C + cols, h, mask=m)
    tl.store(hr_ptr + row * C + cols, hr, mask=m)


@case
def linear_recurrence():
    R, C = 5, 90
    a = torch.rand(R, C, device=DEV) * 0.5 + 0.5
    b = torch.randn(R, C, device=DEV)
    z = torch.zeros(R, C, device=DEV)
    launch("linear_recurrence", linear_recurrence_kernel, (R,), dict(a_ptr=a, b_ptr=b, h_ptr=z, hr_ptr=z, C=C),
           {"h_ptr": z, "hr_ptr": z}, 1e-5, BC=128, note="two-operand scan with a non-commutative combine")


@triton.jit
def histogram_kernel(x_ptr, v_ptr, bins_ptr, hist_ptr, max_ptr, sum_ptr, flag_ptr, n, NB: tl.constexpr,
                     BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0)
    v = tl.load(v_ptr + offs, mask=m, other=0)
    ok = m & (x >= 0) & (x < NB)
    tl.atomic_add(bins_ptr + x, 1, mask=ok)
    tl.atomic_max(max_ptr + x, v, mask=ok)
    h = tl.histogram(x, NB, mask=m)
    tl.atomic_add(hist_ptr + tl.arange(0, NB), h)
    tl.atomic_add(sum_ptr, tl.sum(tl.where(m, v, 0).to(tl.float32) * 0.5, axis=0))
    tl.atomic_cas(flag_ptr + pid, 0, pid + 1)


@case
def histogram():
    n, NB = 1000, 32
    x = torch.randint(-4, NB + 4, (n,), device=DEV, dtype=torch.int32)
    v = torch.randint(-100000, 100000, (n,), device=DEV, dtype=torch.int32)
    zb = torch.zeros(NB, device=DEV, dtype=torch.int32)
    mx = torch.full((NB,), -2**31, device=DEV, dtype=torch.int32)
    s = torch.zeros(1, device=DEV)
    grid = cdiv(n, 128)
    flags = torch.zeros(grid, device=DEV, dtype=torch.int32)
    launch("histogram", histogram_kernel, (grid,),
           dict(x_ptr=x, v_ptr=v, bins_ptr=zb, hist_ptr=zb, max_ptr=mx, sum_ptr=s, flag_ptr=flags, n=n),
           {"bins_ptr": zb, "hist_ptr": zb, "max_ptr": mx, "sum_ptr": s, "flag_ptr": flags}, 1e-6, NB=NB, BLOCK=128,
           bits=("sum_ptr",),  # an f32 accumulator; its partial sums are exact in f32, so any order gives one result
           note="atomic_add/atomic_max/atomic_cas across programs; tl.histogram ignores values outside [0, NB)")


@triton.jit
def transpose_kernel(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=(rm[:, None] < M) & (rn[None, :] < N))
    tl.store(out_ptr + rn[:, None] * M + rm[None, :], tl.trans(x), mask=(rn[:, None] < N) & (rm[None, :] < M))


@case
def transpose():
    M, N = 70, 45
    x = torch.randn(M, N, device=DEV)
    z = torch.zeros(N, M, device=DEV)
    launch("transpose", transpose_kernel, (cdiv(M, 32), cdiv(N, 16)), dict(x_ptr=x, out_ptr=z, M=M, N=N),
           {"out_ptr": z}, 0.0, BM=32, BN=16)


@triton.jit
def int_ops_kernel(x_ptr, y_ptr, s_ptr, div_ptr, rem_ptr, shl_ptr, shr_ptr, ushr_ptr, mulhi_ptr, wide_ptr, n,
                   BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0)
    y = tl.load(y_ptr + offs, mask=m, other=1)
    s = tl.load(s_ptr + offs, mask=m, other=0)
    tl.store(div_ptr + offs, x // y, mask=m)
    tl.store(rem_ptr + offs, x % y, mask=m)
    tl.store(shl_ptr + offs, x << s, mask=m)
    tl.store(shr_ptr + offs, x >> s, mask=m)
    ux = x.to(tl.uint32, bitcast=True)
    tl.store(ushr_ptr + offs, (ux >> s.to(tl.uint32)).to(tl.int32, bitcast=True), mask=m)
    tl.store(mulhi_ptr + offs, tl.umulhi(ux, y.to(tl.uint32, bitcast=True)).to(tl.int32, bitcast=True), mask=m)
    w = x.to(tl.int64) * 3000000 + (y.to(tl.int64) << 33)
    tl.store(wide_ptr + offs, (w // 7) ^ (w >> 5) + tl.minimum(x, y) - tl.maximum(x, y), mask=m)


@case
def int_ops():
    n = 300
    x = torch.randint(-2**31, 2**31 - 1, (n,), device=DEV, dtype=torch.int32)
    x[:20] = torch.tensor([0, 1, -1, 7, -7, 2**31 - 1, -2**31, -2**31, 100, -100] * 2, dtype=torch.int32)
    y = torch.randint(-1000, 1000, (n,), device=DEV, dtype=torch.int32)
    y[:20] = torch.tensor([3, -3, 3, -3, 3, 0, -1, 1, 0, 7, 0, 5, -5, 2, -2, 0, 1, -1, 9, -9], dtype=torch.int32)
    s = torch.randint(0, 40, (n,), device=DEV, dtype=torch.int32)
    zi = torch.zeros(n, device=DEV, dtype=torch.int32)
    zl = torch.zeros(n, device=DEV, dtype=torch.int64)
    launch("int_ops", int_ops_kernel, (cdiv(n, 128),),
           dict(x_ptr=x, y_ptr=y, s_ptr=s, div_ptr=zi, rem_ptr=zi, shl_ptr=zi, shr_ptr=zi, ushr_ptr=zi, mulhi_ptr=zi,
                wide_ptr=zl, n=n),
           {"div_ptr": zi, "rem_ptr": zi, "shl_ptr": zi, "shr_ptr": zi, "ushr_ptr": zi, "mulhi_ptr": zi, "wide_ptr": zl},
           0.0, BLOCK=128, note="C division and remainder signs, division by zero, MIN/-1, shifts up to 39 on i32")


@triton.jit
def float_convert_kernel(x_ptr, e4_ptr, e5_ptr, e5z_ptr, e4f_ptr, h_ptr, bf_ptr, hz_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    e4 = x.to(tl.float8e4nv)
    tl.store(e4_ptr + offs, e4.to(tl.uint8, bitcast=True), mask=m)
    tl.store(e5_ptr + offs, x.to(tl.float8e5).to(tl.uint8, bitcast=True), mask=m)
    tl.store(e5z_ptr + offs, x.to(tl.float8e5, fp_downcast_rounding="rtz").to(tl.uint8, bitcast=True), mask=m)
    tl.store(e4f_ptr + offs, e4.to(tl.float32).to(tl.int32, bitcast=True), mask=m)
    tl.store(h_ptr + offs, x.to(tl.float16).to(tl.int16, bitcast=True), mask=m)
    tl.store(bf_ptr + offs, x.to(tl.bfloat16).to(tl.int16, bitcast=True), mask=m)
    tl.store(hz_ptr + offs, x.to(tl.float16, fp_downcast_rounding="rtz").to(tl.int16, bitcast=True), mask=m)


@case
def float_convert():
    n = 300
    x = torch.randn(n, device=DEV) * torch.exp2(torch.randint(-20, 20, (n,), device=DEV).float())
    special = [float("nan"), float("inf"), -float("inf"), 0.0, -0.0, 448.0, 449.0, 464.0, 480.0, -1e6, 57344.0,
               61440.0, 65504.0, 65520.0, 1e-8, -1e-8, 2.0**-9, 2.0**-10, 1.0 + 2.0**-4, 1.0 + 3 * 2.0**-4,
               3.0e38, 1.7e-38]
    x[:len(special)] = torch.tensor(special, device=DEV)
    z8 = torch.zeros(n, device=DEV, dtype=torch.uint8)
    zi = torch.zeros(n, device=DEV, dtype=torch.int32)
    z16 = torch.zeros(n, device=DEV, dtype=torch.int16)
    launch("float_convert", float_convert_kernel, (cdiv(n, 128),),
           dict(x_ptr=x, e4_ptr=z8, e5_ptr=z8, e5z_ptr=z8, e4f_ptr=zi, h_ptr=z16, bf_ptr=z16, hz_ptr=z16, n=n),
           {"e4_ptr": z8, "e5_ptr": z8, "e5z_ptr": z8, "e4f_ptr": zi, "h_ptr": z16, "bf_ptr": z16, "hz_ptr": z16},
           0.0, BLOCK=128, note="fp8 (saturating), f16, bf16 conversions as bit patterns, incl. NaN, inf, ties")


@triton.jit
def nan_minmax_kernel(x_ptr, y_ptr, out_ptr, red_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    y = tl.load(y_ptr + offs, mask=m, other=0.0)
    r0 = tl.maximum(x, y)
    r1 = tl.minimum(x, y)
    r2 = tl.maximum(x, y, propagate_nan=tl.PropagateNan.ALL)
    r3 = tl.minimum(x, y, propagate_nan=tl.PropagateNan.ALL)
    r4 = tl.clamp(x, -1.0, 1.0)
    r5 = tl.clamp(x, -1.0, 1.0, propagate_nan=tl.PropagateNan.ALL)
    tl.store(out_ptr + 0 * n + offs, r0.to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 1 * n + offs, r1.to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 2 * n + offs, r2.to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 3 * n + offs, r3.to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 4 * n + offs, r4.to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 5 * n + offs, r5.to(tl.int32, bitcast=True), mask=m)
    xr = tl.where(m, x, -float("inf"))
    tl.store(red_ptr + 0, tl.max(xr, axis=0).to(tl.int32, bitcast=True))
    tl.store(red_ptr + 1, tl.min(tl.where(m, x, float("inf")), axis=0).to(tl.int32, bitcast=True))


@case
def nan_minmax():
    n = 100
    x = torch.randn(n, device=DEV)
    y = torch.randn(n, device=DEV)
    nan = float("nan")
    xs = [nan, 1.0, nan, 0.0, -0.0, 0.0, -0.0, float("inf"), -float("inf"), nan, 2.0, -2.0]
    ys = [1.0, nan, nan, -0.0, 0.0, 0.0, -0.0, nan, 5.0, -nan, nan, 0.5]
    x[:len(xs)] = torch.tensor(xs, device=DEV)
    y[:len(ys)] = torch.tensor(ys, device=DEV)
    out = torch.zeros(6 * n, device=DEV, dtype=torch.int32)
    red = torch.zeros(2, device=DEV, dtype=torch.int32)
    launch("nan_minmax", nan_minmax_kernel, (1,), dict(x_ptr=x, y_ptr=y, out_ptr=out, red_ptr=red, n=n),
           {"out_ptr": out, "red_ptr": red}, 0.0, BLOCK=128,
           note="maxnumf/minnumf vs maximumf/minimumf, -0 < +0, clamp, NaN in reductions; results as f32 bits")


@triton.jit
def argmax_kernel(x_ptr, idx_ptr, max_ptr, imin_ptr, C, BC: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BC)
    m = cols < C
    x = tl.load(x_ptr + row * C + cols, mask=m, other=-float("inf"))
    v, i = tl.max(x, axis=0, return_indices=True)
    tl.store(idx_ptr + row, i)
    tl.store(max_ptr + row, v)
    xm = tl.where(m, x, float("inf"))
    tl.store(imin_ptr + row, tl.argmin(xm, axis=0))


@case
def argmax():
    R, C = 10, 100
    x = torch.randint(-20, 20, (R, C), device=DEV).float()  # many ties
    launch("argmax", argmax_kernel, (R,),
           dict(x_ptr=x, idx_ptr=torch.zeros(R, device=DEV, dtype=torch.int32), max_ptr=torch.zeros(R, device=DEV),
                imin_ptr=torch.zeros(R, device=DEV, dtype=torch.int32), C=C),
           {"idx_ptr": torch.zeros(R, device=DEV, dtype=torch.int32), "max_ptr": torch.zeros(R, device=DEV),
            "imin_ptr": torch.zeros(R, device=DEV, dtype=torch.int32)}, 0.0, BC=128,
           note="reduce with two operands (value, index) and tie-breaking to the lower index")


@triton.jit
def sort_kernel(x_ptr, xi_ptr, up_ptr, down_ptr, iup_ptr, C: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, C)
    x = tl.load(x_ptr + row * C + cols)
    xi = tl.load(xi_ptr + row * C + cols)
    tl.store(up_ptr + row * C + cols, tl.sort(x))
    tl.store(down_ptr + row * C + cols, tl.sort(x, descending=True))
    tl.store(iup_ptr + row * C + cols, tl.sort(xi))


@case
def sort():
    R, C = 6, 64
    x = torch.randn(R, C, device=DEV)
    xi = torch.randint(-50, 50, (R, C), device=DEV, dtype=torch.int32)
    z = torch.zeros(R, C, device=DEV)
    zi = torch.zeros(R, C, device=DEV, dtype=torch.int32)
    launch("sort", sort_kernel, (R,), dict(x_ptr=x, xi_ptr=xi, up_ptr=z, down_ptr=z, iup_ptr=zi),
           {"up_ptr": z, "down_ptr": z, "iup_ptr": zi}, 0.0, C=C,
           note="tl.sort: bitonic network built from reshape, reductions and xor")


@triton.jit
def shape_ops_kernel(x_ptr, idx_ptr, gather_ptr, join_ptr, inter_ptr, split_ptr, R, C: tl.constexpr):
    rows = tl.arange(0, 8)
    cols = tl.arange(0, C)
    rm = rows[:, None] < R
    x = tl.load(x_ptr + rows[:, None] * C + cols[None, :], mask=rm, other=0.0)
    idx = tl.load(idx_ptr + rows[:, None] * C + cols[None, :], mask=rm, other=0)
    g = tl.gather(x, idx, 1)
    tl.store(gather_ptr + rows[:, None] * C + cols[None, :], g, mask=rm)
    j = tl.join(x, g * 2.0)  # [8, C, 2]
    k = tl.arange(0, 2)
    tl.store(join_ptr + rows[:, None, None] * (2 * C) + cols[None, :, None] * 2 + k[None, None, :], j,
             mask=rows[:, None, None] < R)
    tl.store(inter_ptr + rows[:, None] * (2 * C) + tl.arange(0, 2 * C)[None, :], tl.interleave(x, -x), mask=rm)
    a, b = tl.split(tl.reshape(x, (8, C // 2, 2)))
    tl.store(split_ptr + rows[:, None] * (C // 2) + tl.arange(0, C // 2)[None, :], a - b, mask=rm)


@case
def shape_ops():
    R, C = 6, 32
    x = torch.randn(R, C, device=DEV)
    idx = torch.randint(0, C, (R, C), device=DEV, dtype=torch.int32)
    launch("shape_ops", shape_ops_kernel, (1,),
           dict(x_ptr=x, idx_ptr=idx, gather_ptr=torch.zeros(R, C, device=DEV), join_ptr=torch.zeros(R, C, 2, device=DEV),
                inter_ptr=torch.zeros(R, 2 * C, device=DEV), split_ptr=torch.zeros(R, C // 2, device=DEV), R=R),
           {"gather_ptr": torch.zeros(R, C, device=DEV), "join_ptr": torch.zeros(R, C, 2, device=DEV),
            "inter_ptr": torch.zeros(R, 2 * C, device=DEV), "split_ptr": torch.zeros(R, C // 2, device=DEV)}, 0.0, C=C,
           note="gather, join, interleave, reshape+split")


@triton.jit
def block_ptr_kernel(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    src = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (pid * BM, 0), (BM, BN), (1, 0))
    dst = tl.make_block_ptr(out_ptr, (M, N), (N, 1), (pid * BM, 0), (BM, BN), (1, 0))
    for _ in range(0, N, BN):
        v = tl.load(src, boundary_check=(0, 1), padding_option="zero")
        tl.store(dst, v * 2.0 + 1.0, boundary_check=(0, 1))
        src = tl.advance(src, (0, BN))
        dst = tl.advance(dst, (0, BN))


@case
def block_ptr():
    M, N = 50, 37
    x = torch.randn(M, N, device=DEV)
    z = torch.zeros(M, N, device=DEV)
    launch("block_ptr", block_ptr_kernel, (cdiv(M, 16),), dict(x_ptr=x, out_ptr=z, M=M, N=N), {"out_ptr": z}, 0.0,
           BM=16, BN=16, note="tt.make_tensor_ptr / tt.advance / boundary_check")


@triton.jit
def tensor_desc_kernel(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    src = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    dst = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    v = src.load([om, on])
    dst.store([om, on], v * 3.0 - 1.0)


@case
def tensor_desc():
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device=DEV))
    M, N = 50, 40
    x = torch.randn(M, N, device=DEV)
    z = torch.zeros(M, N, device=DEV)
    launch("tensor_desc", tensor_desc_kernel, (cdiv(M, 16), cdiv(N, 16)), dict(x_ptr=x, out_ptr=z, M=M, N=N),
           {"out_ptr": z}, 0.0, BM=16, BN=16, note="tt.make_tensor_descriptor, descriptor_load/store (TMA)")


@triton.jit
def math_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    ax = tl.abs(x) + 0.01
    tl.store(out_ptr + 0 * n + offs, tl.exp(x), mask=m)
    tl.store(out_ptr + 1 * n + offs, tl.log(ax), mask=m)
    tl.store(out_ptr + 2 * n + offs, tl.sqrt(ax), mask=m)
    tl.store(out_ptr + 3 * n + offs, tl.rsqrt(ax), mask=m)
    tl.store(out_ptr + 4 * n + offs, tl.sin(x), mask=m)
    tl.store(out_ptr + 5 * n + offs, x / (ax + 1.0), mask=m)
    tl.store(out_ptr + 6 * n + offs, tl.div_rn(x, ax + 1.0), mask=m)
    tl.store(out_ptr + 7 * n + offs, tl.sqrt_rn(ax), mask=m)
    tl.store(out_ptr + 8 * n + offs, libdevice.exp(x), mask=m)
    tl.store(out_ptr + 9 * n + offs, libdevice.tanh(x), mask=m)
    tl.store(out_ptr + 10 * n + offs, libdevice.erf(x), mask=m)
    tl.store(out_ptr + 11 * n + offs, libdevice.pow(ax, 2.5), mask=m)
    tl.store(out_ptr + 12 * n + offs, libdevice.fma(x, ax, x), mask=m)
    tl.store(out_ptr + 13 * n + offs, libdevice.log1p(ax), mask=m)
    tl.store(out_ptr + 14 * n + offs, tl.exp2(x), mask=m)
    tl.store(out_ptr + 15 * n + offs, tl.floor(x * 3.0) + tl.ceil(x * 0.5), mask=m)


@case
def math_fns():
    n = 120
    x = torch.randn(n, device=DEV) * 2
    z = torch.zeros(16 * n, device=DEV)
    launch("math_fns", math_kernel, (1,), dict(x_ptr=x, out_ptr=z, n=n), {"out_ptr": z}, 1e-6, BLOCK=128,
           note="approximate GPU math (ex2/lg2/sin/rsqrt .approx, div.full) and libdevice: ulp-level differences")


@triton.jit
def half_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0.0)
    b = tl.load(b_ptr + offs, mask=m, other=0.0)
    ah, bh = a.to(tl.float16), b.to(tl.float16)
    tl.store(out_ptr + 0 * n + offs, (ah + bh).to(tl.float32), mask=m)
    tl.store(out_ptr + 1 * n + offs, (ah * bh).to(tl.float32), mask=m)
    tl.store(out_ptr + 2 * n + offs, (a * b).to(tl.bfloat16).to(tl.float32), mask=m)
    tl.store(out_ptr + 3 * n + offs, tl.maximum(ah, bh).to(tl.float32), mask=m)
    tl.store(out_ptr + 4 * n + offs, (a.to(tl.bfloat16) + b.to(tl.bfloat16)).to(tl.float32), mask=m)


@case
def half_arith():
    n = 100
    a, b = torch.randn(n, device=DEV) * 100, torch.randn(n, device=DEV)
    z = torch.zeros(5 * n, device=DEV)
    launch("half_arith", half_kernel, (1,), dict(a_ptr=a, b_ptr=b, out_ptr=z, n=n), {"out_ptr": z}, 0.0, BLOCK=128,
           note="f16/bf16 add, mul, max rounded per op")


@triton.jit
def bf16_io_kernel(a_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0.0)
    b = tl.load(b_ptr + offs, mask=m, other=0.0)
    tl.store(out_ptr + offs, a.to(tl.float32) * b.to(tl.float32) + 1.0, mask=m)


@case
def bf16_io():
    n = 200
    a = torch.randn(n, device=DEV).to(torch.bfloat16)
    b = torch.randn(n, device=DEV).to(torch.bfloat16)
    z = torch.zeros(n, device=DEV)
    launch("bf16_io", bf16_io_kernel, (cdiv(n, 128),), dict(a_ptr=a, b_ptr=b, out_ptr=z, n=n), {"out_ptr": z}, 0.0,
           BLOCK=128, note="bfloat16 buffers travel as uint16 bit patterns; bf16 products are exact in f32")


@triton.jit(noinline=True)
def _collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


@triton.jit
def control_flow_kernel(n_ptr, out_ptr):
    pid = tl.program_id(0)
    n = tl.load(n_ptr + pid)
    tl.store(out_ptr + pid, _collatz_steps(n))


@case
def control_flow():
    n = 37
    v = torch.randint(1, 10000, (n,), device=DEV, dtype=torch.int32)
    z = torch.zeros(n, device=DEV, dtype=torch.int32)
    launch("control_flow", control_flow_kernel, (n,), dict(n_ptr=v, out_ptr=z), {"out_ptr": z}, 0.0,
           note="scf.while with scf.if inside, in a noinline function (tt.call)")


@triton.jit
def fma_contract_kernel(a_ptr, b_ptr, c_ptr, d_ptr, out_ptr, n, iters, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0.0)
    b = tl.load(b_ptr + offs, mask=m, other=0.0)
    c = tl.load(c_ptr + offs, mask=m, other=0.0)
    d = tl.load(d_ptr + offs, mask=m, other=0.0)
    p = a * b
    q = c * d
    tl.store(out_ptr + 0 * n + offs, (a * b + c).to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 1 * n + offs, (a * b - c).to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 2 * n + offs, (c - a * b).to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 3 * n + offs, (p + q).to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 4 * n + offs, (p - d).to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 5 * n + offs, (a * b + c * d).to(tl.int32, bitcast=True), mask=m)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    acc2 = tl.zeros((BLOCK,), dtype=tl.float32)
    for i in range(0, iters):
        acc = acc + p          # product computed outside the loop body
        acc2 = acc2 + a * c    # product in the same block
    tl.store(out_ptr + 6 * n + offs, acc.to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 7 * n + offs, acc2.to(tl.int32, bitcast=True), mask=m)


@case
def fma_contract():
    n = 100
    a, b, c, d = (torch.randn(n, device=DEV) for _ in range(4))
    out = torch.zeros(8 * n, device=DEV, dtype=torch.int32)
    launch("fma_contract", fma_contract_kernel, (1,), dict(a_ptr=a, b_ptr=b, c_ptr=c, d_ptr=d, out_ptr=out, n=n, iters=3),
           {"out_ptr": out}, 0.0, BLOCK=128,
           note="which mul+add pairs LLVM contracts into fma (f32 bits): same block, fewer-uses product first")


@triton.jit
def histogram16_kernel(x_ptr, hist_ptr, n, NB: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0)
    tl.atomic_add(hist_ptr + tl.arange(0, NB), tl.histogram(x, NB, mask=m))


@case
def histogram16():
    n, NB = 700, 16
    x = torch.randint(-8, 50, (n,), device=DEV, dtype=torch.int32)
    h = torch.zeros(NB, device=DEV, dtype=torch.int32)
    launch("histogram16", histogram16_kernel, (cdiv(n, 256),), dict(x_ptr=x, hist_ptr=h, n=n), {"hist_ptr": h}, 0.0,
           NB=NB, BLOCK=256, note="tl.histogram with fewer bins than a warp has lanes, values outside [0, NB)")


@triton.jit
def dot3d_kernel(a_ptr, b_ptr, c_ptr, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    ib = tl.arange(0, B)[:, None, None]
    im = tl.arange(0, M)[None, :, None]
    ik = tl.arange(0, K)[None, None, :]
    a = tl.load(a_ptr + ib * M * K + im * K + ik)
    kk = tl.arange(0, K)[None, :, None]
    jn = tl.arange(0, N)[None, None, :]
    b = tl.load(b_ptr + ib * K * N + kk * N + jn)
    c = tl.dot(a, b)
    im2 = tl.arange(0, M)[None, :, None]
    tl.store(c_ptr + ib * M * N + im2 * N + jn, c)


@case
def dot3d():
    B, M, N, K = 2, 32, 32, 16
    a = torch.randn(B, M, K, device=DEV).half()
    b = torch.randn(B, K, N, device=DEV).half()
    c = torch.zeros(B, M, N, device=DEV)
    launch("dot3d", dot3d_kernel, (1,), dict(a_ptr=a, b_ptr=b, c_ptr=c), {"c_ptr": c}, 1e-6, B=B, M=M, N=N, K=K,
           note="batched (rank-3) tt.dot")


@triton.jit
def clamp_kernel(x_ptr, lo_ptr, hi_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    lo = tl.load(lo_ptr + offs, mask=m, other=-1.0)
    hi = tl.load(hi_ptr + offs, mask=m, other=1.0)
    tl.store(out_ptr + 0 * n + offs, tl.clamp(x, lo, hi).to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 1 * n + offs, tl.clamp(x, -hi, hi).to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 2 * n + offs, tl.clamp(x, lo, hi, propagate_nan=tl.PropagateNan.ALL).to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 3 * n + offs, tl.clamp(x, -hi, hi, propagate_nan=tl.PropagateNan.ALL).to(tl.int32, bitcast=True), mask=m)
    tl.store(out_ptr + 4 * n + offs, tl.clamp(x, -2.0, 2.0).to(tl.int32, bitcast=True), mask=m)


@case
def clamp():
    n = 64
    x = torch.randn(n, device=DEV) * 3
    x[:6] = torch.tensor([float("nan"), -float("nan"), float("inf"), -float("inf"), 0.0, -0.0], device=DEV)
    lo = -torch.rand(n, device=DEV)
    hi = torch.rand(n, device=DEV)
    hi[10] = float("nan")
    lo[11] = float("nan")
    out = torch.zeros(5 * n, device=DEV, dtype=torch.int32)
    launch("clamp", clamp_kernel, (1,), dict(x_ptr=x, lo_ptr=lo, hi_ptr=hi, out_ptr=out, n=n), {"out_ptr": out}, 0.0,
           BLOCK=64, note="tl.clamp: generic min/max lowering vs sm_90 min.xorsign.abs for clamp(x, -h, h)")


@triton.jit
def _larger_magnitude(a, b):
    if tl.abs(b) > tl.abs(a):
        r = b
    else:
        r = a
    return r


@triton.jit
def reduce_if_kernel(x_ptr, red_ptr, scan_ptr, C, BC: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BC)
    m = cols < C
    x = tl.load(x_ptr + row * C + cols, mask=m, other=0.0)
    tl.store(red_ptr + row, tl.reduce(x, 0, _larger_magnitude))
    tl.store(scan_ptr + row * C + cols, tl.associative_scan(x, 0, _larger_magnitude), mask=m)


@case
def reduce_if():
    R, C = 4, 50
    x = torch.randn(R, C, device=DEV)
    launch("reduce_if", reduce_if_kernel, (R,),
           dict(x_ptr=x, red_ptr=torch.zeros(R, device=DEV), scan_ptr=torch.zeros(R, C, device=DEV), C=C),
           {"red_ptr": torch.zeros(R, device=DEV), "scan_ptr": torch.zeros(R, C, device=DEV)}, 0.0, BC=64,
           note="combine regions with control flow (scf.if), run per element pair")


@triton.jit
def atomic_float_kernel(x_ptr, max_ptr, min_ptr, xchg_ptr, hsum_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    slot = offs % 8
    tl.atomic_max(max_ptr + slot, x, mask=m)
    tl.atomic_min(min_ptr + slot, x, mask=m)
    tl.atomic_xchg(xchg_ptr + pid, pid * 1.5)
    tl.atomic_add(hsum_ptr + slot, x.to(tl.float16), mask=m)


@case
def atomic_float():
    n = 500
    x = torch.randn(n, device=DEV) * 10
    x = torch.round(x * 2) / 2  # multiples of 0.5: the f16 sums are exact in any order
    mx = torch.full((8,), -float("inf"), device=DEV)
    mn = torch.full((8,), float("inf"), device=DEV)
    grid = cdiv(n, 128)
    xc = torch.zeros(grid, device=DEV)
    hs = torch.zeros(8, device=DEV, dtype=torch.float16)
    launch("atomic_float", atomic_float_kernel, (grid,),
           dict(x_ptr=x, max_ptr=mx, min_ptr=mn, xchg_ptr=xc, hsum_ptr=hs, n=n),
           {"max_ptr": mx, "min_ptr": mn, "xchg_ptr": xc, "hsum_ptr": hs}, 0.0, BLOCK=128,
           bits=("max_ptr", "min_ptr", "xchg_ptr", "hsum_ptr"),
           note="float atomic_max/min (Triton lowers them to integer max/umin), xchg, f16 atomic add; "
                "buffers recorded as integer bit patterns")


@triton.jit
def f64_kernel(x_ptr, y_ptr, out_ptr, sum_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    y = tl.load(y_ptr + offs, mask=m, other=1.0)
    r = tl.sqrt(x * x + 1.0) / y + tl.exp(x * 0.1) - tl.log(tl.abs(y) + 1.0)
    tl.store(out_ptr + offs, r, mask=m)
    tl.store(sum_ptr, tl.sum(tl.where(m, r, 0.0), axis=0))


@case
def f64_ops():
    n = 100
    x = torch.randn(n, device=DEV, dtype=torch.float64)
    y = torch.randn(n, device=DEV, dtype=torch.float64)
    launch("f64_ops", f64_kernel, (1,),
           dict(x_ptr=x, y_ptr=y, out_ptr=torch.zeros(n, device=DEV, dtype=torch.float64),
                sum_ptr=torch.zeros(1, device=DEV, dtype=torch.float64), n=n),
           {"out_ptr": torch.zeros(n, device=DEV, dtype=torch.float64),
            "sum_ptr": torch.zeros(1, device=DEV, dtype=torch.float64)}, 1e-12, BLOCK=128)


@triton.jit
def bool_io_kernel(x_ptr, keep_ptr, pos_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK).to(tl.int64)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    keep = tl.load(keep_ptr + offs, mask=m, other=0)
    tl.store(pos_ptr + offs, x > 0, mask=m)
    tl.store(out_ptr + offs, tl.where(keep, x, -x), mask=m)


@case
def bool_io():
    n = 300
    x = torch.randn(n, device=DEV)
    keep = torch.rand(n, device=DEV) > 0.5
    launch("bool_io", bool_io_kernel, (cdiv(n, 128),),
           dict(x_ptr=x, keep_ptr=keep, pos_ptr=torch.zeros(n, device=DEV, dtype=torch.bool),
                out_ptr=torch.zeros(n, device=DEV), n=n),
           {"pos_ptr": torch.zeros(n, device=DEV, dtype=torch.bool), "out_ptr": torch.zeros(n, device=DEV)}, 0.0,
           BLOCK=128, note="i1 buffers (bytes), i64 offsets")


@triton.jit
def fp8_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@case
def matmul_fp8():
    M, N, K = 64, 48, 96
    a = torch.randn(M, K, device=DEV).to(torch.float8_e4m3fn)
    b = torch.randn(K, N, device=DEV).to(torch.float8_e4m3fn)
    c = torch.zeros(M, N, device=DEV)
    launch("matmul_fp8", fp8_matmul_kernel, (cdiv(M, 64), cdiv(N, 64)), dict(a_ptr=a, b_ptr=b, c_ptr=c, M=M, N=N, K=K),
           {"c_ptr": c}, 1e-3, BM=64, BN=64, BK=32, note="fp8 e4m3 operands (uint8 bit patterns), f32 accumulation")


# ----------------------------------------------------------------------------------------------


def main():
    out = sys.argv[1]
    only = None
    if "--only" in sys.argv:
        only = set(sys.argv[sys.argv.index("--only") + 1].split(","))
    os.makedirs(out, exist_ok=True)
    for fn in CASES:
        if only and fn.__name__ not in only:
            continue
        torch.manual_seed(sum(map(ord, fn.__name__)))
        try:
            fn()
            print("ok", fn.__name__, flush=True)
        except Exception:
            tb = traceback.format_exc()
            failures.append(f"== {fn.__name__}\n{tb}")
            print("FAILED", fn.__name__, tb.strip().splitlines()[-1], flush=True)
    files["manifest.json"] = json.dumps({"triton": triton.__version__, "gpu": torch.cuda.get_device_name(0),
                                         "cases": cases}, indent=1).encode()
    with tarfile.open(os.path.join(out, "cases.tar.gz"), "w:gz") as tar:
        for name, data in files.items():
            ti = tarfile.TarInfo(name)
            ti.size = len(data)
            tar.addfile(ti, io.BytesIO(data))
    with open(os.path.join(out, "failures.txt"), "w") as f:
        f.write("\n".join(failures))
    for c in cases:
        print(c["name"], c["kernel"], c["grid"], "shared", c["shared"])
    print(f"{len(cases)} cases, {len(failures)} failures")


if __name__ == "__main__":
    main()
