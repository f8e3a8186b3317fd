#!/usr/bin/env python3
"""tt's attention PTX beside Triton's kernel and SDPA at other sequence lengths.

    python3 attn_seq.py VARIANT_DIR     (in .bin/gpu/variants, after perf_variants.sh)

The perf suite's attention (4096 tokens, 32 batch*heads: 1,024 CTAs, 7.8
waves at head dim 128) also at 33 batch*heads (1,056 CTAs: whole waves of
132 SMs) and at 8,192 and 16,384 tokens (each CTA's key loop two and four
times as long, its prologue and epilogue as long as before): how much of
the gap to SDPA is the last wave and each CTA's fixed cost, which a
persistent schedule could hide, and how much the steady loop. tt's PTX is
the variant directory's attention_f16_4096_d{64,128}.ptx (the sequence
length is a kernel parameter); each row checks its output against
Triton's (relative error) and times the three with do_bench medians, five
interleaved rounds.
"""
import statistics
import sys

import torch
from triton.testing import do_bench

import perf_check
import perf_compare as pc


def main(vdir):
    for D, W in ((128, 8), (64, 4)):
        name = f"attention_f16_4096_d{D}"
        for S, BH in ((4096, 32), (4096, 33), (8192, 33), (16384, 33)):
            q, k, v = (torch.randn(BH, S, D, device="cuda", dtype=torch.float16) for _ in range(3))
            o1, o2 = torch.empty_like(q), torch.empty_like(q)
            scale = 1.44269504 / D ** 0.5
            grid = (S // 128, BH)
            tri = lambda: pc.attention_kernel[grid](q, k, v, o1, S, scale, BM=128, BN=64, D=D, num_warps=W, num_stages=3)
            m = {"grid": [S // 128, BH, 1], "kernel": "attention_kernel", "num_warps": W}
            tt = perf_check.prepare_tt(vdir, "perf", name, pc.attention_kernel, (q, k, v, o2, S, scale), m)
            sdpa = lambda: torch.nn.functional.scaled_dot_product_attention(q[None], k[None], v[None])
            tri()
            tt()
            torch.cuda.synchronize()
            err = ((o1.float() - o2.float()).norm() / o1.float().norm()).item()
            ts = {"triton": [], "tt": [], "sdpa": []}
            for _ in range(5):
                for key, f in (("triton", tri), ("tt", tt), ("sdpa", sdpa)):
                    ts[key].append(do_bench(f, warmup=10, rep=80, return_mode="median"))
            med = {key: statistics.median(x) for key, x in ts.items()}
            tf = 4 * BH * S * S * D / 1e12
            print(f"d{D} S={S} BH={BH} CTAs={grid[0] * grid[1]}: TFLOP/s triton {tf / med['triton'] * 1e3:6.1f}"
                  f" tt {tf / med['tt'] * 1e3:6.1f} sdpa {tf / med['sdpa'] * 1e3:6.1f}"
                  f"  tt/triton {med['triton'] / med['tt']:.3f} tt/sdpa {med['sdpa'] / med['tt']:.3f}  err {err:.1e}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
