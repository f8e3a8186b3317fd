#!/usr/bin/env python3
"""Where a tt-translate process's wall time goes, per perf kernel.

    python3 compile_breakdown.py PERF_DIR TT_TRANSLATE ROUNDS [extra flags...]

Medians over ROUNDS runs with --mlir-timing, in milliseconds: the
process's wall, user and system time, then the report's rows: Parser
(parse), every pass but the lowering (passes), ConvertTritonGPUToGPU
(lower), Verifier (verify), PTX emission (emit), Output (out) and Total;
rest is wall less Total (process start-up, package initialization,
reading the input, exit).
"""
import re, json, os, subprocess, sys, time, statistics, tempfile

def main():
    pdir, tt, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    extra = sys.argv[4:]
    man = json.load(open(os.path.join(pdir, "manifest.json")))
    d = tempfile.mkdtemp()
    print(f"{'kernel':30s} {'wall':>6s} {'user':>6s} {'sys':>5s} | {'parse':>5s} {'passes':>6s} {'lower':>5s} {'verify':>6s} {'emit':>5s} {'out':>5s} {'total':>6s} {'rest':>5s}")
    for m in man:
        path = os.path.join(pdir, m["name"] + ".ttir")
        if not os.path.exists(path):
            continue
        cmd = [tt, path, "--no-cache", "--target=ptx", f"--num-warps={m['num_warps']}",
               f"--num-stages={m.get('num_stages', 3)}", "-o", os.path.join(d, "k.ptx"), "--mlir-timing"] + extra
        rows = []
        for r in range(rounds + 1):
            t0 = time.perf_counter()
            p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            err = p.stderr.read()
            _, status, ru = os.wait4(p.pid, 0)
            wall = (time.perf_counter() - t0) * 1e3
            ph = {"parse": 0, "passes": 0, "lower": 0, "verify": 0, "emit": 0, "out": 0, "total": 0}
            for line in err.splitlines():
                mt = re.match(r"^\s*([\d.]+)\s+\(\s*[\d.]+%\)\s+(.*)$", line)
                if not mt:
                    continue
                ms, name = float(mt.group(1)) * 1e3, mt.group(2).strip()
                if name == "Parser": ph["parse"] += ms
                elif name == "Output": ph["out"] += ms
                elif name == "Total": ph["total"] = ms
                elif name == "Verifier": ph["verify"] += ms
                elif name.endswith("emission"): ph["emit"] += ms
                elif name == "ConvertTritonGPUToGPU": ph["lower"] += ms
                elif not name.startswith("'"): ph["passes"] += ms
            if r:
                rows.append((wall, ru.ru_utime * 1e3, ru.ru_stime * 1e3, ph))
        med = lambda xs: statistics.median(xs)
        w = med([x[0] for x in rows]); u = med([x[1] for x in rows]); s = med([x[2] for x in rows])
        pm = {k: med([x[3][k] for x in rows]) for k in rows[0][3]}
        print(f"{m['name'][:30]:30s} {w:6.1f} {u:6.1f} {s:5.1f} | {pm['parse']:5.1f} {pm['passes']:6.1f} {pm['lower']:5.1f} {pm['verify']:6.1f} {pm['emit']:5.1f} {pm['out']:5.1f} {pm['total']:6.1f} {w - pm['total']:5.1f}", flush=True)

main()
