#!/usr/bin/env python3
"""Math functions bit for bit: Triton alone against tt through the plugin, on the same inputs.

    TRITON_CACHE_DIR=$(mktemp -d) python3 math_bits.py triton triton.pt
    TRITON_CACHE_DIR=$(mktemp -d) PYTHONPATH=python TT_TRANSLATE=.bin/tt-translate \\
        python3 math_bits.py tt tt.pt triton.pt

A one-function kernel per math function (tl.log, tl.log2, tl.sin, tl.cos, tl.erf, tl.exp,
tl.exp2, tl.sqrt, libdevice's tanh) runs over the same 7.3 million f32 inputs: 2^22 random bit
patterns (every exponent, NaNs, infinities, subnormals), values near 1, in [-12, 12], in
[-10^4, 10^4] and the specials (Triton's math functions take f32 and f64 only). The first run (triton) saves the outputs; the second (tt) saves its own and, given the first's
file, prints for each function how many results have the same bits (NaNs of any payload
count as equal), the largest difference and a few inputs that differ, and each kernel's time
(do_bench median over the 7.3 million elements) beside the first run's. Run the two one after
the other, never at once on one GPU, each with a fresh Triton cache. tt computes log, log2,
sin, cos, tanh and erf as libdevice does (conversion/ttgtogpu/libm_f32.go); every line should
read all of them the same.
"""
import sys

import torch
import triton
import triton.language as tl
import triton.testing
from triton.language.extra import libdevice

if sys.argv[1] == "tt":
    import tt_triton
    tt_triton.enable()

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


def run_all(x):
    outs = {}
    for fn, name in enumerate(NAMES):
        o = torch.empty_like(x)

        def launch():
            math_kernel[(triton.cdiv(x.numel(), 1024), )](x, o, x.numel(), FN=fn, BLOCK=1024)

        launch()
        outs[name] = o.cpu()
        outs[name + " ms"] = triton.testing.do_bench(launch)
    return outs


def compare(outs, ref, x):
    xs = x.cpu()
    for key, a in outs.items():
        if key.endswith(" ms"):
            continue
        b = ref[key]
        same = (a.view(torch.int32) == b.view(torch.int32)) | (torch.isnan(a) & torch.isnan(b))
        d = (a.double() - b.double()).abs()
        d[torch.isnan(d)] = 0
        bad = (~same).nonzero().flatten()[:3]
        ex = [(float(xs[i]), float(a[i]), float(b[i])) for i in bad]
        print(f"{key:5s} {int(same.sum()):8d} of {same.numel()} the same bits; largest |tt - triton| "
              f"{float(d.max()):.3g}; {outs[key + ' ms'] * 1e3:.1f} us against {ref[key + ' ms'] * 1e3:.1f}; e.g. {ex}",
              flush=True)


if __name__ == "__main__":
    x = inputs()
    outs = run_all(x)
    torch.save(outs, sys.argv[2])
    if len(sys.argv) > 3:
        compare(outs, torch.load(sys.argv[3]), x)
