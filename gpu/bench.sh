#!/usr/bin/env bash
# Times tt's PTX against Triton 3.6's own kernels on the GPU machine, after
# `gpu/prepare.sh --perf ../shared/kernels/perf`: perf_compare.py launches
# Triton's kernel and the PTX in perf-ptx/ on the same inputs and prints
# the ratios. Record results in docs/PERFORMANCE.md with date, GPU and
# command.
#
#   .bin/gpu/bench.sh
set -uo pipefail
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
python3 perf_compare.py run perf perf-ptx
