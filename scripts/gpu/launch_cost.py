#!/usr/bin/env python3
"""What a 128x128 matmul kernel costs at small sizes, where its fixed cost a launch shows (GPU machine).

    python3 launch_cost.py VARDIR [ROUNDS] [CASE]     (in .bin/gpu/variants, as variants_bench.py)
    python3 launch_cost.py VARDIR --one VARIANT N [CASE]

VARDIR holds one directory per variant (perf_variants.sh's layout; ptx_bounds.py's modes write more),
each with CASE.ptx and .json (CASE: matmul_f16_4096_128x128x64_w4, whose PTX takes M, N, K and the
strides as parameters). Each variant runs C = A B at the cubes 512 to 4096 from the same cupy
launch path, the grid one program a 128x128 tile as Triton's launcher gives it, outputs checked
against torch (f32 accumulation); do_bench medians, ROUNDS rounds (default 5) in a new random
order each (LAUNCH_ONLY=NAME,... times only those variants), printed as microseconds a launch and as each variant's time over triton-ptx's (Triton's
own PTX). A variant whose module has ptx_bounds.py's __tt_probe global also gets its prologue's
timeline: per CTA the cycles from the first partition's entry to its pool claim, its tensor maps,
its barrier inits, its first full barrier, its tile loop's end and every partition's end, the
medians over the CTAs in microseconds at the SM clock the driver reports, and from globaltimer the
spread of the CTAs' starts and the span from the first start to the last end.

--one launches one variant at the cube N three times and checks its output, for Nsight Compute
beside another variant on the same launch path:

    ncu --set full -k regex:matmul --launch-skip 2 --launch-count 1 -o OUT/VARIANT \
        python3 launch_cost.py . --one VARIANT 2048
"""
import json
import os
import random
import statistics
import sys

import cupy as cp
import torch
from triton.testing import do_bench

SIZES = [512, 1024, 2048, 4096]
STEPS = ["claim", "maps", "inits", "first full", "tile loop", "others"]


def load(vardir, variant, case):
    d = os.path.join(vardir, variant)
    md = json.load(open(os.path.join(d, case + ".json")))
    mod = cp.RawModule(path=os.path.join(d, case + ".ptx"))
    fn = mod.get_function(md.get("name", "matmul_kernel"))
    if int(md.get("shared", 0)) > 48 * 1024:
        fn.max_dynamic_shared_size_bytes = int(md["shared"])
    return mod, fn, md


def launcher(fn, md, n):
    g = torch.Generator(device="cuda").manual_seed(n)
    a = torch.randn(n, n, device="cuda", generator=g, dtype=torch.float16)
    b = torch.randn(n, n, device="cuda", generator=g, dtype=torch.float16)
    c = torch.full((n, n), float("nan"), device="cuda", dtype=torch.float16)
    args = [cp.asarray(a), cp.asarray(b), cp.asarray(c)] + [cp.int32(n)] * 6
    args += [cp.uint64(0)] * int(md.get("extra_params", 0))
    grid = ((n // 128) * (n // 128), 1, 1)
    block = (32 * int(md["num_warps"]), 1, 1)
    shared = int(md.get("shared", 0))
    run = lambda: fn(grid, block, tuple(args), shared_mem=shared)
    return run, a, b, c


def timeline(mod, ctas):
    try:
        mem = mod.get_global("__tt_probe")
    except Exception:
        return None
    words = cp.ndarray((262144 // 8,), cp.uint64, mem)  # ptx_bounds.py probes: 16 u64 a CTA, 2048 CTAs
    t = words[:ctas * 16].reshape(ctas, 16).get().astype("int64")
    words[:] = 0  # the next size's CTAs start from a clean buffer
    # Only the CTAs that claimed a slot and ran a tile stamp every step (the others skip the
    # maps' branch, or have no tile), and only their timelines are the prologue's.
    t = t[(t[:, :7] != 0).all(axis=1) & (t[:, 1:7] >= t[:, :6]).all(axis=1)]
    if len(t) == 0:
        return None
    khz = cp.cuda.runtime.getDeviceProperties(0)["clockRate"]
    steps = [statistics.median(t[:, i + 1] - t[:, i]) / khz * 1e3 for i in range(6)]
    starts, ends = t[:, 8], t[:, 9]
    return steps, (starts.max() - starts.min()) / 1e3, (ends.max() - starts.min()) / 1e3, len(t)


def main(vardir, rounds, case):
    only = set(filter(None, os.environ.get("LAUNCH_ONLY", "").split(",")))
    variants = sorted(d for d in os.listdir(vardir) if os.path.exists(os.path.join(vardir, d, case + ".ptx"))
                      and (not only or d in only))
    print("variants:", " ".join(variants), flush=True)
    loaded = {v: load(vardir, v, case) for v in variants}
    for n in SIZES:
        runs = {}
        for v, (mod, fn, md) in loaded.items():
            run, a, b, c = launcher(fn, md, n)
            run()
            torch.cuda.synchronize()
            ref = a.float() @ b.float()
            err = ((c.float() - ref).norm() / ref.norm()).item()
            runs[v] = (run, err)
        times = {v: [] for v in variants}
        for _ in range(rounds):
            order = list(variants)
            random.shuffle(order)
            for v in order:
                times[v].append(do_bench(runs[v][0], return_mode="median") * 1e3)
        base = statistics.median(times["triton-ptx"]) if "triton-ptx" in times else None
        print(f"== {n}^3 ({(n // 128) ** 2} tiles): microseconds a launch, median of {rounds} do_bench medians")
        for v in variants:
            us = statistics.median(times[v])
            ratio = f"  / triton-ptx {us / base:.3f}" if base else ""
            ok = "ok" if runs[v][1] < 1e-2 else f"WRONG (rel err {runs[v][1]:.1e})"
            print(f"  {v:14s} {us:8.2f}{ratio}  {ok}", flush=True)
        for v, (mod, fn, md) in loaded.items():
            tl = timeline(mod, (n // 128) ** 2)
            if tl:
                steps, skew, span, k = tl
                print(f"  {v} prologue, median of {k} CTAs (us): " +
                      ", ".join(f"{s} {x:.2f}" for s, x in zip(STEPS, steps)) +
                      f"; starts spread {skew:.2f}, first start to last end {span:.2f}", flush=True)


def one(vardir, variant, n, case):
    mod, fn, md = load(vardir, variant, case)
    run, a, b, c = launcher(fn, md, n)
    for _ in range(3):
        run()
    torch.cuda.synchronize()
    ref = a.float() @ b.float()
    err = ((c.float() - ref).norm() / ref.norm()).item()
    print(f"{variant} {n}^3: {'ok' if err < 1e-2 else f'WRONG (rel err {err:.1e})'}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    if len(sys.argv) > 2 and sys.argv[2] == "--one":
        if len(sys.argv) < 5:
            sys.exit(__doc__)
        one(sys.argv[1], sys.argv[3], int(sys.argv[4]), sys.argv[5] if len(sys.argv) > 5 else "matmul_f16_4096_128x128x64_w4")
        sys.exit(0)
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5,
         sys.argv[3] if len(sys.argv) > 3 else "matmul_f16_4096_128x128x64_w4")
