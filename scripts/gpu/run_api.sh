#!/usr/bin/env bash
# The Go API, compile cache and autotuning on the GPU machine (after
# scripts/gpu/prepare_api.sh here). Run from the repository root:
#
#   bash .bin/gpu/api/run_api.sh
#
# 1. the API's GPU tests: compile, load, launch vector_add and softmax and
#    compare with the interpreter; the examples that launch; the grouped
#    matmul autotuned through the API on every GPU;
# 2. autotune_compare.py: the same matmul's 16 configurations autotuned by
#    Triton's @triton.autotune and by `tt-run --autotune` on the same
#    inputs, both tables, and tt's choice against Triton's best;
# 3. first_launch.py: time to first launch, cold and from the cache, of
#    tt (the API) and of Triton's JIT.
# Everything is logged under $OUT/api (or .bin/gpu/api/out).
set -uo pipefail
out=${OUT:-.bin/gpu/api}/api
mkdir -p "$out"
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee "$out/gpus.txt"
status=0
export TT_CACHE_DIR="$out/tt-cache"
echo "== API GPU tests" | tee "$out/api_tests.log"
TT_AUTOTUNE_JSON="$out/api_matmul_autotune.json" .bin/tt_api.test -test.run 'GPU' -test.v -test.timeout 20m \
  >> "$out/api_tests.log" 2>&1 || status=1
tail -n 40 "$out/api_tests.log"
echo "== autotune_compare.py"
python3 .bin/gpu/api/autotune_compare.py --out "$out" 2>&1 | tee "$out/autotune_compare.log" || status=1
echo "== first_launch.py"
python3 .bin/gpu/api/first_launch.py --out "$out" 2>&1 | tee "$out/first_launch.log" || status=1
exit $status
