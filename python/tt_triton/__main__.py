"""python -m tt_triton [info | selftest]

info      the tt-translate build the plugin would use (version, commit, SHA-256, cache key)
selftest  compile and run a vector addition with tt on the current GPU, compare it with
          torch, and print its metadata (needs torch, triton 3.6 and an NVIDIA GPU)
"""
from __future__ import annotations

import sys

import tt_triton


def _info() -> int:
    ident = tt_triton.info()
    print(ident.describe())
    print("cache key part:", ident.cache_key())
    return 0


def _selftest() -> int:
    global triton, tl  # @triton.jit resolves names in the kernel's globals
    import torch
    import triton
    import triton.language as tl

    ident = tt_triton.enable()

    @triton.jit
    def _tt_triton_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)

    n = 98432
    x, y = torch.rand(n, device="cuda"), torch.rand(n, device="cuda")
    out = torch.empty_like(x)
    k = _tt_triton_add[(triton.cdiv(n, 1024), )](x, y, out, n, BLOCK=1024)
    torch.cuda.synchronize()
    md = k.metadata._asdict()
    ok = torch.equal(out, x + y) and md.get(tt_triton.METADATA_KEY) == ident.cache_key()
    print(ident.describe())
    print("triton", triton.__version__, "| result equal:", torch.equal(out, x + y))
    for key in ("name", "num_warps", "shared", "tmem_size", "global_scratch_size", "global_scratch_align",
                "profile_scratch_size", "profile_scratch_align", "tensordesc_meta", tt_triton.METADATA_KEY):
        print(f"  {key:22s} {md.get(key)!r}")
    print("SELFTEST", "PASSED" if ok else "FAILED")
    return 0 if ok else 1


def main(argv: list[str]) -> int:
    cmd = argv[1] if len(argv) > 1 else "info"
    if cmd == "info":
        return _info()
    if cmd == "selftest":
        return _selftest()
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
