#!/usr/bin/env python3
"""libdevice's functions bit for bit and side by side in time: Triton against tt through the plugin.

    TRITON_CACHE_DIR=$(mktemp -d) PYTHONPATH=python TT_TRANSLATE=.bin/tt-translate \\
        python3 libdevice_bits.py [ROUNDS] [NAME,...]

math_bits.py's companion for the rest of libdevice: one kernel per function and element type
(`libdevice.NAME(x)`, `libdevice.NAME(x, y)` for the binary ones, `tl.NAME(x)` for a
NAME given as tl.NAME) over the same 2^20 inputs
a type: random bit patterns (every exponent, NaNs, infinities, subnormals), values in [-12, 12]
and near 1, and the specials; the second operand of a binary function is another such draw.
tt computes libdevice's functions with its own code (conversion/ttgtogpu/libm_*.go), written
from libdevice's algorithms, where Triton links libdevice's bitcode: each line says how many
results have the same bits (NaNs of any payload equal), the largest difference, a few inputs
that differ, and both kernels' times (median over ROUNDS, default 3, of do_bench medians, the
two compilers' kernels alternating). A function either compiler refuses is reported on its
line, and the sweep goes on. With PTX_DIR set, both compilers' PTX of each kernel is written there
(NAME.TYPE.triton.ptx, NAME.TYPE.tt.ptx), to read beside each other where the speeds differ. The kernels are written to a module file first, since
@triton.jit reads a kernel's source.
"""
import importlib.util
import os
import sys
import tempfile

import torch
import triton
import triton.testing

import tt_triton

UNARY = ["acos", "asin", "atan", "acosh", "asinh", "atanh", "sinh", "cosh", "tan", "cbrt", "rcbrt", "rsqrt",
         "erfc", "erfinv", "erfcinv", "erfcx", "normcdf", "normcdfinv", "exp10", "expm1", "log10", "log1p",
         "lgamma", "tgamma", "j0", "j1", "y0", "y1",
         "sin", "cos", "exp", "log", "tanh", "erf", "sqrt", "floor", "ceil", "fabs", "rint", "trunc",
         "tl.floor", "tl.ceil", "tl.abs", "tl.exp", "tl.sigmoid"]
BINARY = ["atan2", "pow", "hypot", "fmod", "fdim", "nextafter", "copysign"]
DTYPES = {"f32": torch.float32, "f64": torch.float64}
BLOCK = 512

HEADER = '''
import triton
import triton.language as tl
from triton.language.extra import libdevice
'''

KERNEL = '''

@triton.jit
def k_{ident}(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.store(o_ptr + offs, {call}, mask=m)
'''


def ident(name):
    return name.replace(".", "_")


def call(name):
    """The kernel's expression: libdevice.NAME, or tl.NAME for Triton's own (tl.floor, ...)."""
    fn = name if name.startswith("tl.") else "libdevice." + name
    return f"{fn}(x, y)" if name in BINARY else f"{fn}(x)"


def kernels(names):
    """A module with one kernel k_NAME per function, loaded from a file."""
    src = HEADER + "".join(KERNEL.format(ident=ident(n), call=call(n)) for n in names)
    path = os.path.join(tempfile.mkdtemp(), "libdevice_kernels.py")
    with open(path, "w") as f:
        f.write(src)
    spec = importlib.util.spec_from_file_location("libdevice_kernels", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def inputs(dtype, seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    itype, bits = (torch.int32, 32) if dtype == torch.float32 else (torch.int64, 64)
    raw = torch.randint(-2**(bits - 1), 2**(bits - 1) - 1, (1 << 19,), device="cuda", dtype=itype, generator=g)
    span = ((torch.rand(1 << 18, device="cuda", generator=g, dtype=torch.float64) - 0.5) * 24).to(dtype)
    near1 = (1 + (torch.rand(1 << 18, device="cuda", generator=g, dtype=torch.float64) - 0.5) * 2**-6).to(dtype)
    specials = torch.tensor([0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, -1.0, 2.0, 0.5, 1e-40,
                             -1e-40, 1e-300, 3.4e38, -3.4e38, 1e30], device="cuda", dtype=torch.float64).to(dtype)
    return torch.cat([raw.view(dtype), span, near1, specials]).contiguous()


def median(v):
    return sorted(v)[len(v) // 2]


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    names = sys.argv[2].split(",") if len(sys.argv) > 2 else UNARY + BINARY
    mod = kernels(names)
    data = {t: (inputs(dt, 1), inputs(dt, 2)) for t, dt in DTYPES.items()}
    grid = lambda x: (triton.cdiv(x.numel(), BLOCK), 1, 1)  # noqa: E731 (a compiled kernel's launch takes all three)
    compiled, outs, errors = {}, {}, {}
    for who in ("triton", "tt"):
        if who == "tt":
            print("tt:", tt_triton.enable().describe(), flush=True)
        for name in names:
            for t, (x, y) in data.items():
                key = (who, name, t)
                outs[key] = torch.empty_like(x)
                try:
                    compiled[key] = getattr(mod, "k_" + ident(name))[grid(x)](x, y, outs[key], x.numel(), BLOCK)
                except Exception as e:  # a function one compiler refuses: reported, the sweep goes on
                    errors[key] = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:160] if str(e).strip() else ''}"
    torch.cuda.synchronize()
    if os.environ.get("PTX_DIR"):
        os.makedirs(os.environ["PTX_DIR"], exist_ok=True)
        for (who, name, t), k in compiled.items():
            with open(os.path.join(os.environ["PTX_DIR"], f"{ident(name)}.{t}.{who}.ptx"), "w") as f:
                f.write(k.asm["ptx"])
    worst = 1e9
    for name in names:
        for t, (x, y) in data.items():
            ref, mine = ("triton", name, t), ("tt", name, t)
            if ref in errors or mine in errors:
                print(f"{name:9s} {t}: Triton {errors.get(ref, 'ok')}; tt {errors.get(mine, 'ok')}", flush=True)
                continue
            a, b = outs[mine].cpu(), outs[ref].cpu()
            itype = torch.int32 if t == "f32" else torch.int64
            same = (a.view(itype) == b.view(itype)) | (torch.isnan(a) & torch.isnan(b))
            d = (a.double() - b.double()).abs()
            d[torch.isnan(d)] = 0
            xs, ys = x.cpu(), y.cpu()
            ex = [(float(xs[i]), float(ys[i]), float(a[i]), float(b[i])) for i in (~same).nonzero().flatten()[:2]]
            times = {"tt": [], "triton": []}
            for _ in range(rounds):
                for who, key in (("triton", ref), ("tt", mine)):
                    k, o = compiled[key], outs[key]
                    times[who].append(triton.testing.do_bench(lambda: k[grid(x)](x, y, o, x.numel(), BLOCK)))
            tt_us, tri_us = median(times["tt"]) * 1e3, median(times["triton"]) * 1e3
            worst = min(worst, tri_us / tt_us)
            print(f"{name:9s} {t}: {int(same.sum()):8d} of {same.numel()} the same bits; largest |tt - triton| "
                  f"{float(d.max()):.3g}; tt {tt_us:.1f} us, Triton {tri_us:.1f} us, tt/Triton speed "
                  f"{tri_us / tt_us:.3f}; e.g. (x, y, tt, triton) {ex}", flush=True)
    print(f"slowest tt/Triton speed: {worst:.3f}")


if __name__ == "__main__":
    main()
