#!/usr/bin/env python3
"""Checks that tt's PTX for the perf kernels computes what Triton's kernel does.

    python3 perf_check.py CASEDIR PTXDIR [--time] [--only NAME,NAME...]

perf_compare.py (shared/tools) only times; this runs each of its cases once
through Triton and once through PTXDIR/<case>.ptx on the same inputs, the
outputs poisoned with NaN before each run, and compares every tensor
argument the kernel writes afterwards: by relative Frobenius error (1e-5,
or 1e-3 for matmuls, whose accumulation order may differ) and whether the
outputs are bit-identical.
Launch and argument marshalling follow perf_compare.py's run().

perf_compare.py's softmax_online case builds its input with the C of a
later loop (a Python closure binds names late: 4096, not 8192), so both
kernels run 8192 programs over a 4096x4096 tensor and write past it. Here
that case gets its intended 8192x8192 input, and with --time each case is
also timed the way perf_compare.py times it (do_bench medians, Triton's
launch against the PTX's), so the corrected case has a ratio too.
"""
import json, os, re, sys

import cupy as cp
import torch

import perf_compare as pc


def prepare_tt(ptxdir, casedir, name, kernel, args, m):
    """Loads PTXDIR/<name>.ptx and returns a function that launches it on args."""
    md = json.load(open(os.path.join(ptxdir, name + ".json")))
    fn = cp.RawModule(path=os.path.join(ptxdir, name + ".ptx")).get_function(md.get("name", m["kernel"]))
    shared = int(md.get("shared", 0))
    if shared > 48 * 1024:
        fn.max_dynamic_shared_size_bytes = shared
    ttir = open(os.path.join(casedir, name + ".ttir")).read()
    sig = re.search(r"tt\.func public @\w+\((.*?)\) attributes", ttir, re.S).group(1)
    vals = dict(zip(kernel.arg_names, args))
    kargs = []
    for p in re.findall(r"%(\w+): ", sig):
        v = vals[p]
        if isinstance(v, torch.Tensor):
            kargs.append(cp.asarray(v))
        elif isinstance(v, float):
            kargs.append(cp.float32(v))
        else:
            kargs.append(cp.int32(v))
    kargs += [cp.uint64(0)] * int(md.get("extra_params", 0))
    grid, block = tuple(m["grid"]), (32 * int(md.get("num_warps", m["num_warps"])), 1, 1)
    kargs = tuple(kargs)
    return lambda: fn(grid, block, kargs, shared_mem=shared)


def cases():
    """perf_compare.cases() with the online softmax input of its name."""
    out = []
    for c in pc.cases():
        if c[0] == "softmax_online_8192x8192":
            n = 8192
            mk = lambda: (lambda x: (x, torch.empty_like(x), n, n))(torch.randn(n, n, device=pc.DEV))
            c = (c[0], c[1], mk) + tuple(c[3:])
        out.append(c)
    return out


def main():
    casedir, ptxdir = sys.argv[1], sys.argv[2]
    timing = "--time" in sys.argv
    only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
    man = {m["name"]: m for m in json.load(open(os.path.join(casedir, "manifest.json")))}
    failed = 0
    for name, k, mk, grid, cx, work, unit, *_ in cases():  # perf_compare adds the library peer
        if only is not None and name not in only:
            continue
        if not os.path.exists(os.path.join(ptxdir, name + ".ptx")):
            print(f"{name:36s} no PTX")
            continue
        torch.manual_seed(0)
        args = mk()
        tensors = [a for a in args if isinstance(a, torch.Tensor)]
        inputs = [t.clone() for t in tensors]
        k[grid](*args, **cx)
        want = [t.clone() for t in tensors]
        written = [not torch.equal(w, i) for w, i in zip(want, inputs)]
        for t, i, out in zip(tensors, inputs, written):  # fresh inputs, outputs poisoned
            t.copy_(i)
            if out:
                t.fill_(float("nan"))
        run_tt = prepare_tt(ptxdir, casedir, name, k, args, man[name])
        run_tt()
        torch.cuda.synchronize()
        tol = 1e-3 if unit == "TFLOP/s" else 1e-5
        ok, notes = True, []
        for t, w, out in zip(tensors, want, written):
            if not out:
                continue
            got, exp = t.double(), w.double()
            nan = int(torch.isnan(got).sum())
            if nan:
                ok = False
                notes.append(f"{nan} NaN (unwritten) elements")
                continue
            diff = int((got != exp).sum())
            err = (torch.linalg.norm(got - exp) / torch.linalg.norm(exp)).item()
            ok = ok and err <= tol
            notes.append("bit-exact" if diff == 0 else f"{diff} of {got.numel()} differ, rel_err {err:.1e} (tol {tol:.0e})")
        failed += not ok
        if timing:
            from triton.testing import do_bench
            t_tri = do_bench(lambda: k[grid](*args, **cx), return_mode="median")
            t_tt = do_bench(run_tt, return_mode="median")
            scale = 1e9 if unit == "GB/s" else 1e12
            notes.append(f"Triton {work / t_tri / scale * 1e3:.1f} tt {work / t_tt / scale * 1e3:.1f} {unit}, "
                         f"tt/Triton {t_tri / t_tt:.3f}")
        print(f"{name:36s} {'PASS' if ok else 'FAIL'} {'; '.join(notes)}", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
