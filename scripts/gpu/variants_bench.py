#!/usr/bin/env python3
"""Times several PTX builds of the perf kernels against each other, interleaved.

    python3 variants_bench.py CASEDIR VARDIR [ROUNDS]

VARDIR holds one directory per variant (NAME/<case>.ptx + .json, as
perf_compare.py reads them; scripts/gpu/perf_variants.sh builds them, with
Triton's own PTX as the variant `triton-ptx`). For each case of CASEDIR's
manifest this checks every variant's output against Triton's kernel
(perf_compare.same_output) and then times Triton's launch, the library peer
and every variant with do_bench medians, ROUNDS times (default 3), so
that clock and thermal drift over the run falls on all of them alike
(VARIANTS_ONLY=NAME,NAME... times only those cases); it prints the median
rate of each and its ratio to Triton's launch and to Triton's PTX launched
the same way (`triton-ptx`).

The order of the launches changes every round, the peer always last, then
a discarded settling run. Each block of as many rounds as there are
launches rotates one random order, so that every launch takes every
position once a block, and each block draws a new order. The orders come
from a seed printed at the start (VARIANTS_SEED=N repeats a run's orders).
Until 2026-12-02 the order was seeded by the case's name alone, so every
call repeated the same sequence of orders: two byte-identical builds of
attention at head dim 128 then read 1.152 and 1.205 of Triton (5 rounds,
quartiles apart), the same bias in every call whose variants sorted alike.

Clock and thermal drift still move whole rounds: two launches of the same
PTX differed by 5% in their medians over 9 rounds (2026-11-28). So each
variant's speed is also given as paired ratios, variant against Triton's
launch timed in the same round, with the median and the quartiles of those
ratios over the rounds; and Triton's launch is timed twice a round (the
second time as `Triton again`), whose paired ratio shows the run's noise
floor: a difference between variants inside its quartiles is not one.
"""
import json, os, random, statistics, sys

import torch
from triton.testing import do_bench

import perf_check
import perf_compare as pc


def main(casedir, vardir, rounds):
    man = {m["name"]: m for m in json.load(open(os.path.join(casedir, "manifest.json")))}
    variants = sorted(d for d in os.listdir(vardir)
                      if os.path.isdir(os.path.join(vardir, d)) and d != "perf" and not d.startswith(("_", ".")))
    print("variants:", " ".join(variants), flush=True)
    only = set(filter(None, os.environ.get("VARIANTS_ONLY", "").split(",")))
    seed = int(os.environ.get("VARIANTS_SEED") or random.SystemRandom().randrange(1 << 31))
    print("orders seeded by VARIANTS_SEED=%d" % seed, flush=True)
    for name, k, mk, grid, cx, work, unit, peer in pc.cases():
        if name not in man or (only and name not in only):
            continue
        m = man[name]
        args = mk()
        triton = lambda: k[grid](*args, **cx)
        runs = {"Triton": triton, "Triton again": triton, "peer": peer(args)}
        checks = {}
        for v in variants:
            ptx = os.path.join(vardir, v, name + ".ptx")
            if not os.path.exists(ptx):
                continue
            try:
                launch = perf_check.prepare_tt(os.path.join(vardir, v), casedir, name, k, args, m)
                checks[v] = pc.same_output(runs["Triton"], launch, args, k)
                runs[v] = launch
            except Exception as e:  # a variant that does not load is reported, not fatal
                checks[v] = f"FAILED to run: {e}"
        s = 1e9 if unit == "GB/s" else 1e12
        times = {r: [] for r in runs}
        order = list(runs)
        rng = random.Random("%d:%s" % (seed, name))
        mine = [r for r in order if r != "peer"]
        for i in range(rounds):
            # The peer last, then a discarded settling run: whatever ran
            # right after the peer (cuBLAS, FlashAttention) was slowed by
            # 6-8%, presumably the clocks recovering from its power draw
            # (2026-11-28: two launches of the same PTX, one always timed
            # after the peer, read 0.94 and 1.02 of Triton over 31 rounds).
            # The others: a rotation of an order drawn once a block.
            j = i % len(mine)
            if j == 0:
                rng.shuffle(mine)
            for r in mine[j:] + mine[:j] + ["peer"]:
                times[r].append(do_bench(runs[r], warmup=10, rep=60, return_mode="median"))
            do_bench(triton, warmup=10, rep=200, return_mode="median")
        med = {r: sorted(ts)[len(ts) // 2] for r, ts in times.items()}
        rate = lambda t: work / t / s * 1e3
        print(f"== {name} ({unit}, median of {rounds} interleaved do_bench medians)", flush=True)
        base = med.get("triton-ptx")
        for r in order:
            vs = f"  /Triton {med['Triton'] / med[r]:6.3f}"
            if base is not None:
                vs += f"  /triton-ptx {base / med[r]:6.3f}"
            spread = (max(times[r]) - min(times[r])) / med[r]
            lo, mid, hi = quartiles([t / u for t, u in zip(times["Triton"], times[r])])
            paired = f"  paired /Triton {mid:6.3f} [{lo:5.3f} {hi:5.3f}]"
            print(f"  {r:28s} {rate(med[r]):9.1f}{vs}{paired}  spread {spread:5.1%}  {checks.get(r, '')}", flush=True)


def quartiles(xs):
    """The first quartile, the median and the third quartile of xs."""
    if len(xs) < 2:
        return xs[0], xs[0], xs[0]
    q1, q2, q3 = statistics.quantiles(xs, n=4, method="inclusive")
    return q1, q2, q3


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 3)
