#!/usr/bin/env python3
"""Interleaved A/B timing of whole tt-translate processes (TTIR -> PTX, --no-cache).

    python3 scripts/compile_ab.py [K=V;...@]BIN[=LABEL][,FLAG...]... [--kernels NAME,...] [--rounds N]

Each round runs every binary once per kernel, in rotating order, so that the
load of a shared machine falls on all of them alike. Per binary and kernel it
prints medians over the rounds of wall time and of CPU time (user + system,
from the child's rusage) in milliseconds, and the page faults. The kernels
are shared/kernels/perf's (its manifest gives warps and stages); by default
the dot kernels and layernorm. K=V;...@ before a binary sets environment
variables for that binary's runs only (GOGC=100@tt-translate=gc), and FLAGs
after the label are added to its command lines (tt-translate=each,--verify-each).
The same binary may appear several times under different labels. TT_PERF_DIR
names the perf kernels' folder where ../shared is not beside the checkout (the
GPU machine: .bin/gpu/perf after scripts/gpu/prepare.sh --perf).
"""
import json, os, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
PERF = os.environ.get("TT_PERF_DIR") or os.path.join(HERE, "..", "..", "shared", "kernels", "perf")
DEFAULT = ["layernorm_dropout_4096", "matmul_f16_4096_128x128x64_w4", "matmul_f16_8192_128x256x64_w8",
           "attention_f16_4096_d64", "attention_f16_4096_d128"]


def run_once(cmd, env):
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    _, status, ru = os.wait4(p.pid, 0)
    wall = (time.perf_counter() - t0) * 1e3
    err = p.stderr.read()
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{' '.join(cmd)} failed: {err.decode()[:300]}")
    return wall, (ru.ru_utime + ru.ru_stime) * 1e3, ru.ru_minflt + ru.ru_majflt


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def main():
    args = sys.argv[1:]
    rounds, kernels = 30, DEFAULT
    bins = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--rounds":
            rounds = int(args[i + 1]); i += 2
        elif a == "--kernels":
            kernels = args[i + 1].split(","); i += 2
        else:
            env = dict(os.environ)
            if "@" in a:
                sets, a = a.split("@", 1)
                env.update(kv.split("=", 1) for kv in sets.split(";"))
            path, _, label = a.partition("=")
            label, *flags = label.split(",")
            bins.append((os.path.abspath(path), label or os.path.basename(path), env, flags)); i += 1
    man = {m["name"]: m for m in json.load(open(os.path.join(PERF, "manifest.json")))}
    res = {}
    with tempfile.TemporaryDirectory() as d:
        for r in range(rounds):
            for k in kernels:
                m = man[k]
                for j in range(len(bins)):
                    path, label, env, flags = bins[(j + r) % len(bins)]
                    cmd = [path, os.path.join(PERF, k + ".ttir"), "--no-cache", "--target=ptx",
                           f"--num-warps={m['num_warps']}", f"--num-stages={m.get('num_stages', 3)}",
                           "-o", os.path.join(d, "out.ptx")] + flags
                    res.setdefault((label, k), []).append(run_once(cmd, env))
    print(f"{rounds} rounds, medians: wall ms / CPU ms (user+sys) / page faults")
    print(f"{'kernel':32s}" + "".join(f"{label:>26s}" for _, label, _, _ in bins))
    for k in kernels:
        row = f"{k:32s}"
        for _, label, _, _ in bins:
            xs = res[(label, k)]
            row += f"{median([x[0] for x in xs]):10.1f} {median([x[1] for x in xs]):7.1f} {median([x[2] for x in xs]):7.0f}"
        print(row)


if __name__ == "__main__":
    main()
