#!/usr/bin/env python3
"""Time to first launch: from nothing compiled to a finished first launch
(compile, load, launch, synchronize) of the example kernels (vector add
2^24, softmax 4096x1024, fused residual+layernorm+dropout 4096x1024, the
grouped matmul 4096^3 fp16 128x128x64), each in a fresh process, cold (an
empty cache) then warm (the cache the cold run filled): Triton's JIT
(TRITON_CACHE_DIR) and tt's API (TT_CACHE_DIR, the test binary's
TestGPUFirstLaunch). The GPU context is made before the clock starts in
both.

Run from the repository root (scripts/gpu/run_api.sh does):
    python3 .bin/gpu/api/first_launch.py --out DIR
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

TRITON_CHILD = r'''
import importlib.util, time, torch, triton
spec = importlib.util.spec_from_file_location("kernel_patterns", "examples/kernel_patterns.py")
kp = importlib.util.module_from_spec(spec); spec.loader.exec_module(kp)
n, rows, cols, mm = 1 << 24, 4096, 1024, 4096
x = torch.randn(n, device="cuda"); y = torch.randn(n, device="cuda"); z = torch.empty(n, device="cuda")
w = torch.ones(cols, device="cuda")
a = torch.randn((mm, mm), device="cuda", dtype=torch.float16); b = torch.randn_like(a); c = torch.empty_like(a)
torch.cuda.synchronize()
runs = [
  ("vector_add_kernel", lambda: kp.vector_add_kernel[(n // 1024,)](x, y, z, n, BLOCK_SIZE=1024)),
  ("softmax_kernel", lambda: kp.softmax_kernel[(rows,)](x, y, cols, cols, cols, BLOCK_SIZE=1024)),
  ("fused_residual_layernorm_dropout", lambda: kp.fused_residual_layernorm_dropout[(rows,)](
      x, y, w, w, z, cols, 1e-5, 0.1, 1234, cols, BLOCK_SIZE=1024)),
  ("matmul_kernel", lambda: kp.matmul_kernel[((mm // 128) * (mm // 128),)](
      a, b, c, mm, mm, mm, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
      BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, GROUP_M=8)),
]
for name, run in runs:
    t0 = time.perf_counter(); run(); torch.cuda.synchronize()
    print(f"first-launch {name} {(time.perf_counter() - t0) * 1e3:.3f} ms", flush=True)
'''

LINE = re.compile(r"^first-launch (\S+) ([\d.]+) ms")


def parse(text):
    return {m.group(1): float(m.group(2)) for m in map(LINE.match, text.splitlines()) if m}


def run(cmd, env):
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        print(p.stdout, p.stderr, file=sys.stderr)
        raise SystemExit(f"{cmd[0]} failed (exit {p.returncode})")
    return parse(p.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=".")
    ap.add_argument("--test-binary", default=".bin/tt_api.test")
    args = ap.parse_args()
    res = {}
    with tempfile.TemporaryDirectory() as tri_cache, tempfile.TemporaryDirectory() as tt_cache:
        tri_env = dict(os.environ, TRITON_CACHE_DIR=tri_cache)
        tt_env = dict(os.environ, TT_CACHE_DIR=tt_cache, TT_FIRST_LAUNCH="1")
        tt_cmd = [args.test_binary, "-test.run", "^TestGPUFirstLaunch$", "-test.v"]
        for mode in ("cold", "warm"):
            res[f"triton_{mode}"] = run([sys.executable, "-c", TRITON_CHILD], tri_env)
            res[f"tt_{mode}"] = run(tt_cmd, tt_env)
    kernels = list(res["triton_cold"])
    print(f"{'kernel':36s} {'tt cold':>10s} {'Triton cold':>12s} {'tt warm':>10s} {'Triton warm':>12s}  (ms)")
    for k in kernels:
        print(f"{k:36s} {res['tt_cold'].get(k, float('nan')):10.1f} {res['triton_cold'][k]:12.1f} "
              f"{res['tt_warm'].get(k, float('nan')):10.1f} {res['triton_warm'][k]:12.1f}")
    with open(os.path.join(args.out, "first_launch.json"), "w") as f:
        json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()
