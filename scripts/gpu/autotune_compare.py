#!/usr/bin/env python3
"""Autotunes the seeds' grouped-order matmul (examples/matmul_autotune.py,
16 configurations, M = N = K = 4096, fp16) with Triton 3.6's own
@triton.autotune and with `tt-run --autotune`, on the same inputs in one
run, and prints both tables and how tt's choice compares with Triton's
best: tt's chosen configuration timed by Triton's autotuner against
Triton's best (the choice), and tt's time of its choice against Triton's
best time (the kernels). Both tuners use do_bench's budgets (25 ms warm-up,
100 ms of runs, L2 flushed before each) and compare medians.

Run from the repository root (scripts/gpu/run_api.sh does):
    python3 .bin/gpu/api/autotune_compare.py --out DIR
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np
import torch
import triton

ROW = re.compile(r"^([* ])\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(.*)$")
SKIP = re.compile(r"^([* ])\s+(\d+)\s+-\s+(.*)$")


def triton_autotune(a, b, c, M, N, K):
    spec = importlib.util.spec_from_file_location("matmul_autotune", "examples/matmul_autotune.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    kern = mod.matmul_kernel
    grid = lambda META: (triton.cdiv(M, META["BLOCK_M"]) * triton.cdiv(N, META["BLOCK_N"]),)
    kern[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
    torch.cuda.synchronize()
    timings = {}
    for cfg, t in kern.configs_timings.items():
        t = t if isinstance(t, (list, tuple)) else [t]
        timings[str(cfg)] = [float(x) for x in t]
    return timings, str(kern.best_config)


def tt_autotune(tt_run, a, b, M, N, K, work):
    paths = {}
    for name, arr in (("a", a), ("b", b), ("c", np.zeros((M, N), np.float16))):
        paths[name] = os.path.join(work, name + ".npy")
        np.save(paths[name], arr)
    out = os.path.join(work, "c_tt.npy")
    cmd = [tt_run, "examples/matmul_autotune.py", "--autotune", "--backend", "cuda",
           "--grid", "cdiv(M, BLOCK_M) * cdiv(N, BLOCK_N)",
           "--arg", "a_ptr=@" + paths["a"], "--arg", "b_ptr=@" + paths["b"], "--arg", "c_ptr=@" + paths["c"],
           "--arg", f"M={M}", "--arg", f"N={N}", "--arg", f"K={K}",
           "--arg", f"stride_am={K}", "--arg", "stride_ak=1", "--arg", f"stride_bk={N}", "--arg", "stride_bn=1",
           "--arg", f"stride_cm={N}", "--arg", "stride_cn=1", "--out", "c_ptr=" + out]
    env = dict(os.environ, TT_CACHE_DIR=os.path.join(work, "tt-cache"))  # a fresh cache: tt tunes
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    print(p.stdout, end="")
    print(p.stderr, end="", file=sys.stderr)
    if p.returncode != 0:
        raise SystemExit(f"tt-run --autotune failed (exit {p.returncode})")
    table, best, skipped = {}, None, {}
    lines = p.stdout.splitlines()
    for i, line in enumerate(lines):
        m = ROW.match(line)
        if m:
            table[m.group(6)] = [float(m.group(3)), float(m.group(4)), float(m.group(5))]
            if m.group(1) == "*":
                best = m.group(6)
            continue
        m = SKIP.match(line)
        if m:
            reason = lines[i + 1].strip() if i + 1 < len(lines) else ""
            skipped[m.group(3)] = reason
    return table, best, skipped, np.load(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=".")
    ap.add_argument("--size", type=int, default=4096)
    ap.add_argument("--tt-run", default=".bin/tt-run")
    args = ap.parse_args()
    M = N = K = args.size
    torch.manual_seed(0)
    a = torch.randn((M, K), device="cuda", dtype=torch.float16)
    b = torch.randn((K, N), device="cuda", dtype=torch.float16)
    c = torch.empty((M, N), device="cuda", dtype=torch.float16)
    print(f"GPU: {torch.cuda.get_device_name()}, Triton {triton.__version__}, matmul {M}x{N}x{K} fp16")

    tri, tri_best = triton_autotune(a, b, c, M, N, K)
    ref = (a.float() @ b.float())
    tri_err = ((c.float() - ref).norm() / ref.norm()).item()
    print("\n== Triton's autotuner (median, p20, p80 ms)")
    for cfg, t in sorted(tri.items(), key=lambda kv: kv[1][0]):
        print(f"{'*' if cfg == tri_best else ' '} {t[0]:10.4f} {t[1] if len(t) > 1 else float('nan'):10.4f} "
              f"{t[2] if len(t) > 2 else float('nan'):10.4f}  {cfg}")

    with tempfile.TemporaryDirectory() as work:
        print("\n== tt-run --autotune")
        tt, tt_best, tt_skipped, c_tt = tt_autotune(args.tt_run, a.cpu().numpy(), b.cpu().numpy(), M, N, K, work)
    tt_err = float(np.linalg.norm(c_tt.astype(np.float32) - ref.cpu().numpy()) / np.linalg.norm(ref.cpu().numpy()))

    tri_best_ms = tri[tri_best][0]
    choice_by_triton = tri.get(tt_best, [float("inf")])[0]
    summary = {
        "gpu": torch.cuda.get_device_name(), "triton": triton.__version__, "size": M,
        "configs": len(tri), "tt_timed": len(tt), "tt_skipped": tt_skipped,
        "triton_best": tri_best, "triton_best_ms": tri_best_ms,
        "tt_best": tt_best, "tt_best_ms_by_tt": tt[tt_best][0] if tt_best else None,
        "tt_best_ms_by_triton": choice_by_triton,
        "choice_ratio": choice_by_triton / tri_best_ms,
        "kernel_ratio": (tt[tt_best][0] / tri_best_ms) if tt_best else None,
        "triton_rel_err": tri_err, "tt_rel_err": tt_err,
        "triton_timings": tri, "tt_timings": tt,
    }
    print("\n== summary")
    for k in ("triton_best", "triton_best_ms", "tt_best", "tt_best_ms_by_tt", "tt_best_ms_by_triton",
              "choice_ratio", "kernel_ratio", "triton_rel_err", "tt_rel_err"):
        print(f"{k}: {summary[k]}")
    ok = summary["choice_ratio"] <= 1.03 and tt_err < 1e-2
    print("tt's choice is within 3% of Triton's best:", "yes" if summary["choice_ratio"] <= 1.03 else "NO")
    with open(os.path.join(args.out, "autotune_compare.json"), "w") as f:
        json.dump(summary, f, indent=1)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
