#!/usr/bin/env python3
"""Launches the perf suite's library peers (cuBLAS, SDPA) for Nsight Compute.

    ncu --launch-skip 2 --launch-count 1 [--kernel-name regex:...] --metrics ... \\
        python3 peers_ncu.py [CASE...]

For each named case of perf_compare.py (default: every case with a peer) it
runs the peer callable perf_compare.py times three times, so that ncu can
report which library kernel does the work and how it runs (grid, threads,
registers, shared memory, pipe utilization): what tt's kernels are measured
against, in the form the library chose. SDPA launches helper kernels too;
select its attention kernel with --kernel-name. perf_variants.sh copies this
script beside perf_compare.py into .bin/gpu/variants.
"""
import sys

import torch

import perf_compare as pc


def main(want):
    for name, _k, mk, _grid, _cx, _work, _unit, peer in pc.cases():
        if peer is None or (want and name not in want):
            continue
        run = peer(mk())
        for _ in range(3):
            run()
        torch.cuda.synchronize()
        print("ran", name, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
