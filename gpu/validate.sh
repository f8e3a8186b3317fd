#!/usr/bin/env bash
# GPU validation of tt's PTX, on the GPU machine, after gpu/prepare.sh:
#   1. ptxas on every compiled PTX (-arch=$ARCH) and on the emitter's golden
#      PTX (-arch from its .target line): errors and warnings listed,
#   2. gpu_check.py (CuPy, independent of tt's runtime) on the compiled
#      cases: outputs against Triton's,
#   3. compute-sanitizer memcheck on one case ($MEMCHECK, default softmax),
#   4. tt-run --backend cuda on the same cases (tt's own runtime path).
# Results go to $OUT (or .bin/gpu/out) and stdout.
#
#   .bin/gpu/validate.sh [ARCH]
set -uo pipefail
cd "$(dirname "$0")"
arch=${1:-sm_90}
out=${OUT:-out}
mkdir -p "$out"
only=$(paste -sd, compiled.txt)
status=0

echo "== device"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
ptxas=$(command -v ptxas || ls /usr/local/cuda/bin/ptxas 2>/dev/null | head -1)
sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)

echo "== ptxas"
assemble() { # FILE ARCH
  local log="$out/$(basename "$1").ptxas.log" mode=
  # PTX calling the runtime's vprintf/__assertfail is relocatable code
  # (the driver's JIT links those); ptxas needs -c for it.
  grep -q '^\.extern \.func' "$1" && mode=-c
  if "$ptxas" -arch="$2" $mode -v "$1" -o /dev/null > "$log" 2>&1; then
    echo "ok   $2 $1 ($(grep -ci warning "$log") warnings) $(grep -o 'Used [0-9]* registers' "$log" | head -1)"
    grep -i warning "$log" | head -5
  else
    echo "FAIL $2 $1"; head -20 "$log"; status=1
  fi
}
if [ -n "$ptxas" ]; then
  "$ptxas" --version | tail -1
  for f in ptx/*.ptx perf-ptx/*.ptx; do
    [ -e "$f" ] && assemble "$f" "$arch"
  done
  for f in golden/*.ptx; do
    assemble "$f" "$(awk '/^\.target/ {print $2; exit}' "$f")"
  done
else
  echo "ptxas not found"
fi

echo "== gpu_check.py ($only)"
timeout 120 python3 gpu_check.py cases ptx --only "$only" 2>&1 | tee "$out/gpu_check.log" || status=1

memcheck=${MEMCHECK:-softmax}
echo "== compute-sanitizer memcheck ($memcheck)"
if [ -n "$sanitizer" ]; then
  timeout 120 "$sanitizer" --tool memcheck --print-limit 20 python3 gpu_check.py cases ptx --only "$memcheck" 2>&1 |
    tail -15 | tee "$out/memcheck.log" || status=1
else
  echo "compute-sanitizer not found"
fi

echo "== tt-run --backend cuda ($only)"
timeout 60 ../tt-run --manifest cases/manifest.json --backend cuda --only "$only" 2>&1 | tee "$out/ttrun.log" || status=1
exit $status
