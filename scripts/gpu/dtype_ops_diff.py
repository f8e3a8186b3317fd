# Differential test of tt against Triton 3.6 over operations x element types, on the GPU machine.
#
# Every case is a small @triton.jit kernel (one operation of tl on one element type, N elements,
# one program of W warps; by default N in 64 and 1024, W in 1 and 4) launched twice on the same
# inputs: by Triton alone, then with tt compiling after the
# TTIR (the tt_triton plugin, enabled in the same process). It reports where exactly one of the
# two compilers refuses the kernel, and where both run it but their outputs differ (bit for bit;
# NaNs equal to NaNs). A refusal by both, with its first line, is listed as agreement.
#
#   PYTHONPATH=python TT_TRANSLATE=.bin/tt-translate python3 scripts/gpu/dtype_ops_diff.py [--out DIR]
#       [--dtypes float8e4nv,float16,...] [--ops add,where0,...] [--sizes 64,1024] [--warps 1,4]
#       [--jobs N]
#
# The kernels are written into DIR (imported from there, as Triton needs their source) and the
# results into DIR/results.jsonl; the summary goes to stdout. Exit status 1 if any case differs.
import argparse
import importlib.util
import json
import multiprocessing
import os
import sys
import tempfile
import traceback

# dtype name in tl -> torch dtype name
DTYPES = {
    "int1": "bool", "int8": "int8", "int16": "int16", "int32": "int32", "int64": "int64",
    "uint8": "uint8", "float8e4nv": "float8_e4m3fn", "float8e5": "float8_e5m2",
    "float16": "float16", "bfloat16": "bfloat16", "float32": "float32", "float64": "float64",
}

# op name -> (kind, expression). kind: "ew" (a tensor of N, stored to Z + o), "red" (a scalar,
# stored to Z), "wide" (a tensor of 2N stored to Z + tl.arange(0, 2N)), "atomic" (the statement
# itself). x and y are the loaded tensors, o = tl.arange(0, N), m = o < N // 2.
OPS = {
    "add": ("ew", "x + y"), "sub": ("ew", "x - y"), "mul": ("ew", "x * y"), "div": ("ew", "x / y"),
    "floordiv": ("ew", "x // y"), "mod": ("ew", "x % y"), "neg": ("ew", "-x"), "invert": ("ew", "~x"),
    "and": ("ew", "x & y"), "or": ("ew", "x | y"), "xor": ("ew", "x ^ y"), "shl": ("ew", "x << 1"),
    "shr": ("ew", "x >> 1"), "eq": ("ew", "x == y"), "lt": ("ew", "x < y"),
    "maximum": ("ew", "tl.maximum(x, y)"), "minimum": ("ew", "tl.minimum(x, y)"),
    "where": ("ew", "tl.where(x < y, x, y)"), "where0": ("ew", "tl.where(m, x, 0)"),
    "where0f": ("ew", "tl.where(m, x, 0.0)"), "abs": ("ew", "tl.abs(x)"),
    "to_f32": ("ew", "x.to(tl.float32)"), "to_i32": ("ew", "x.to(tl.int32)"),
    "to_f16": ("ew", "x.to(tl.float16)"), "to_bf16": ("ew", "x.to(tl.bfloat16)"),
    "to_fp8e4nv": ("ew", "x.to(tl.float8e4nv)"), "to_fp8e5": ("ew", "x.to(tl.float8e5)"),
    "muladd": ("ew", "x * y + x"), "mulsub": ("ew", "x - y * x"),
    "exp": ("ew", "tl.exp(x)"), "sqrt": ("ew", "tl.sqrt(x)"), "fma": ("ew", "tl.fma(x, y, x)"),
    "clamp": ("ew", "tl.clamp(x, y, y + y)"), "umulhi": ("ew", "tl.umulhi(x, y)"),
    "load_other": ("ew", "tl.load(X + o, mask=m, other=0)"),
    "sum": ("red", "tl.sum(x, 0)"), "max": ("red", "tl.max(x, 0)"), "min": ("red", "tl.min(x, 0)"),
    "argmax": ("red", "tl.argmax(x, 0)"), "argmin": ("red", "tl.argmin(x, 0)"),
    "xor_sum": ("red", "tl.xor_sum(x, 0)"), "cumsum": ("ew", "tl.cumsum(x, 0)"),
    "cumprod": ("ew", "tl.cumprod(x, 0)"),
    "cumsum_rev": ("ew", "tl.cumsum(x, 0, reverse=True)"), "cumprod_rev": ("ew", "tl.cumprod(x, 0, reverse=True)"),
    "cumsum_2d0": ("ew", "tl.reshape(tl.cumsum(tl.reshape(x, (N // 8, 8)), 0), (N, ))"),
    "cumsum_2d1": ("ew", "tl.reshape(tl.cumsum(tl.reshape(x, (8, N // 8)), 1), (N, ))"),
    "cumsum_2d0_rev": ("ew", "tl.reshape(tl.cumsum(tl.reshape(x, (N // 8, 8)), 0, reverse=True), (N, ))"),
    "scan_lin": ("ew", "tl.associative_scan(x, 0, _lin)"),
    "scan_lin_rev": ("ew", "tl.associative_scan(x, 0, _lin, reverse=True)"), "sort": ("ew", "tl.sort(x)"), "flip": ("ew", "tl.flip(x, 0)"),
    "gather": ("ew", "tl.gather(x, (o * 7) % N, 0)"), "split_join": ("ew", "tl.split(tl.join(x, y))[1]"),
    "interleave": ("wide", "tl.interleave(x, y)"), "cat": ("wide", "tl.cat(x, y, can_reorder=True)"),
    "trans": ("ew", "tl.reshape(tl.trans(tl.reshape(x, (N // 8, 8))), (N, ))"),
    "broadcast": ("wide", "tl.reshape(tl.broadcast_to(tl.reshape(x, (N // 8, 1, 8)), (N // 8, 2, 8)), (2 * N, ))"),
    "atomic_add": ("atomic", "tl.atomic_add(Z + o, x)"), "atomic_max": ("atomic", "tl.atomic_max(Z + o, x)"),
    "atomic_xchg": ("atomic", "tl.atomic_xchg(Z + o, x)"),
    "atomic_cas": ("atomic", "tl.atomic_cas(Z + o, tl.zeros_like(x), x)"),
}

TEMPLATE = """import triton
import triton.language as tl


@triton.jit
def _lin(a, b):
    # Neither associative nor commutative: the result shows the order.
    return a * 0.75 + b


@triton.jit
def kernel(X, Y, Z, N: tl.constexpr):
    o = tl.arange(0, N)
    m = o < N // 2
    x = tl.load(X + o)
    y = tl.load(Y + o)
{body}
"""


def body(kind, expr):
    if kind == "ew":
        return f"    tl.store(Z + o, {expr})"
    if kind == "red":
        return f"    tl.store(Z, {expr})"
    if kind == "wide":
        return f"    tl.store(Z + tl.arange(0, 2 * N), {expr})"
    return f"    {expr}"


def inputs(torch, dtype, seed, N):
    g = torch.Generator(device="cuda").manual_seed(seed)
    td = getattr(torch, DTYPES[dtype])
    if dtype == "int1":
        x = torch.rand(N, device="cuda", generator=g) < 0.5
        y = torch.rand(N, device="cuda", generator=g) < 0.5
    elif td.is_floating_point:
        x = ((torch.rand(N, device="cuda", generator=g) * 8 - 4)).to(td)
        y = ((torch.rand(N, device="cuda", generator=g) * 4 + 0.5)).to(td)
    else:
        hi = 100 if dtype not in ("uint8", ) else 200
        x = torch.randint(-hi if dtype != "uint8" else 0, hi, (N, ), device="cuda", generator=g).to(td)
        y = torch.randint(1, 9, (N, ), device="cuda", generator=g).to(td)  # no division by zero
    return x, y


def first_line(e):
    s = str(e).strip().splitlines()
    return (type(e).__name__ + ": " + (s[0] if s else ""))[:300]


def same(torch, a, b):
    if a.dtype.is_floating_point:
        fa, fb = a.float(), b.float()
        nan = torch.isnan(fa) & torch.isnan(fb)
        eq = (a.view(torch.uint8).view(-1, a.element_size()) == b.view(torch.uint8).view(-1, a.element_size())).all(1)
        return bool((eq | nan).all()), int((~(eq | nan)).sum())
    eq = a == b
    return bool(eq.all()), int((~eq).sum())


def run_dtype(args):
    dtype, ops, sizes, warps, outdir = args
    import torch
    import triton
    import tt_triton
    results = []
    cases = [(op, n, w) for op in ops for n in sizes for w in warps]
    for op, N, W in cases:
        kind, expr = OPS[op]
        path = os.path.join(outdir, f"k_{op}_{dtype}.py")
        if not os.path.exists(path):
            with open(path, "w") as f:
                f.write(TEMPLATE.format(body=body(kind, expr)))
        rec = {"op": op, "dtype": dtype, "N": N, "warps": W}
        try:
            x, y = inputs(torch, dtype, sum(map(ord, op + dtype)) + N + W, N)
            outs = {}
            for who in ("triton", "tt"):
                # A fresh module each time: the JIT function's in-memory cache
                # must not hand tt's run Triton's kernel.
                spec = importlib.util.spec_from_file_location(f"k_{op}_{dtype}_{N}_{W}_{who}", path)
                mod = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(mod)
                if who == "tt":
                    tt_triton.enable()
                else:
                    tt_triton.disable()
                z = torch.zeros(2 * N, device="cuda", dtype=x.dtype)
                try:
                    k = mod.kernel[(1, )](x, y, z, N=N, num_warps=W)
                    torch.cuda.synchronize()
                    by_tt = "tt_translate" in getattr(k.metadata, "_fields", ()) or hasattr(k.metadata, "tt_translate")
                    if by_tt != (who == "tt"):
                        raise RuntimeError(f"the {who} run's kernel was {'' if by_tt else 'not '}compiled by tt")
                    outs[who] = z
                    rec[who] = "ok"
                except Exception as e:  # a refusal, whatever its kind
                    rec[who] = first_line(e)
            tt_triton.disable()
            if "triton" in outs and "tt" in outs:
                ok, bad = same(torch, outs["triton"], outs["tt"])
                rec["same"] = ok
                if not ok:
                    rec["differing"] = bad
                    i = int(((outs["triton"] != outs["tt"])).nonzero()[0]) if bad else 0
                    rec["first"] = [i, str(outs["triton"][i].item()), str(outs["tt"][i].item())]
        except Exception as e:
            rec["harness"] = first_line(e) + " " + traceback.format_exc().splitlines()[-1][:200]
        results.append(rec)
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=None)
    ap.add_argument("--dtypes", default=",".join(DTYPES))
    ap.add_argument("--ops", default=",".join(OPS))
    ap.add_argument("--sizes", default="64,1024")
    ap.add_argument("--warps", default="1,4")
    ap.add_argument("--jobs", type=int, default=12)
    a = ap.parse_args()
    outdir = a.out or tempfile.mkdtemp(prefix="dtype_ops_")
    os.makedirs(outdir, exist_ok=True)
    sys.path.insert(0, outdir)
    dtypes, ops = a.dtypes.split(","), a.ops.split(",")
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(min(a.jobs, len(dtypes))) as pool:
        sizes, warps = [int(v) for v in a.sizes.split(",")], [int(v) for v in a.warps.split(",")]
        chunks = pool.map(run_dtype, [(d, ops, sizes, warps, outdir) for d in dtypes])
    results = [r for c in chunks for r in c]
    with open(os.path.join(outdir, "results.jsonl"), "w") as f:
        for r in results:
            f.write(json.dumps(r) + "\n")
    counts = {"both ok, same": 0, "both refuse": 0}
    problems = []
    for r in results:
        t, u = r.get("triton"), r.get("tt")
        if "harness" in r:
            problems.append(("HARNESS", r))
        elif t == "ok" and u == "ok":
            if r.get("same"):
                counts["both ok, same"] += 1
            else:
                problems.append(("DIFFERENT OUTPUT", r))
        elif t != "ok" and u != "ok":
            counts["both refuse"] += 1
        elif t == "ok":
            problems.append(("ONLY TT REFUSES", r))
        else:
            problems.append(("ONLY TRITON REFUSES", r))
    print(f"{len(results)} cases: {counts}, {len(problems)} to look at")
    for kind, r in sorted(problems, key=lambda p: (p[0], p[1]["op"], p[1]["dtype"], p[1]["N"], p[1]["warps"])):
        print(f"{kind:20s} {r['op']:12s} {r['dtype']:11s} N={r['N']:<5d} w={r['warps']} triton={r.get('triton')!s:.150} | tt={r.get('tt')!s:.200}"
              f"{' ' + str(r.get('first')) if 'first' in r else ''}{' ' + r['harness'] if 'harness' in r else ''}")
    return 1 if any(k == "DIFFERENT OUTPUT" for k, _ in problems) else 0


if __name__ == "__main__":
    sys.exit(main())
