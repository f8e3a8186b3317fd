#!/usr/bin/env bash
# Adds the Hopper dot path's PTX to a GPU validation run, on the
# development machine, after scripts/gpu/prepare.sh (which builds .bin/tt-translate
# and empties .bin/gpu):
#
#   scripts/gpu/prepare.sh [--perf ../shared/kernels/perf]; scripts/gpu/prepare_wgmma.sh
#
#   1. .bin/gpu/sets/wgmma-s1/: the seed kernels (shared/kernels/cases)
#      compiled with num_stages=1 (the matmul's operands go through
#      local_alloc, its wgmma chain is synchronous), its manifest set to
#      num_stages 1, so that validate.sh runs gpu_check.py, the sanitizers
#      and tt-run on the wgmma matmul while the cp.async lowering is not
#      in the tree (the default sets compile the matmul with 3 stages).
#   2. .bin/gpu/wgmma/*.ptx: the sm_90 matmuls and attention kernels tt can
#      compile: the shared matmul's TTIR at num_stages 1 and 3, Triton's own
#      sm_90 TTGIR of it, the hand-written pipelined matmul
#      (conversion/ttgtogpu/testdata/wgmma), and the perf dot kernels.
#      validate.sh assembles them with ptxas -arch=sm_90a and fails on
#      ptxas's "wgmma.mma_async instructions are serialized" warnings.
# What does not compile yet is listed with its error, not fatal.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x .bin/tt-translate ] || { echo "prepare_wgmma.sh: run scripts/gpu/prepare.sh first" >&2; exit 2; }
kernels=../shared/kernels

compile() { # OUT.ptx INPUT ARGS...
  local out=$1 in=$2; shift 2
  if .bin/tt-translate "$in" --target=ptx --arch=sm_90 "$@" -o "$out" 2> "${out%.ptx}.err"; then
    rm -f "${out%.ptx}.err"
    echo "compiled $out ($(grep -c 'wgmma.mma_async' "$out") wgmma)"
  else
    echo "NOT compiled $out: $(head -1 "${out%.ptx}.err")"
    rm -f "$out"
  fi
}

set_dir=.bin/gpu/sets/wgmma-s1
mkdir -p "$set_dir/ptx"
cp -r "$kernels/cases" "$set_dir/cases"
python3 - "$set_dir/cases/manifest.json" <<'PY'
import json, sys
path = sys.argv[1]
m = json.load(open(path))
for c in m["cases"]:
    c["num_stages"] = 1
json.dump(m, open(path, "w"), indent=1)
PY
: > "$set_dir/compiled.txt"
python3 -c 'import json,sys; [print(c["name"], c["ttir"], c["num_warps"]) for c in json.load(open(sys.argv[1]))["cases"]]' \
  "$set_dir/cases/manifest.json" | while read -r name ttir warps; do
  compile "$set_dir/ptx/$name.ptx" "$set_dir/cases/$ttir" --num-warps="$warps" --num-stages=1
  [ -e "$set_dir/ptx/$name.ptx" ] && echo "$name" >> "$set_dir/compiled.txt"
done

w=.bin/gpu/wgmma
mkdir -p "$w"
compile "$w/matmul_s1.ptx" "$kernels/matmul_f16_128x128x64_w4_s3.ttir" --num-warps=4 --num-stages=1
compile "$w/matmul_s3.ptx" "$kernels/matmul_f16_128x128x64_w4_s3.ttir" --num-warps=4 --num-stages=3
compile "$w/matmul_triton_ttgir.ptx" "$kernels/matmul_f16_128x128x64_w4_s3.ttgir"
compile "$w/matmul_pipelined.ptx" conversion/ttgtogpu/testdata/wgmma/matmul_pipelined.ttgir
python3 -c 'import json,sys; [print(c["name"], c["num_warps"], c.get("num_stages", 3)) for c in json.load(open(sys.argv[1]))]' \
  "$kernels/perf/manifest.json" | while read -r name warps stages; do
  case "$name" in matmul*|attention*) ;; *) continue ;; esac
  compile "$w/$name.ptx" "$kernels/perf/$name.ttir" --num-warps="$warps" --num-stages="$stages"
done
