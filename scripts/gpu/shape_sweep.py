"""Triton's tutorial matmul at shapes beyond the perf set's squares, tt through the plugin against
Triton's own build (GPU machine; torch, Triton 3.6, python/tt_triton on the path).

    TT_TRANSLATE=$PWD/.bin/tt-translate PYTHONPATH=python python3 scripts/gpu/shape_sweep.py

tt's schedules for 4-warp 128x128 matmuls (persistent programs, TMA loads, two consumers on pairs
of tiles) were tuned on 4096 and 8192 cubes; this times small, tall, wide and short-K shapes, where
a schedule could cost more than it brings. The kernel is the tutorial's (grouped program ids,
masks; epilogue_check.py's, without an epilogue), f16 inputs and output, tiles 128x128x64 on 4
warps and 128x256x64 on 8, 3 stages. tt's builds are timed first, Triton's after them (the
plugin's enable and disable empty the JIT's caches); each output is compared with torch's (f32
accumulation). Medians of ROUNDS (default 5) do_bench medians, TFLOP/s, and tt / Triton.

SHAPES="MxNxK,..." times those shapes instead; TT_VARIANTS="NAME=VAR=VALUE[+VAR=VALUE],..." also
times tt with each set of tt's experimental environment variables (docs/perf-notes.md), e.g.
TT_VARIANTS="off=TT_X_STEPPED_POINTERS=off".
"""
import os
import sys

os.environ["TRITON_ALWAYS_COMPILE"] = "1"
import torch  # noqa: E402
import triton  # noqa: E402

import tt_triton  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from epilogue_check import epilogue_matmul  # noqa: E402  (the tutorial's kernel; EPI="none" here)

matmul = epilogue_matmul


SHAPES = [(512, 512, 512), (1024, 1024, 1024), (2048, 2048, 2048), (4096, 4096, 1024), (4096, 4096, 16384),
          (8192, 8192, 512), (16384, 256, 8192), (256, 16384, 8192), (16384, 16384, 256), (3000, 5000, 1000)]
TILES = [(128, 128, 4), (128, 256, 8)]


def case(M, N, K, bm, bn, warps):
    g = torch.Generator(device="cuda").manual_seed(M + 3 * N + 7 * K)
    a = torch.randn(M, K, device="cuda", generator=g, dtype=torch.float16)
    b = torch.randn(K, N, device="cuda", generator=g, dtype=torch.float16)
    c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
    grid = (triton.cdiv(M, bm) * triton.cdiv(N, bn),)
    unused = torch.empty(1, device="cuda", dtype=torch.float16)  # the epilogue's operands, not read with EPI="none"
    scale = torch.empty(1, device="cuda", dtype=torch.float32)
    run = lambda: matmul[grid](a, b, c, unused, unused, scale, M, N, K, a.stride(0), b.stride(0), c.stride(0), 1,
                               0, EPI="none", BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=64, GROUP_M=8, num_warps=warps,
                               num_stages=3)
    return a, b, c, run


def measure(rounds):
    from triton.testing import do_bench
    out = {}
    for (M, N, K) in SHAPES:
        for bm, bn, warps in TILES:
            a, b, c, run = case(M, N, K, bm, bn, warps)
            run()
            torch.cuda.synchronize()
            ref = a.float() @ b.float()
            err = ((c.float() - ref).norm() / ref.norm()).item()
            ms = sorted(do_bench(run, return_mode="median") for _ in range(rounds))[rounds // 2]
            out[(M, N, K, bm, bn)] = (2 * M * N * K / ms / 1e9, err)
    return out


def variants():
    """[(name, {VAR: VALUE})]: tt as it is, then TT_VARIANTS'."""
    out = [("tt", {})]
    for spec in filter(None, os.environ.get("TT_VARIANTS", "").split(",")):
        name, _, settings = spec.partition("=")
        out.append((name, dict(s.split("=", 1) for s in settings.split("+"))))
    return out


def main():
    global SHAPES, matmul
    if os.environ.get("SHAPES"):
        SHAPES = [tuple(int(x) for x in s.split("x")) for s in os.environ["SHAPES"].split(",")]
    rounds = int(os.environ.get("ROUNDS", "5"))
    tt_triton.enable()
    tt = {}
    for name, env in variants():
        saved = {k: os.environ.get(k) for k in env}
        os.environ.update(env)
        matmul = triton.jit(epilogue_matmul.fn)  # a new JIT: nothing compiled under other settings
        tt[name] = measure(rounds)
        for k, v in saved.items():
            os.environ.pop(k) if v is None else os.environ.__setitem__(k, v)
    tt_triton.disable()
    matmul = triton.jit(epilogue_matmul.fn)
    tri = measure(rounds)
    bad = 0
    print(f"TFLOP/s, medians of {rounds} do_bench medians (tt first, then Triton)")
    for key in tri:
        r_tri = tri[key][0]
        M, N, K, bm, bn = key
        cols = []
        for name, res in tt.items():
            r, e = res[key]
            ok = e <= 1e-2
            bad += not ok
            cols.append(f"{name} {r:7.1f} ({r / r_tri:.3f}{'' if ok else f', WRONG: rel err {e:.1e}'})")
        print(f"{M:5d}x{N:5d}x{K:5d} {bm}x{bn}: Triton {r_tri:7.1f}  " + "  ".join(cols), flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
