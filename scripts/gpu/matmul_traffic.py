"""One launch each of the same f16 matmul by tt with the turns, tt without them, Triton and cuBLAS,
for Nsight Compute (GPU machine; torch, Triton 3.6, python/tt_triton on the path).

    TT_TRANSLATE=$PWD/.bin/tt-translate PYTHONPATH=python ncu --clock-control none \
        --metrics dram__bytes_read.sum,lts__t_bytes.sum,smsp__inst_executed.sum,gpu__time_duration.sum \
        python3 scripts/gpu/matmul_traffic.py [SIZE [KERNEL [DATA [BMxBNwWARPS]]]]

The kernel is turns_dtypes.py's masked matmul (Triton's tutorial 03 form: grouped program ids,
128x128x64 tiles, 4 warps, 3 stages), or its unmasked one (KERNEL unmasked: program ids down the
columns, no groups), on inputs of SIZE^3 (default 4096) drawn as turns_dtypes.py draws them (DATA
randn, the default, or quarters), with 128x128 tiles on 4 warps or the tile and warps given
(256x128w8: what a cooperative tile of two consumers would move). Every version is compiled and
run once, in the order tt on, tt off, Triton, cuBLAS, between torch.cuda.synchronize() calls, so
that ncu's report lists them in that order. What it answers: how many bytes each moves from DRAM
and out of L2, and how many instructions it issues, for the same product.
"""
import os
import sys

import torch

import tt_triton
import turns_dtypes as td


def main(size, kernel, data, tile):
    tt_triton.enable()
    a, b = td.inputs(torch.float16, size, size, size, data)
    # One launch each, the first of each build: tt_triton.enable() and disable() empty the JIT's
    # caches, so a second round would compile again with whatever is enabled then.
    for tag, turns in ((1, td.TURNS_MODE), (0, "off"), (2, None)):
        if turns is None:
            tt_triton.disable()
        else:
            os.environ["TT_X_TILE_TURNS"] = turns
        _, run = td.launch(kernel, "f16", a, b, size, size, size, tag, *tile)
        run()
        torch.cuda.synchronize()
    torch.matmul(a, b)
    torch.cuda.synchronize()
    print("ran: tt on, tt off, Triton, cuBLAS", flush=True)


if __name__ == "__main__":
    args = sys.argv[1:] + ["4096", "masked", "randn", "128x128w4"][len(sys.argv) - 1:]
    main(int(args[0]), args[1], args[2], td.tile_setting(args[3]))
