#!/usr/bin/env python3
"""tt-tma-loads' tensor-map pool under concurrent launches, on the GPU machine (CuPy).

    scripts/gpu/perf_variants.sh tma=worktree,TT_X_TMA_LOADS=on      (development machine)
    cp scripts/gpu/pool_streams.py .bin/gpu/variants/
    python3 .bin/gpu/variants/pool_streams.py .bin/gpu/variants/tma  (GPU machine, carrying .bin/gpu/variants)

The suite's 4096 128x128 matmul as tt-tma-loads compiles it (its maps in the module's pool of
slots, claimed by the programs that walk tiles and released before they return), launched the
way perf_compare.py launches tt's PTX: one module, the TTIR's parameters only. Eight streams each
multiply their own A and B, with their own M, N and K (so that their maps differ: a slot handed
from one launch to another must be rebuilt, never reused), ROUNDS times each, all in flight
together; every product is checked against cuBLAS's (relative error), and afterwards every claim
word of the pool must be 0 again. A failure prints what differed and exits 1. SHAPES="M,N,K;..."
replaces the eight shapes (smaller ones for a run under compute-sanitizer).
"""
import json
import os
import sys

import cupy as cp

NAME = "matmul_f16_4096_128x128x64_w4"
SHAPES = [(4096, 4096, 4096), (3968, 4096, 4032), (4096, 3840, 4096), (2048, 4096, 8192),
          (4096, 2176, 1024), (1920, 1984, 4096), (4096, 4096, 576), (3072, 2944, 2048)]
if os.environ.get("SHAPES"):  # "M,N,K;M,N,K...": e.g. smaller ones under compute-sanitizer
    SHAPES = [tuple(int(x) for x in t.split(",")) for t in os.environ["SHAPES"].split(";")]


def main():
    variant = sys.argv[1]
    rounds = int(os.environ.get("ROUNDS", "20"))
    md = json.load(open(os.path.join(variant, NAME + ".json")))
    mod = cp.RawModule(path=os.path.join(variant, NAME + ".ptx"))
    fn = mod.get_function(md["name"])
    shared = int(md.get("shared", 0))
    if shared > 48 * 1024:
        fn.max_dynamic_shared_size_bytes = shared
    try:
        claims = cp.ndarray((2048,), cp.uint32, mod.get_global("__tt_tensormap_claims"))
    except Exception as e:  # the variant was not compiled with the pool
        print(f"FAIL: the PTX declares no tensor-map pool ({e})")
        sys.exit(1)
    block = (32 * int(md["num_warps"]), 1, 1)
    jobs = []
    rng = cp.random.default_rng(1)
    for m, n, k in SHAPES:
        a = rng.standard_normal((m, k), dtype=cp.float32).astype(cp.float16)
        b = rng.standard_normal((k, n), dtype=cp.float32).astype(cp.float16)
        c = cp.full((m, n), cp.nan, dtype=cp.float16)
        grid = (((m + 127) // 128) * ((n + 127) // 128), 1, 1)
        # a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm (unit strides specialized away)
        args = (a, b, c, cp.int32(m), cp.int32(n), cp.int32(k), cp.int32(k), cp.int32(n), cp.int32(n))
        jobs.append((cp.cuda.Stream(non_blocking=True), grid, args, a, b, c))
    cp.cuda.Device().synchronize()
    for _ in range(rounds):
        for s, grid, args, *_ in jobs:
            with s:
                fn(grid, block, args, shared_mem=shared)
    cp.cuda.Device().synchronize()
    failed = False
    for (m, n, k), (_, _, _, a, b, c) in zip(SHAPES, jobs):
        ref = (a.astype(cp.float32) @ b.astype(cp.float32))
        err = float(cp.linalg.norm(c.astype(cp.float32) - ref) / cp.linalg.norm(ref))
        ok = err <= 1e-2 and not bool(cp.isnan(c).any())
        failed |= not ok
        print(f"{m}x{n}x{k}: rel err {err:.1e} {'ok' if ok else 'WRONG'}")
    held = int((claims != 0).sum())
    print(f"claim words still held after {rounds} rounds on {len(jobs)} streams: {held}")
    if failed or held:
        print("FAIL")
        sys.exit(1)
    print("PASS")


if __name__ == "__main__":
    main()
