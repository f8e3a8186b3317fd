#!/usr/bin/env bash
# Times tt's PTX against Triton 3.6's own kernels on the GPU machine, after
# `scripts/gpu/prepare.sh --perf ../shared/kernels/perf`: perf_check.py first checks
# that each perf PTX computes what Triton's kernel does, perf_compare.py then
# launches Triton's kernel and the PTX in perf-ptx/ on the same inputs and
# prints the ratios, and compile_time.py times TTIR -> cubin for both
# compilers. Record results in docs/PERFORMANCE.md with date, GPU and
# command.
#
#   .bin/gpu/bench.sh
set -uo pipefail
cd "$(dirname "$0")"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
status=0
echo "== perf_check.py"
python3 perf_check.py perf perf-ptx --time || status=1
echo "== perf_compare.py"
python3 perf_compare.py run perf perf-ptx || status=1
echo "== compile_time.py"
python3 compile_time.py perf ../tt-translate --repeat ${REPEAT:-5} || status=1
exit $status
