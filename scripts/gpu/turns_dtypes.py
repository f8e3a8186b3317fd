"""Matmuls of every dot element type through the plugin, with and without consumers taking turns
over the tiles (GPU machine; torch, Triton 3.6, python/tt_triton on the path).

    TT_TRANSLATE=$PWD/.bin/tt-translate PYTHONPATH=python python3 scripts/gpu/turns_dtypes.py [--time | --time-only]

Each case is a 4-warp sm_90 matmul that tt-persistent-programs makes persistent and whose k-steps
fit the turns' ring, compiled by tt through the plugin once with TT_X_TILE_TURNS=on and once with
off (TURNS_MODE=pairs: with TT_X_TILE_TURNS=pairs instead of on); both outputs are compared with
torch's product of the same inputs (int8: exactly; the float types within a relative bound of
their K and mantissa). The PTX of the "on" build must have the turns' shape (`setmaxnreg` and 384
threads), so that a kernel the turns refuse does not pass as checked. Four kernels: three without
masks (shapes that are multiples of the blocks), whose program ids walk down the columns of a 1-D
grid ("unmasked"), along its rows ("rowmajor") or come from a 2-D grid ("grid2d"), and Triton's
tutorial 03 form with masks and grouped program ids on ragged shapes ("masked"). Exit status 1
on any mismatch or a missing turn. --time then times the kernels (TIME_KERNELS, default
unmasked, masked and grid2d) at 4096^3 and 8192^3 (TIME_SIZES) for f16 (f16 and f32 outputs; TIME_TYPES), on
normal and on low-entropy data: tt's builds paired (with the turns and without them;
TURNS_VARIANTS="label:K=V,...;..." names others, TILE=BMxBNwWARPS among them a tile other than
128x128 on 4 warps), and Triton's own compile of the 128x128 kernel after them.
"""
import os
import re
import sys

os.environ["TRITON_ALWAYS_COMPILE"] = "1"  # before Triton reads its knobs: every build compiles
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

import tt_triton  # noqa: E402

# The matmul without masks is the one tt's simulator tests run (tools/ttrun/testdata): on a 1-D
# grid walking down the columns, or on a 2-D grid (GRID_2D).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "ttrun", "testdata"))
from unmasked_matmul import unmasked_matmul  # noqa: E402


@triton.jit
def masked_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr, INT_ACC: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    offs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32 if INT_ACC else tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc, out_dtype=tl.int32 if INT_ACC else tl.float32)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, acc.to(c_ptr.dtype.element_ty), mask=c_mask)


# name: (input dtype, output dtype, BLOCK_K, relative error bound; 0: exact)
TYPES = {
    "f16": (torch.float16, torch.float16, 64, 1e-2),
    "f16-f32": (torch.float16, torch.float32, 64, 1e-5),
    "f16k32": (torch.float16, torch.float16, 32, 1e-2),  # 32-deep k-steps: twice the ring's slots
    "bf16": (torch.bfloat16, torch.bfloat16, 64, 2e-2),
    "tf32": (torch.float32, torch.float32, 32, 1e-5),
    "fp8e4nv": (torch.float8_e4m3fn, torch.float32, 128, 1e-5),
    "fp8e5": (torch.float8_e5m2, torch.float16, 128, 1e-2),
    "int8": (torch.int8, torch.int32, 128, 0),
    "int8-int8": (torch.int8, torch.int8, 128, 0),
}


def inputs(dtype, M, N, K, data="quarters"):
    g = torch.Generator(device="cuda").manual_seed(M * 7 + N * 3 + K)
    if dtype == torch.int8:
        mk = lambda r, c: torch.randint(-128, 128, (r, c), dtype=torch.int8, device="cuda", generator=g)
    elif data == "randn":
        # what the perf suite times: an H200 at its power limit runs slower on such data than on
        # the quarters below, whose bits toggle less
        mk = lambda r, c: torch.randn((r, c), device="cuda", generator=g).to(dtype)
    else:
        # quarters in [-1, 1]: every product and partial sum of the float types is exact in f32
        # (and in e4m3, e5m2, tf32), so the bound covers only the output's rounding
        mk = lambda r, c: (torch.randint(-4, 5, (r, c), device="cuda", generator=g).float() / 4).to(dtype)
    return mk(M, K), mk(K, N)


def reference(a, b, out_dt):
    if a.dtype == torch.int8:
        # exact, then wrapped to the output's width as the kernel's trunci does
        # float64 holds every sum (|sum| < 2^53); CUDA has no integer matmul
        return (a.double() @ b.double()).long().to(torch.int32).to(out_dt)
    return a.float() @ b.float()


_builds = {}


def build(kernel, tag):
    """A JITFunction of kernel's Python function of its own for each tag: the JIT looks a compiled
    kernel up by its arguments alone, so builds under different settings need separate caches."""
    key = (kernel.fn, tag)
    if key not in _builds:
        _builds[key] = triton.jit(kernel.fn)
    return _builds[key]


def launch(kernel_name, tname, a, b, M, N, K, tag, bm=128, bn=128, warps=4):
    """The output buffer (poisoned) and a launcher of tag's build of the kernel on a and b (f32
    operands multiply in tf32, Triton's default), with bm x bn tiles on `warps` warps."""
    dt, out_dt, bk, _ = TYPES[tname]
    c = torch.empty((M, N), dtype=out_dt, device="cuda")
    c.fill_(-1 if not out_dt.is_floating_point else float("nan"))
    grid = (triton.cdiv(M, bm) * triton.cdiv(N, bn),)
    flags = dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, INT_ACC=dt == torch.int8, num_warps=warps, num_stages=3)
    if kernel_name == "grid2d":
        k = build(unmasked_matmul, tag)
        grid2 = (triton.cdiv(M, bm), triton.cdiv(N, bn))
        run = lambda: k[grid2](a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0), GRID_2D=True, **flags)
    elif kernel_name in ("unmasked", "rowmajor"):
        k = build(unmasked_matmul, tag)
        rows = kernel_name == "rowmajor"
        run = lambda: k[grid](a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0), ROW_MAJOR=rows, **flags)
    else:
        k = build(masked_matmul, tag)
        run = lambda: k[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                              c.stride(0), c.stride(1), GROUP_M=8, **flags)
    return c, run


def run_case(kernel_name, tname, M, N, K):
    dt, out_dt, bk, tol = TYPES[tname]
    a, b = inputs(dt, M, N, K)
    ref = reference(a, b, out_dt)
    results = {}
    for turns in ("on", "off"):
        os.environ["TT_X_TILE_TURNS"] = TURNS_MODE if turns == "on" else turns
        c, run = launch(kernel_name, tname, a, b, M, N, K, int(turns == "on"))
        ptx = run().asm["ptx"]
        torch.cuda.synchronize()
        turned = "setmaxnreg" in ptx and bool(re.search(r"\.(reqntid|maxntid) 384\b", ptx))
        if tol == 0:
            err = (c.long() - ref.long()).abs().max().item()
            ok = err == 0
        else:
            err = ((c.float() - ref).abs() / (ref.abs() + 1)).max().item()
            ok = err <= tol  # NaN (an element never written) fails
        results[turns] = (ok, err, turned)
    return results


# What the "on" build sets TT_X_TILE_TURNS to: on (the turns), or pairs
# (transforms/pipeliner/ws_pairs.go); the same check of the PTX holds for both.
TURNS_MODE = os.environ.get("TURNS_MODE", "on")


def tile_setting(text):
    """(BLOCK_M, BLOCK_N, warps) from "BMxBNwWARPS"."""
    bm, rest = text.split("x")
    bn, warps = rest.split("w")
    return int(bm), int(bn), int(warps)


# The builds --time compares: a label and the experimental settings tt-translate compiles it with
# (TILE=BMxBNwWARPS: the kernel launched with that tile instead of 128x128 on 4 warps).
VARIANTS = [("on", {"TT_X_TILE_TURNS": "on"}), ("off", {"TT_X_TILE_TURNS": "off"})]
if os.environ.get("TURNS_VARIANTS"):  # "label:K=V,K=V;label:..."
    VARIANTS = [(v.split(":")[0], dict(kv.split("=") for kv in v.split(":")[1].split(",") if kv))
                for v in os.environ["TURNS_VARIANTS"].split(";")]


def timing(tnames, sizes, rounds=3):
    """Medians over interleaved rounds of do_bench medians of tt's builds (VARIANTS, paired in
    each round), for both kernels, on normal and on low-entropy (quarters) data; then Triton's own
    compile of each, timed after tt's (tt_triton.enable() and disable() empty the JIT's caches,
    so Triton's kernels cannot be interleaved with tt's in one process)."""
    from triton.testing import do_bench
    kernels = os.environ.get("TIME_KERNELS", "unmasked,masked,grid2d").split(",")
    cases = [(k, size, t, data) for k in kernels for size in sizes for t in tnames
             for data in ("randn", "quarters")]
    rates = {}
    for kname, size, tname, data in cases:
        dt = TYPES[tname][0]
        a, b = inputs(dt, size, size, size, data)
        runs = []
        for tag, (label, env) in enumerate(VARIANTS):
            env = dict(env)
            tile = tile_setting(env.pop("TILE", "128x128w4"))
            saved = {k: os.environ.get(k) for k in env}
            os.environ.update(env)
            _, run = launch(kname, tname, a, b, size, size, size, 10 + tag, *tile)
            run()
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k)
                else:
                    os.environ[k] = v
            runs.append(run)
        ms = [[] for _ in runs]
        for r in range(rounds):
            for i in range(len(runs)):
                j = (i + r) % len(runs)
                ms[j].append(do_bench(runs[j], return_mode="median"))
        rates[(kname, size, tname, data)] = [2 * size ** 3 / sorted(x)[len(x) // 2] / 1e9 for x in ms]
    tt_triton.disable()
    for kname, size, tname, data in cases:
        a, b = inputs(TYPES[tname][0], size, size, size, data)
        _, run = launch(kname, tname, a, b, size, size, size, 2)
        run()
        rates[(kname, size, tname, data)].append(
            2 * size ** 3 / sorted(do_bench(run, return_mode="median") for _ in range(rounds))[rounds // 2] / 1e9)
    tt_triton.enable()
    labels = [v[0] for v in VARIANTS]
    print(f"\ntiming: TFLOP/s ({' / '.join(labels)}, {rounds} paired rounds; Triton after them), "
          f"each build's ratio to Triton", flush=True)
    for key in cases:
        r = rates[key]
        print(f"{key[0]:9s} {key[1]:5d} {key[2]:9s} {key[3]:8s} " + " ".join(f"{x:7.1f}" for x in r) + "   "
              + "  ".join(f"{labels[i]} {r[i] / r[-1]:.3f}" for i in range(len(labels))), flush=True)


def main():
    tt_triton.enable()
    failures = 0
    cases = [("unmasked", t, 1024, 768, 1024) for t in TYPES]
    cases += [("grid2d", t, 1024, 768, 1024) for t in ("f16", "f16-f32", "bf16", "tf32")]
    cases += [("rowmajor", t, 1024, 768, 1024) for t in ("f16", "int8")]
    # ragged M and N (masked stores) and K (masked loads), strides that are multiples of 16 (the
    # specialization TMA's descriptors need)
    cases += [("masked", t, 1000, 1168, 912) for t in TYPES]
    # more tiles than two a CTA: whole pairs, the walk's partial block, and (TT_X_TURN_CHUNK=off:
    # tiles P apart) pairs that share nothing, whose two tiles run one after the other
    cases += [(k, "f16", 2048, 2304, 512) for k in ("unmasked", "rowmajor", "grid2d")]
    cases += [("masked", t, 2000, 2224, 464) for t in ("f16", "int8")]
    if "--time-only" in sys.argv:
        cases = []
    for kname, tname, M, N, K in cases:
        try:
            r = run_case(kname, tname, M, N, K)
        except Exception as e:  # a compile or launch failure is a failure of the case
            print(f"{kname:9s} {tname:9s} {M}x{N}x{K}: FAILED {type(e).__name__}: {str(e)[:300]}", flush=True)
            failures += 1
            continue
        on, off = r["on"], r["off"]
        bad = not on[0] or not off[0] or not on[2] or off[2]
        failures += bad
        print(f"{kname:9s} {tname:9s} {M}x{N}x{K}: turns {'ok' if on[0] else 'WRONG'} (err {on[1]:.3g}, "
              f"{'turned' if on[2] else 'NOT TURNED'}), off {'ok' if off[0] else 'WRONG'} (err {off[1]:.3g}"
              f"{', TURNED' if off[2] else ''}){'  <-- FAIL' if bad else ''}", flush=True)
    print(f"{len(cases) - failures} of {len(cases)} cases passed", flush=True)
    if "--time" in sys.argv or "--time-only" in sys.argv:
        timing(os.environ.get("TIME_TYPES", "f16,f16-f32").split(","),
               [int(n) for n in os.environ.get("TIME_SIZES", "4096,8192").split(",")])
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
