"""Matmuls with fused epilogues through the plugin: the pairs' consumer warpgroups (and the
turns') carry the epilogue into their partitions, so what the epilogue reads besides the
accumulator must reach them too (GPU machine; torch, Triton 3.6, python/tt_triton on the path).

    TT_TRANSLATE=$PWD/.bin/tt-translate PYTHONPATH=python python3 scripts/gpu/epilogue_check.py [--time]

Each case is a 4-warp sm_90 128x128x64 matmul in Triton's tutorial form (masks, grouped program
ids) whose epilogue does one of: add a bias row loaded per column, add a residual matrix D loaded
per element (C = AB + D), scale by a scalar loaded from memory, apply leaky ReLU, or store the
transposed tile (C's strides swapped), at ragged shapes and at shapes that are multiples of the
tiles. Every case is compiled by tt through the plugin, checked to be the specialized kernel (384
threads and setmaxnreg), and compared with torch (f16 inputs, f32 accumulation: a bound relative
to the output's magnitude). Exit status 1 on any mismatch or a case tt did not specialize.
--time then times every epilogue at 4096^3 and 8192^3 (randn data): tt's builds, the default and
one with TT_X_HOIST_EPILOGUE=off (the epilogue's loads left after the K loop), interleaved in ROUNDS
(default 5) rounds, then Triton's own (the plugin's enable and disable empty the JIT's caches, so
Triton's cannot be interleaved with tt's in one process); medians of do_bench medians, TFLOP/s and
the ratios to Triton.
"""
import os
import re
import sys

os.environ["TRITON_ALWAYS_COMPILE"] = "1"
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

import tt_triton  # noqa: E402


@triton.jit
def epilogue_matmul(a_ptr, b_ptr, c_ptr, bias_ptr, d_ptr, scale_ptr, M, N, K, stride_am, stride_bk,
                    stride_cm, stride_cn, stride_dm, EPI: tl.constexpr, BLOCK_M: tl.constexpr,
                    BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
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
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :])
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :])
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * stride_bk
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    if EPI == "bias":
        acc += tl.load(bias_ptr + offs_cn, mask=offs_cn < N, other=0.0)[None, :].to(tl.float32)
    elif EPI == "residual":
        acc += tl.load(d_ptr + offs_cm[:, None] * stride_dm + offs_cn[None, :], mask=c_mask, other=0.0).to(tl.float32)
    elif EPI == "scale":
        acc *= tl.load(scale_ptr)
    elif EPI == "leaky":
        acc = tl.where(acc >= 0, acc, 0.01 * acc)
    c = acc.to(tl.float16)
    tl.store(c_ptr + offs_cm[:, None] * stride_cm + offs_cn[None, :] * stride_cn, c, mask=c_mask)


def reference(epi, a, b, bias, d, scale):
    r = a.float() @ b.float()
    if epi == "bias":
        r += bias.float()[None, :]
    elif epi == "residual":
        r += d.float()
    elif epi == "scale":
        r *= scale.float()
    elif epi == "leaky":
        r = torch.where(r >= 0, r, 0.01 * r)
    return r


_builds = {}


def build(tag):
    """A JITFunction of the kernel of its own for each tag: the JIT looks a compiled kernel up by its
    arguments alone, so builds under different settings need separate caches."""
    if tag not in _builds:
        _builds[tag] = triton.jit(epilogue_matmul.fn)
    return _builds[tag]


def launcher(epi, M, N, K, transposed, tag=0):
    """The inputs, the output buffer (NaN) and a launcher of tag's build of the kernel with
    epilogue epi."""
    g = torch.Generator(device="cuda").manual_seed(M * 7 + N * 3 + K)
    rnd = lambda *s: torch.randn(*s, device="cuda", generator=g, dtype=torch.float16)
    a, b, bias, d = rnd(M, K), rnd(K, N), rnd(N), rnd(M, N)
    scale = torch.tensor([0.37], device="cuda", dtype=torch.float32)
    if transposed:  # C stored column-major: element (m, n) at n * M + m
        store = torch.full((N, M), float("nan"), device="cuda", dtype=torch.float16)
        stride_cm, stride_cn = 1, M
    else:
        store = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
        stride_cm, stride_cn = N, 1
    grid = (triton.cdiv(M, 128) * triton.cdiv(N, 128),)
    k = build(tag)
    run = lambda: k[grid](a, b, store, bias, d, scale, M, N, K, a.stride(0), b.stride(0), stride_cm, stride_cn,
                          d.stride(0), EPI=epi, BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, GROUP_M=8, num_warps=4,
                          num_stages=3)
    return (a, b, bias, d, scale), store, run


def run_case(epi, M, N, K, transposed):
    (a, b, bias, d, scale), store, run = launcher(epi, M, N, K, transposed)
    k = run()
    torch.cuda.synchronize()
    ptx = k.asm["ptx"]
    specialized = "setmaxnreg" in ptx and bool(re.search(r"\.(reqntid|maxntid) 384\b", ptx))
    c = store.t() if transposed else store
    ref = reference(epi, a, b, bias, d, scale)
    err = ((c.float() - ref).abs() / (ref.abs() + 1)).max().item()
    return err <= 2e-2, err, specialized


def main():
    tt_triton.enable()
    cases = [(epi, M, N, K, False) for epi in ("none", "bias", "residual", "scale", "leaky")
             for M, N, K in ((2048, 2304, 512), (1000, 1168, 912))]
    cases += [("bias", 2048, 2304, 512, True), ("residual", 1000, 1168, 912, True)]
    failures = 0
    for epi, M, N, K, transposed in cases:
        try:
            ok, err, specialized = run_case(epi, M, N, K, transposed)
        except Exception as e:  # a compile or launch failure is a failure of the case
            print(f"{epi:9s} {M}x{N}x{K}{' C^T' if transposed else ''}: FAILED {type(e).__name__}: {str(e)[:300]}",
                  flush=True)
            failures += 1
            continue
        bad = not ok or not specialized
        failures += bad
        print(f"{epi:9s} {M}x{N}x{K}{' C^T' if transposed else ''}: {'ok' if ok else 'WRONG'} (err {err:.3g}, "
              f"{'specialized' if specialized else 'NOT SPECIALIZED'}){'  <-- FAIL' if bad else ''}", flush=True)
    print(f"{len(cases) - failures} of {len(cases)} cases passed", flush=True)
    if "--time" in sys.argv:
        timing()
    sys.exit(1 if failures else 0)


def timing():
    from triton.testing import do_bench
    rounds = int(os.environ.get("ROUNDS", "5"))
    cases = [(epi, size) for size in (4096, 8192) for epi in ("none", "bias", "residual", "scale", "leaky")]
    variants = [("tt", {}), ("no hoist", {"TT_X_HOIST_EPILOGUE": "off"})]
    flops = lambda size, ms: 2 * size ** 3 / ms / 1e9
    rates = {}
    for epi, size in cases:  # tt's builds (the plugin is on), paired in each round
        runs = []
        for tag, (_, env) in enumerate(variants):
            saved = {k: os.environ.get(k) for k in env}
            os.environ.update(env)
            _, _, run = launcher(epi, size, size, size, False, 10 + tag)
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
        rates[(epi, size)] = [flops(size, sorted(x)[len(x) // 2]) for x in ms]
    tt_triton.disable()
    labels = [v[0] for v in variants]
    print(f"\ntiming: TFLOP/s ({' / '.join(labels)}, {rounds} paired rounds; Triton's build after them), "
          f"each build's ratio to Triton", flush=True)
    for epi, size in cases:
        _, _, run = launcher(epi, size, size, size, False, 2)
        run()
        tri = flops(size, sorted(do_bench(run, return_mode="median") for _ in range(rounds))[rounds // 2])
        r = rates[(epi, size)]
        print(f"{epi:9s} {size:5d}: " + " ".join(f"{x:7.1f}" for x in r) + f"  Triton {tri:7.1f}   "
              + "  ".join(f"{labels[i]} {r[i] / tri:.3f}" for i in range(len(labels))), flush=True)
    tt_triton.enable()


if __name__ == "__main__":
    main()
