#!/usr/bin/env python3
"""Rate, SM clock and power of each perf kernel's launches, on the GPU machine.

    python3 clock_probe.py CASEDIR VARDIR [ROUNDS]     (in .bin/gpu/variants, as variants_bench.py)

variants_bench.py says which build is faster; this says whether a difference is the work a kernel
does per clock or the clock it runs at. An H200 running a dense f16 matmul is held at its power
limit, and the SM clock it grants a kernel then depends on the energy the kernel spends per FLOP
(shared-memory and register-file traffic, L2 traffic): two kernels with the same cycles per tile
can differ by their clocks. For each case (VARIANTS_ONLY=NAME,..., default the 4096 128x128
matmul), each launcher (Triton's, the library peer's, every variant's PTX) runs back to back for
SECONDS (default 3) while nvidia-smi samples the SM clock and the board power every 50 ms; in
random order, ROUNDS times (default 3). It prints per launcher the medians over the rounds of the
rate, the mean SM clock and power over the window (its first half second dropped), and the rate
per GHz of clock (the work per cycle, which the clock does not move). With ONCE=1 it launches
each launcher once, in the order it lists them, and samples nothing: for Nsight Compute, whose
locked clocks give the work per cycle directly (`ncu --metrics ... python3 clock_probe.py ...`).
"""
import json, os, random, statistics, subprocess, sys, threading, time

import torch

import perf_check
import perf_compare as pc

SAMPLE_MS = 50


class Sampler:
    """nvidia-smi's clock and power samples, with their arrival times."""

    def __init__(self):
        self.samples = []
        self.proc = subprocess.Popen(
            ["nvidia-smi", "--query-gpu=clocks.sm,power.draw", "--format=csv,noheader,nounits", "-lms", str(SAMPLE_MS)],
            stdout=subprocess.PIPE, text=True)
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.proc.stdout:
            try:
                mhz, watts = (float(x) for x in line.split(","))
            except ValueError:
                continue
            self.samples.append((time.time(), mhz, watts))

    def window(self, t0, t1):
        got = [(m, w) for t, m, w in self.samples if t0 <= t <= t1]
        if not got:
            return float("nan"), float("nan")
        return statistics.mean(m for m, _ in got), statistics.mean(w for _, w in got)

    def stop(self):
        self.proc.terminate()


def run_for(fn, seconds):
    """Launches fn back to back for about seconds; returns (launches, start, end)."""
    fn()
    torch.cuda.synchronize()
    n, t0 = 0, time.time()
    while time.time() - t0 < seconds:
        for _ in range(20):
            fn()
        n += 20
        torch.cuda.synchronize()
    return n, t0, time.time()


def main(casedir, vardir, rounds):
    seconds = float(os.environ.get("SECONDS_EACH", "3"))
    man = {m["name"]: m for m in json.load(open(os.path.join(casedir, "manifest.json")))}
    variants = sorted(d for d in os.listdir(vardir)
                      if os.path.isdir(os.path.join(vardir, d)) and d != "perf" and not d.startswith(("_", ".")))
    only = set(filter(None, os.environ.get("VARIANTS_ONLY", "matmul_f16_4096_128x128x64_w4").split(",")))
    sampler = None if os.environ.get("ONCE") == "1" else Sampler()
    try:
        for name, k, mk, grid, cx, work, unit, peer in pc.cases():
            if name not in man or name not in only:
                continue
            args = mk()
            runs = {"Triton": lambda: k[grid](*args, **cx), "peer": peer(args)}
            for v in variants:
                if os.path.exists(os.path.join(vardir, v, name + ".ptx")):
                    runs[v] = perf_check.prepare_tt(os.path.join(vardir, v), casedir, name, k, args, man[name])
            if os.environ.get("ONCE") == "1":
                for r, fn in runs.items():
                    print(f"launch {len(runs)}: {r}", flush=True)
                    fn()
                    torch.cuda.synchronize()
                continue
            got = {r: [] for r in runs}
            for _ in range(rounds):
                order = list(runs)
                random.shuffle(order)
                for r in order:
                    n, t0, t1 = run_for(runs[r], seconds)
                    mhz, watts = sampler.window(t0 + 0.5, t1)
                    rate = work * n / (t1 - t0) / 1e12
                    got[r].append((rate, mhz, watts))
            print(f"== {name} ({seconds:g} s a launcher, {rounds} rounds; medians)")
            print(f"  {'launcher':14s} {'TFLOP/s':>8s} {'SM MHz':>7s} {'W':>6s} {'TFLOP/s per GHz':>16s}")
            for r, xs in got.items():
                rate = statistics.median(x[0] for x in xs)
                mhz = statistics.median(x[1] for x in xs)
                watts = statistics.median(x[2] for x in xs)
                print(f"  {r:14s} {rate:8.1f} {mhz:7.0f} {watts:6.0f} {rate / mhz * 1000:16.1f}", flush=True)
    finally:
        if sampler:
            sampler.stop()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 3)
