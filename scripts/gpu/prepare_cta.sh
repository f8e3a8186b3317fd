#!/usr/bin/env bash
# Adds the clusters of CTAs (Triton's num_ctas > 1) to a GPU validation
# run, on the development machine, after scripts/gpu/prepare.sh (which
# builds .bin/tt-translate and .bin/tt-run and empties .bin/gpu):
#
#   scripts/gpu/prepare.sh; scripts/gpu/prepare_cta.sh
#
# .bin/gpu/sets/cta/: Triton 3.6's own TTGIR of test_matmul.py's kernel at
# NUM_CTAS = 2 and 4 (the nine recorded configurations: f16, tf32, fp8 and
# f64 operands, wgmma and mma.sync, 2 to 4 cp.async stages) and of
# test_core's kernel_r at num_ctas = 4 (testdata/cta), the write-mask
# kernel (each program's stores and atomics counted) and tt's TTGIR of the
# descriptor load/store and matmul kernels of test_tensor_descriptor.py at
# num_ctas = 2 (TMA copies of buffers the CTAs split; tensor maps in
# global scratch, so they run under the sanitizers through tt-run), with small-integer
# inputs and exact expected outputs, written by tools/ttrun's
# TestCTACaseSet (which also runs them in the simulator), and compiled to
# PTX with tt-translate. validate.sh then assembles them (ptxas), runs them
# through cluster_check.py (gpu_check.py launching each program as a
# cluster of num_ctas CTAs, as Triton's launcher does), under
# compute-sanitizer, and through tt-run --backend cuda (tt's runtime:
# cuLaunchKernelEx with the cluster dimension). Then on the GPU machine:
#
#   run(command=".bin/gpu/validate.sh sm_90; tar czf $OUT/logs.tgz -C .bin/gpu out",
#       carry=[".bin/tt-translate", ".bin/tt-run", ".bin/gpu"])
#
# What does not compile is listed with its error, not fatal.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .bin/tt-translate ] && [ -d .bin/gpu ] || { echo "prepare_cta.sh: run scripts/gpu/prepare.sh first" >&2; exit 2; }

set_dir=.bin/gpu/sets/cta
rm -rf "$set_dir" && mkdir -p "$set_dir/ptx"
TT_CTA_CASES_DIR="$PWD/$set_dir/cases" go test -count=1 -run '^TestCTACaseSet$' ./tools/ttrun > "$set_dir/cases.log" 2>&1 ||
  { echo "prepare_cta.sh: TestCTACaseSet failed (the set runs in the simulator first):" >&2; tail -20 "$set_dir/cases.log" >&2; exit 1; }
cp scripts/gpu/cluster_check.py .bin/gpu/
: > "$set_dir/compiled.txt"
python3 -c 'import json,sys; [print(c["name"], c["ttir"]) for c in json.load(open(sys.argv[1]))["cases"]]' \
  "$set_dir/cases/manifest.json" | while read -r name ttir; do
  # The TTGIR carries its warps, stages and CTAs (ttg.num-ctas).
  if .bin/tt-translate "$set_dir/cases/$ttir" --target=ptx --arch=sm_90 -o "$set_dir/ptx/$name.ptx" 2> "$set_dir/ptx/$name.err"; then
    rm -f "$set_dir/ptx/$name.err"
    echo "$name" >> "$set_dir/compiled.txt"
    echo "compiled $name ($(grep -o '"num_ctas": [0-9]*' "$set_dir/ptx/$name.json"))"
  else
    echo "NOT compiled $name: $(head -1 "$set_dir/ptx/$name.err")"
  fi
done
