"""Triton's tutorial matmul (epilogue_check.py's kernel, 128x128x64 tiles, 4 warps) through the
plugin, one launch per shape, each output checked against torch (f32 accumulation): a run short
enough for compute-sanitizer over the paths the TMA guard chooses on small grids (GPU machine;
torch, Triton 3.6, python/tt_triton on the path):

    TT_TRANSLATE=$PWD/.bin/tt-translate PYTHONPATH=python:scripts/gpu \
        compute-sanitizer --tool memcheck python3 scripts/gpu/small_grid_check.py

The default shapes: 512^3 and 1024^3 (one tile a program with a short K loop: the guard's else
branch, the pipelined pointer kernel), 4096x1024x1024 (programs with two tiles on the TMA path and
programs with one on the pointer kernel, in one launch) and 1000^3 (unaligned: element-by-element
loads, no TMA). SAN_SHAPES="MxNxK,..." replaces them; TT_OFF=1 runs Triton's own build instead.
Exit status 1 if an output is wrong.
"""
import os
import sys

os.environ["TRITON_ALWAYS_COMPILE"] = "1"
import torch  # noqa: E402
import triton  # noqa: E402

import tt_triton  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from epilogue_check import epilogue_matmul  # noqa: E402

SHAPES = [(512, 512, 512), (1024, 1024, 1024), (4096, 1024, 1024), (1000, 1000, 1000)]


def main():
    shapes = SHAPES
    if os.environ.get("SAN_SHAPES"):
        shapes = [tuple(int(x) for x in s.split("x")) for s in os.environ["SAN_SHAPES"].split(",")]
    if not os.environ.get("TT_OFF"):
        tt_triton.enable()
    matmul = triton.jit(epilogue_matmul.fn)
    bad = 0
    for M, N, K in shapes:
        g = torch.Generator(device="cuda").manual_seed(M + N + K)
        a = torch.randn(M, K, device="cuda", generator=g, dtype=torch.float16)
        b = torch.randn(K, N, device="cuda", generator=g, dtype=torch.float16)
        c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
        unused = torch.empty(1, device="cuda", dtype=torch.float16)  # the epilogue's operands
        scale = torch.empty(1, device="cuda", dtype=torch.float32)
        grid = (triton.cdiv(M, 128) * triton.cdiv(N, 128),)
        matmul[grid](a, b, c, unused, unused, scale, M, N, K, a.stride(0), b.stride(0), c.stride(0), 1, 0,
                     EPI="none", BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, GROUP_M=8, num_warps=4, num_stages=3)
        torch.cuda.synchronize()
        ref = a.float() @ b.float()
        err = ((c.float() - ref).norm() / ref.norm()).item()
        ok = err <= 1e-2
        bad += not ok
        print(f"{M}x{N}x{K}: rel err {err:.1e} {'ok' if ok else 'WRONG'}", flush=True)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
