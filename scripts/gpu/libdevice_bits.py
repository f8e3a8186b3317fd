#!/usr/bin/env python3
"""libdevice's functions bit for bit and side by side in time: Triton against tt through the plugin.

    TRITON_CACHE_DIR=$(mktemp -d) PYTHONPATH=python TT_TRANSLATE=.bin/tt-translate \\
        python3 libdevice_bits.py [ROUNDS] [NAME,...]

math_bits.py's companion for the rest of libdevice: one kernel per function of Triton's
libdevice module and per signature it declares (read from the module's source: `clz` on int32
and int64, `add_rn` on fp32 and fp64, `float2int_rn` from fp32, ...), plus Triton's own
`tl.NAME` functions given in TL_FUNCS, over 2^20 inputs an argument: for a float type random
bit patterns (every exponent, NaNs, infinities, subnormals), values in [-12, 12] and near 1,
and the specials; for an integer type random bit patterns, small values and the specials (0,
+-1, the type's limits, powers of two). Each argument is another such draw.
tt computes libdevice's functions with its own code (conversion/ttgtogpu/libm_*.go and the
other extern lowerings), written from libdevice's algorithms, where Triton links libdevice's
bitcode: each line says how many results have the same bits (NaNs of any payload equal), the
largest difference, a few inputs that differ, and both kernels' times (median over ROUNDS,
default 3, of do_bench medians, the two compilers' kernels alternating; ROUNDS 0: bits only).
A function either compiler refuses is reported on its line, and the sweep goes on. Each kernel
is compiled by both compilers and reported before the next (Triton's compile links and optimizes
libdevice, about a second a kernel: all 323 take minutes); BUDGET_S stops the sweep after that
many seconds, reporting what it did. NAME,...
filters by function name (`erf`, `tl.floor`). With PTX_DIR set, both compilers' PTX of each
kernel is written there (KERNEL.triton.ptx, KERNEL.tt.ptx), to read beside each other where the
speeds differ. The kernels are written to a module file first, since @triton.jit reads a
kernel's source.
"""
import ast
import importlib.util
import inspect
import os
import sys
import tempfile
import time

import torch
import triton
import triton.testing
from triton.language.extra.cuda import libdevice as cuda_libdevice

import tt_triton

# Triton's own functions, swept on fp32 and fp64 (one argument).
TL_FUNCS = ["tl.floor", "tl.ceil", "tl.abs", "tl.exp", "tl.sigmoid"]
# Functions whose first argument is a Bessel order n: libdevice's recurrences
# take about |n| loop trips an element, so a random 32-bit n keeps both
# compilers' kernels running for minutes (the 2026-11-30 sweep stalled so);
# their n is drawn from [-5, 200].
ORDER_FIRST = {"jn", "yn"}
BLOCK = 512
N = (1 << 20) + 15  # not a multiple of the block: the masked tail is compiled and run

# Storage of each element type: its bits are loaded as this type and reinterpreted.
STORAGE = {"fp32": torch.float32, "fp64": torch.float64, "int32": torch.int32, "uint32": torch.int32,
           "int64": torch.int64, "uint64": torch.int64, "int1": torch.int32}
TL_TYPE = {"fp32": "tl.float32", "fp64": "tl.float64", "int32": "tl.int32", "uint32": "tl.uint32",
           "int64": "tl.int64", "uint64": "tl.uint64"}

HEADER = '''
import triton
import triton.language as tl
from triton.language.extra import libdevice
'''

KERNEL = '''

@triton.jit
def {ident}({params}o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
{loads}    r = {call}
    tl.store(o_ptr + offs, r{store_cast}, mask=m)
'''


def signatures():
    """(name, argument types, result type) for every function of Triton's CUDA libdevice module."""
    out = []
    for node in ast.parse(inspect.getsource(cuda_libdevice)).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for call in ast.walk(node):
            if not (isinstance(call, ast.Call) and getattr(call.func, "attr", "") == "extern_elementwise"):
                continue
            table = call.args[3]
            for key, val in zip(table.keys, table.values):
                args = [a.args[0].value for a in key.elts]
                out.append((node.name, args, val.elts[1].args[0].value))
    return out


def kernel_ident(name, args):
    return "k_" + name.replace(".", "_") + "_" + "_".join(args)


def kernel_source(name, args, res):
    fn = name if name.startswith("tl.") else "libdevice." + name
    params = "".join(f"p{i}, " for i in range(len(args)))
    loads = ""
    for i, t in enumerate(args):
        load = f"tl.load(p{i} + offs, mask=m)"
        if t.startswith("uint"):
            load += f".to({TL_TYPE[t]}, bitcast=True)"
        loads += f"    x{i} = {load}\n"
    call = f"{fn}({', '.join(f'x{i}' for i in range(len(args)))})"
    store_cast = ""
    if res.startswith("uint"):
        store_cast = f".to({TL_TYPE[res.replace('u', '', 1)]}, bitcast=True)"
    elif res == "int1":
        store_cast = ".to(tl.int32)"
    return KERNEL.format(ident=kernel_ident(name, args), params=params, loads=loads, call=call,
                         store_cast=store_cast)


def load_module(cases):
    """A module with one kernel per case, loaded from a file."""
    src = HEADER + "".join(kernel_source(*c) for c in cases)
    path = os.path.join(tempfile.mkdtemp(), "libdevice_kernels.py")
    with open(path, "w") as f:
        f.write(src)
    spec = importlib.util.spec_from_file_location("libdevice_kernels", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def inputs(t, seed):
    """N values of element type t in its storage type."""
    g = torch.Generator(device="cuda").manual_seed(seed)
    dtype = STORAGE[t]
    if dtype in (torch.float32, torch.float64):
        itype, bits = (torch.int32, 32) if dtype == torch.float32 else (torch.int64, 64)
        raw = torch.randint(-2**(bits - 1), 2**(bits - 1) - 1, (1 << 19, ), device="cuda", dtype=itype, generator=g)
        span = ((torch.rand(1 << 18, device="cuda", generator=g, dtype=torch.float64) - 0.5) * 24).to(dtype)
        near1 = (1 + (torch.rand(1 << 18, device="cuda", generator=g, dtype=torch.float64) - 0.5) * 2**-6).to(dtype)
        specials = torch.tensor([0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1.0, -1.0, 2.0, 0.5, 1e-40,
                                 -1e-40, 1e-300, 3.4e38, -3.4e38, 1e30], device="cuda", dtype=torch.float64).to(dtype)
        return torch.cat([raw.view(dtype), span, near1, specials]).contiguous()
    bits = 32 if dtype == torch.int32 else 64
    raw = torch.randint(-2**(bits - 1), 2**(bits - 1) - 1, (1 << 19, ), device="cuda", dtype=dtype, generator=g)
    small = torch.randint(-1000, 1000, (1 << 19, ), device="cuda", dtype=dtype, generator=g)
    lim = 2**(bits - 1)
    specials = torch.tensor([0, 1, -1, lim - 1, -lim, 2, 255, 256, 65535, 1 << 24, -(1 << 24), (1 << 24) + 1,
                             lim // 2, 1 << 23, 7], device="cuda", dtype=dtype)
    return torch.cat([raw, small, specials]).contiguous()


def median(v):
    return sorted(v)[len(v) // 2]


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    names = set(sys.argv[2].split(",")) if len(sys.argv) > 2 else None
    cases = signatures() + [(n, [t], t) for n in TL_FUNCS for t in ("fp32", "fp64")]
    if names:
        cases = [c for c in cases if c[0] in names]
    mod = load_module(cases)
    data = {}
    for name, args, res in cases:
        for i, t in enumerate(args):
            data.setdefault((t, i), inputs(t, i + 1))
    if any(c[0] in ORDER_FIRST for c in cases):
        g = torch.Generator(device="cuda").manual_seed(7)
        data[("order", 0)] = torch.randint(-5, 201, (N, ), device="cuda", dtype=torch.int32, generator=g)
    grid = lambda: (triton.cdiv(N, BLOCK), 1, 1)  # noqa: E731 (a compiled kernel's launch takes all three)
    print("tt:", tt_triton.info().describe(), flush=True)
    deadline = time.monotonic() + float(os.environ.get("BUDGET_S", "1e9"))
    worst, refused, differ, done = 1e9, [], [], 0
    for name, args, res in cases:
        if time.monotonic() > deadline:
            print(f"budget spent: stopped before {name} {args}", flush=True)
            break
        ident = kernel_ident(name, args)
        ins = [data[("order", 0) if i == 0 and name in ORDER_FIRST else (t, i)] for i, t in enumerate(args)]
        # Each kernel compiled by both compilers and reported before the
        # next, so that a run cut short still says what it did.
        compiled, outs, errors = {}, {}, {}
        for who in ("triton", "tt"):
            if who == "tt":
                tt_triton.enable()
            else:
                tt_triton.disable()
            outs[who] = torch.empty(N, device="cuda", dtype=STORAGE[res])
            try:
                compiled[who] = getattr(mod, ident)[grid()](*ins, outs[who], N, BLOCK)
            except Exception as e:  # a function one compiler refuses: reported, the sweep goes on
                errors[who] = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:160] if str(e).strip() else ''}"
        torch.cuda.synchronize()
        done += 1
        if os.environ.get("PTX_DIR"):
            os.makedirs(os.environ["PTX_DIR"], exist_ok=True)
            for who, k in compiled.items():
                with open(os.path.join(os.environ["PTX_DIR"], f"{ident}.{who}.ptx"), "w") as f:
                    f.write(k.asm["ptx"])
        label = f"{name:12s} {','.join(args):>21s} -> {res:6s}"
        if errors:
            print(f"{label}: Triton {errors.get('triton', 'ok')}; tt {errors.get('tt', 'ok')}", flush=True)
            if "triton" not in errors:
                refused.append(ident)
            continue
        a, b = outs["tt"].cpu(), outs["triton"].cpu()
        if a.dtype.is_floating_point:
            itype = torch.int32 if a.dtype == torch.float32 else torch.int64
            same = (a.view(itype) == b.view(itype)) | (torch.isnan(a) & torch.isnan(b))
            d = (a.double() - b.double()).abs()
            d[torch.isnan(d)] = 0
        else:
            same = a == b
            d = (a.double() - b.double()).abs()
        xs = [x.cpu() for x in ins]
        ex = [tuple(x[i].item() for x in xs) + (a[i].item(), b[i].item()) for i in (~same).nonzero().flatten()[:2]]
        if int(same.sum()) != same.numel():
            differ.append(ident)
        timing = ""
        if rounds > 0:
            times = {"tt": [], "triton": []}
            for _ in range(rounds):
                for who in ("triton", "tt"):
                    k, o = compiled[who], outs[who]
                    times[who].append(triton.testing.do_bench(lambda: k[grid()](*ins, o, N, BLOCK)))
            tt_us, tri_us = median(times["tt"]) * 1e3, median(times["triton"]) * 1e3
            worst = min(worst, tri_us / tt_us)
            timing = f"; tt {tt_us:.1f} us, Triton {tri_us:.1f} us, tt/Triton speed {tri_us / tt_us:.3f}"
        print(f"{label}: {int(same.sum()):8d} of {same.numel()} the same bits; largest |tt - triton| "
              f"{float(d.max()):.3g}{timing}; e.g. (args, tt, triton) {ex}", flush=True)
    print(f"{done} of {len(cases)} kernels; tt refuses {len(refused)} that Triton compiles: {' '.join(refused)}")
    print(f"not Triton's bits: {len(differ)}: {' '.join(differ)}")
    if rounds > 0:
        print(f"slowest tt/Triton speed: {worst:.3f}")


if __name__ == "__main__":
    main()
