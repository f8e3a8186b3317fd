#!/usr/bin/env python3
"""Launches one perf kernel as Triton compiles it and as tt compiles it, for Nsight Compute.

    python3 profile_dot.py CASEDIR PTXDIR NAME

Both kernels run on the same inputs: two warm-up launches each, then one profiled launch of
Triton's kernel followed by one of tt's PTX. Under
`ncu --launch-skip 4 --launch-count 2 ...` the first report is Triton's, the second tt's
(the kernels have the same name, so the order is what tells them apart). profile_dot.sh
runs it for every dot kernel and keeps ncu's reports and details pages.
"""
import json
import os
import sys

import torch

import perf_check
import perf_compare as pc


def main(casedir, ptxdir, name):
    man = {m["name"]: m for m in json.load(open(os.path.join(casedir, "manifest.json")))}
    for case, k, mk, grid, cx, work, unit, peer in pc.cases():
        if case != name:
            continue
        args = mk()
        triton_run = lambda: k[grid](*args, **cx)
        tt_run = perf_check.prepare_tt(ptxdir, casedir, name, k, args, man[name])
        for run in (triton_run, triton_run, tt_run, tt_run, triton_run, tt_run):
            run()
        torch.cuda.synchronize()
        return
    sys.exit(f"no perf case {name}")


if __name__ == "__main__":
    main(*sys.argv[1:4])
