"""The perf suite's dot kernels on small shapes, for the sanitizers (GPU machine; torch, CuPy).

    python3 ring_check.py PTXDIR                    checks every kernel of PTXDIR against torch
    compute-sanitizer --tool racecheck python3 ring_check.py PTXDIR   (synccheck, memcheck likewise)

PTXDIR holds tt's PTX and metadata of the perf dot kernels (<name>.ptx, <name>.json, as
prepare.sh --perf writes them to .bin/gpu/perf-ptx). Each kernel runs once on a shape small
enough for compute-sanitizer (attention: 256 tokens, 2 heads; matmul: 256x256x512) and its output
is compared with torch's; exit status 1 on a mismatch. The kernels' loops run several iterations,
so a pipelined ring wraps around at least once: what the mbarrier or barrier ordering of its slots
must get right.
"""
import json, os, sys

import cupy as cp
import torch


def load(ptxdir, name):
    md = json.load(open(os.path.join(ptxdir, name + ".json")))
    fn = cp.RawModule(path=os.path.join(ptxdir, name + ".ptx")).get_function(md["name"])
    shared = int(md.get("shared", 0))
    if shared > 48 * 1024:
        fn.max_dynamic_shared_size_bytes = shared
    return fn, shared, 32 * int(md["num_warps"]), int(md.get("extra_params", 0))


def attention(ptxdir, name, d):
    seq, heads = 256, 2
    q, k, v = (torch.randn((heads, seq, d), dtype=torch.float16, device="cuda") for _ in range(3))
    o = torch.full_like(q, float("nan"))
    scale = 1.0 / d ** 0.5
    fn, shared, threads, extra = load(ptxdir, name)
    args = [cp.asarray(q), cp.asarray(k), cp.asarray(v), cp.asarray(o), cp.int32(seq), cp.float32(scale * 1.4426950408889634)]
    fn((seq // 128, heads, 1), (threads, 1, 1), tuple(args + [cp.uint64(0)] * extra), shared_mem=shared)
    torch.cuda.synchronize()
    ref = torch.softmax((q.float() @ k.float().transpose(1, 2)) * scale, dim=-1) @ v.float()
    return (o.float() - ref).abs().max().item(), 2e-2


def matmul(ptxdir, name, dtype, bm, bn):
    M, N, K = 256, 256, 512
    a = torch.randn((M, K), dtype=dtype, device="cuda")
    b = torch.randn((K, N), dtype=dtype, device="cuda")
    c = torch.full((M, N), float("nan"), dtype=dtype, device="cuda")
    fn, shared, threads, extra = load(ptxdir, name)
    args = [cp.asarray(a), cp.asarray(b), cp.asarray(c)] + [cp.int32(x) for x in (M, N, K, K, N, N)]
    fn(((M // bm) * (N // bn), 1, 1), (threads, 1, 1), tuple(args + [cp.uint64(0)] * extra), shared_mem=shared)
    torch.cuda.synchronize()
    ref = a.float() @ b.float()
    return ((c.float() - ref).abs() / (ref.abs() + 1)).max().item(), 2e-2


def main(ptxdir):
    checks = {
        "attention_f16_4096_d64": lambda n: attention(ptxdir, n, 64),
        "attention_f16_4096_d128": lambda n: attention(ptxdir, n, 128),
        "matmul_f16_4096_128x128x64_w4": lambda n: matmul(ptxdir, n, torch.float16, 128, 128),
        "matmul_f16_4096_128x256x64_w8": lambda n: matmul(ptxdir, n, torch.float16, 128, 256),
        "matmul_bf16_4096_128x256x64_w8": lambda n: matmul(ptxdir, n, torch.bfloat16, 128, 256),
    }
    bad = 0
    for name, check in checks.items():
        if not os.path.exists(os.path.join(ptxdir, name + ".ptx")):
            print(f"{name}: no PTX")
            continue
        err, tol = check(name)
        ok = err <= tol
        bad += not ok
        print(f"{name}: max error {err:.3g} {'ok' if ok else 'MISMATCH'}", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
