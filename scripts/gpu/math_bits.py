#!/usr/bin/env python3
"""Math functions bit for bit and side by side in time: Triton against tt through the plugin.

    TRITON_CACHE_DIR=$(mktemp -d) PYTHONPATH=python TT_TRANSLATE=.bin/tt-translate \\
        python3 math_bits.py [ROUNDS]

A one-function kernel per math function (tl.log, tl.log2, tl.sin, tl.cos, tl.erf, libdevice's
tanh, tl.exp, tl.exp2, tl.sqrt) runs over the same 7.3 million f32 inputs: 2^22 random bit
patterns (every exponent, NaNs, infinities, subnormals), values near 1, in [-12, 12], in
[-10^4, 10^4] and the specials (Triton's math functions take f32 and f64 only). Each kernel is
compiled twice in one process: by Triton, then, after tt_triton.enable(), by tt (the compiled
kernels are kept and launched directly, so both stay loaded). For each function it prints how
many results have the same bits (NaNs of any payload count as equal), the largest difference, a
few inputs that differ, and both kernels' times: the median over ROUNDS (default 5) of
do_bench medians, the two compilers' kernels alternating round by round so that clocks and
the memory system drift alike for both. With MATH_PTX_DIR set, both kernels' PTX of each
function are written there (NAME.tt.ptx, NAME.triton.ptx). tt computes log, log2, sin, cos, tanh and erf as
libdevice does (conversion/ttgtogpu/libm_f32.go); every line should read all of them the same.
"""
import os
import sys

import torch
import triton
import triton.language as tl
import triton.testing
from triton.language.extra import libdevice

import tt_triton

NAMES = ["log", "log2", "sin", "cos", "erf", "tanh", "exp", "exp2", "sqrt"]


@triton.jit
def math_kernel(x_ptr, o_ptr, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if FN == 0:
        y = tl.log(x)
    elif FN == 1:
        y = tl.log2(x)
    elif FN == 2:
        y = tl.sin(x)
    elif FN == 3:
        y = tl.cos(x)
    elif FN == 4:
        y = tl.erf(x)
    elif FN == 5:
        y = libdevice.tanh(x)
    elif FN == 6:
        y = tl.exp(x)
    elif FN == 7:
        y = tl.exp2(x)
    else:
        y = tl.sqrt(x)
    tl.store(o_ptr + offs, y, mask=m)


def inputs():
    g = torch.Generator(device="cuda").manual_seed(1)
    bits = torch.randint(-2**31, 2**31 - 1, (1 << 22,), device="cuda", dtype=torch.int32, generator=g)
    near1 = 1 + (torch.rand(1 << 20, device="cuda", generator=g) - 0.5) * 2**-6
    span = (torch.rand(1 << 20, device="cuda", generator=g) - 0.5) * 24
    big = (torch.rand(1 << 20, device="cuda", generator=g) - 0.5) * 2e4
    specials = torch.tensor([0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, 2.0, 1e-45, 1e-40, -1e-40,
                             0.6, 9.02, 105615.0, -105616.0, 3.4e38], device="cuda")
    return torch.cat([bits.view(torch.float32), near1, span, big, specials]).contiguous()


def compile_all(x, o):
    """The compiled kernel of each function, launched once (its output lands in o[name])."""
    grid = (triton.cdiv(x.numel(), 1024), )
    kernels = {}
    for fn, name in enumerate(NAMES):
        o[name] = torch.empty_like(x)
        kernels[name] = math_kernel[grid](x, o[name], x.numel(), fn, 1024)
    return kernels


def launcher(kernel, x, o, fn):
    grid = (triton.cdiv(x.numel(), 1024), 1, 1)  # a compiled kernel's launch takes all three
    return lambda: kernel[grid](x, o, x.numel(), fn, 1024)


def median(v):
    return sorted(v)[len(v) // 2]


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    x = inputs()
    xs = x.cpu()
    ref_out, tt_out = {}, {}
    ref = compile_all(x, ref_out)
    ident = tt_triton.enable()
    print("tt:", ident.describe(), flush=True)
    tt = compile_all(x, tt_out)
    torch.cuda.synchronize()
    for fn, name in enumerate(NAMES):
        a, b = tt_out[name].cpu(), ref_out[name].cpu()
        same = (a.view(torch.int32) == b.view(torch.int32)) | (torch.isnan(a) & torch.isnan(b))
        d = (a.double() - b.double()).abs()
        d[torch.isnan(d)] = 0
        bad = (~same).nonzero().flatten()[:3]
        ex = [(float(xs[i]), float(a[i]), float(b[i])) for i in bad]
        times = {"tt": [], "triton": []}
        for _ in range(rounds):
            times["triton"].append(triton.testing.do_bench(launcher(ref[name], x, ref_out[name], fn)))
            times["tt"].append(triton.testing.do_bench(launcher(tt[name], x, tt_out[name], fn)))
        t, r = median(times["tt"]) * 1e3, median(times["triton"]) * 1e3
        if os.environ.get("MATH_PTX_DIR"):
            for who, k in (("tt", tt[name]), ("triton", ref[name])):
                with open(os.path.join(os.environ["MATH_PTX_DIR"], f"{name}.{who}.ptx"), "w") as f:
                    f.write(k.asm["ptx"])
        print(f"{name:5s} {int(same.sum()):8d} of {same.numel()} the same bits; largest |tt - triton| "
              f"{float(d.max()):.3g}; tt {t:.1f} us, Triton {r:.1f} us, tt/Triton speed {r / t:.3f}; e.g. {ex}",
              flush=True)


if __name__ == "__main__":
    main()
