"""One launch each of the same f16 matmul by tt with the turns, tt without them, Triton and cuBLAS,
for Nsight Compute (GPU machine; torch, Triton 3.6, python/tt_triton on the path).

    TT_TRANSLATE=$PWD/.bin/tt-translate PYTHONPATH=python ncu --clock-control none \
        --metrics dram__bytes_read.sum,lts__t_bytes.sum,smsp__inst_executed.sum,gpu__time_duration.sum \
        python3 scripts/gpu/matmul_traffic.py [SIZE]

The kernel is turns_dtypes.py's masked matmul (Triton's tutorial 03 form: grouped program ids,
128x128x64 tiles, 4 warps, 3 stages) on normal inputs of SIZE^3 (default 4096). Every version is
compiled and run once untimed first; then each runs once, in the order tt on, tt off, Triton,
cuBLAS, between torch.cuda.synchronize() calls, so that ncu's report lists them in that order
after the warm-ups. What it answers: how many bytes each moves from DRAM and out of L2, and how
many instructions it issues, for the same product.
"""
import os
import sys

import torch

import tt_triton
import turns_dtypes as td


def main(size):
    tt_triton.enable()
    a, b = td.inputs(torch.float16, size, size, size, "randn")
    runs = []
    for tag, turns in ((1, "on"), (0, "off"), (2, None)):
        if turns is None:
            tt_triton.disable()
        else:
            os.environ["TT_X_TILE_TURNS"] = turns
        _, run = td.launch("masked", "f16", a, b, size, size, size, tag)
        run()
        if turns is None:
            tt_triton.enable()
        runs.append(run)
    runs.append(lambda: torch.matmul(a, b))
    runs[-1]()
    torch.cuda.synchronize()
    for run in runs:
        run()
        torch.cuda.synchronize()
    print("ran: tt on, tt off, Triton, cuBLAS", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4096)
