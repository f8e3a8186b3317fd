#!/usr/bin/env bash
# Prepares a GPU validation run, on the development machine (no GPU
# needed): cross-compiles tt-translate and tt-run for linux/amd64 into .bin/,
# copies each case set and the independent checker into .bin/gpu/, and
# compiles every case's TTIR to PTX + metadata JSON in
# .bin/gpu/sets/SET/ptx/. Then run scripts/gpu/validate.sh on the GPU machine with
# .bin carried along.
#
#   scripts/gpu/prepare.sh [--arch sm_90] [--cases DIR]... [--tools DIR] [--perf DIR]
#
# The case sets default to the seed kernels (shared/kernels/cases) and the
# interpreter's GPU-recorded suite (testdata/cases); each --cases replaces
# the defaults, and a set is named after its directory's parent. For
# --arch sm_80 the set triton-sm80 (Triton's own sm_80 TTGIR of the
# matmul, lowered by tt) is added.
#
# --perf DIR (the perf kernels, shared/kernels/perf) also compiles each
# perf case to .bin/gpu/perf-ptx/ for scripts/gpu/bench.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."

arch=sm_90
sets=()
tools=../shared/tools
perf=
while [ $# -gt 0 ]; do
  case "$1" in
    --arch) arch=$2; shift 2 ;;
    --cases) sets+=("$2"); shift 2 ;;
    --tools) tools=$2; shift 2 ;;
    --perf) perf=$2; shift 2 ;;
    *) echo "prepare.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

[ ${#sets[@]} -eq 0 ] && sets=(../shared/kernels/cases testdata/cases)

rm -rf .bin/gpu && mkdir -p .bin/gpu
for cmd in tt-translate tt-run; do
  CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -trimpath -ldflags=-s -o ".bin/$cmd" "./cmd/$cmd"
done
cp "$tools/gpu_check.py" .bin/gpu/
cp scripts/gpu/validate.sh scripts/gpu/bench.sh scripts/gpu/compile_time.py scripts/gpu/perf_check.py \
  scripts/gpu/profile_dot.py scripts/gpu/profile_dot.sh scripts/gpu/ring_check.py scripts/gpu/racecheck_probes.py .bin/gpu/
# The emitter's golden PTX (every op, sm_80 and sm_90) for ptxas.
mkdir -p .bin/gpu/golden
cp targets/nvptx/testdata/golden/*.ptx .bin/gpu/golden/
# llc-19's PTX for the same tensor-core, async-copy and barrier kernels
# (translated by targets/llvmir), where llc-19 is installed.
mkdir -p .bin/gpu/llc
TT_LLC_PTX_DIR="$PWD/.bin/gpu/llc" go test -count=1 -run TestTensorCoreTranslation ./targets/llvmir > /dev/null ||
  echo "prepare.sh: the llvmir tensor-core translation test failed" >&2

# For sm_80, Triton 3.6's own sm_80 TTGIR of the 128x128x64 matmul (the
# input of its convert-triton-gpu-to-llvm, from shared/kernels/passes) as
# one more case set, with inputs and the interpreter's expected output
# (TestTritonSM80MatmulCase writes it).
if [ "$arch" = sm_80 ]; then
  triton_sm80="$PWD/.bin/triton-sm80/cases"
  rm -rf .bin/triton-sm80
  TT_SM80_CASES_DIR="$triton_sm80" go test -count=1 -run TestTritonSM80MatmulCase ./conversion/ttgtogpu > /dev/null ||
    echo "prepare.sh: the Triton sm_80 TTGIR case set test failed" >&2
  [ -f "$triton_sm80/manifest.json" ] && sets+=("$triton_sm80")
fi

# One PTX per case, named after the case as gpu_check.py expects; a case
# the pipeline cannot compile yet is listed, not fatal.
for cases in "${sets[@]}"; do
  set_dir=".bin/gpu/sets/$(basename "$(dirname "$(realpath "$cases")")")"
  mkdir -p "$set_dir/ptx"
  cp -r "$cases" "$set_dir/cases"
  python3 - "$cases/manifest.json" > "$set_dir/cases.txt" <<'PY'
import json, sys
for c in json.load(open(sys.argv[1]))["cases"]:
    print(c["name"], c["ttir"], c["num_warps"], c.get("num_stages", 3))
PY
  : > "$set_dir/compiled.txt"
  while read -r name ttir warps stages; do
    if .bin/tt-translate "$cases/$ttir" --target=ptx --arch="$arch" --num-warps="$warps" \
         --num-stages="$stages" -o "$set_dir/ptx/$name.ptx" 2> "$set_dir/ptx/$name.err"; then
      echo "$name" >> "$set_dir/compiled.txt"
      rm -f "$set_dir/ptx/$name.err"
      echo "compiled $set_dir $name"
    else
      echo "NOT compiled $set_dir $name: $(head -1 "$set_dir/ptx/$name.err")"
    fi
  done < "$set_dir/cases.txt"
done
if [ -n "$perf" ]; then
  mkdir -p .bin/gpu/perf-ptx
  cp -r "$perf" .bin/gpu/perf
  cp "$tools/perf_compare.py" .bin/gpu/
  python3 - "$perf/manifest.json" > .bin/gpu/perf.txt <<'PY'
import json, sys
for c in json.load(open(sys.argv[1])):
    print(c["name"], c["num_warps"], c.get("num_stages", 3))
PY
  while read -r name warps stages; do
    if .bin/tt-translate "$perf/$name.ttir" --target=ptx --arch="$arch" --num-warps="$warps" \
         --num-stages="$stages" -o ".bin/gpu/perf-ptx/$name.ptx" 2> ".bin/gpu/perf-ptx/$name.err"; then
      rm -f ".bin/gpu/perf-ptx/$name.err"
      echo "compiled perf $name"
    else
      echo "NOT compiled perf $name: $(head -1 ".bin/gpu/perf-ptx/$name.err")"
    fi
  done < .bin/gpu/perf.txt
fi
du -sh .bin/tt-translate .bin/tt-run .bin/gpu
