#!/usr/bin/env bash
# GPU validation of tt's PTX, on the GPU machine, after scripts/gpu/prepare.sh:
#   1. ptxas on every compiled PTX (-arch=$ARCH, or $ARCH's "a" variant for
#      PTX that targets it: wgmma), on the emitter's golden
#      PTX and on llc-19's PTX of the tensor-core kernels (-arch from the
#      .target line): errors and warnings listed,
#   2. for each case set in sets/: gpu_check.py (CuPy, independent of tt's
#      runtime) on its compiled cases, outputs against Triton's (a set of
#      kernels that require clusters of CTAs: cluster_check.py, gpu_check.py
#      launching each program as a cluster),
#   3. compute-sanitizer memcheck on every compiled case and racecheck
#      (shared-memory hazards) on the cases that use shared memory,
#   4. tt-run --backend cuda on the same cases (tt's own runtime path),
#   5. with prepare.sh --perf: compute-sanitizer memcheck, synccheck and
#      racecheck on the warp-specialized perf kernels (their PTX has
#      setmaxnreg) through perf_check.py, which also compares their outputs
#      with Triton's. racecheck's count there is printed but does not fail
#      the run: racecheck loses track of barrier generations once a named
#      barrier is used in the producer-consumer form (bar.arrive on one
#      side, bar.sync on the other), which the warpgroups' turns use, and
#      then reports hazards across barriers that order them;
#      racecheck_probes.py, run right after, shows this on minimal kernels
#      (docs/PERFORMANCE.md, 2026-11-29).
# Logs go to $LOGS (default .bin/gpu/out), the summary to stdout.
#
#   .bin/gpu/validate.sh [ARCH]
set -uo pipefail
cd "$(dirname "$0")"
arch=${1:-sm_90}
out=${LOGS:-out}
mkdir -p "$out"
status=0

echo "== device"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || true
ptxas=$(command -v ptxas || ls /usr/local/cuda/bin/ptxas 2>/dev/null | head -1)
sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)

echo "== ptxas"
assemble() { # FILE ARCH
  local log="$out/$(echo "$1" | tr / _).ptxas.log" mode=
  # PTX calling the runtime's vprintf/__assertfail is relocatable code
  # (the driver's JIT links those); ptxas needs -c for it.
  grep -q '^\.extern \.func' "$1" && mode=-c
  if "$ptxas" -arch="$2" $mode -v "$1" -o /dev/null > "$log" 2>&1; then
    echo "ok   $2 $1 ($(grep -ci warning "$log") warnings) $(grep -o 'Used [0-9]* registers' "$log" | head -1)"
    grep -i warning "$log" | head -5
    # ptxas keeps wgmma asynchronous only when nothing touches the
    # accumulators in flight; otherwise it serializes them and says so.
    if grep -qi 'wgmma.mma_async instructions are serialized' "$log"; then
      echo "FAIL $1: ptxas serialized wgmma"; status=1
    fi
  else
    echo "FAIL $2 $1"; head -20 "$log"; status=1
  fi
}
if [ -n "$ptxas" ]; then
  "$ptxas" --version | tail -1
  for f in sets/*/ptx/*.ptx perf-ptx/*.ptx wgmma/*.ptx; do
    [ -e "$f" ] || continue
    # wgmma code targets sm_90a, which ptxas assembles only as sm_90a.
    a=$arch
    [ "$(awk '/^\.target/ {print $2; exit}' "$f")" = "${arch}a" ] && a=${arch}a
    assemble "$f" "$a"
  done
  for f in golden/*.ptx llc/*.ptx; do
    [ -e "$f" ] && assemble "$f" "$(awk '/^\.target/ {print $2; exit}' "$f")"
  done
else
  echo "ptxas not found"
fi

for set in sets/*; do
  name=$(basename "$set")
  all=$(paste -sd, "$set/compiled.txt")
  [ -z "$all" ] && continue
  # Kernels that take a global scratch buffer (tensor maps made in the
  # kernel) need a launcher that allocates it: tt-run does, gpu_check.py
  # (CuPy, the kernel's declared parameters only) cannot. They run under
  # the sanitizers through tt-run.
  scratch=$(python3 -c 'import json,os,sys
d, names = sys.argv[1], sys.argv[2].split(",")
print(",".join(n for n in names if json.load(open(os.path.join(d, n + ".json"))).get("global_scratch_size", 0) > 0))' "$set/ptx" "$all")
  only=$(python3 -c 'import sys; s = set(sys.argv[2].split(",")); print(",".join(n for n in sys.argv[1].split(",") if n not in s))' "$all" "$scratch")
  if [ -n "$scratch" ] && [ -n "$sanitizer" ]; then
    echo "== compute-sanitizer memcheck and racecheck through tt-run, set $name ($scratch: global scratch)"
    for tool in memcheck racecheck; do
      timeout 300 "$sanitizer" --tool $tool --print-limit 20 ../tt-run --manifest "$set/cases/manifest.json" \
        --backend cuda --arch "$arch" --only "$scratch" > "$out/$tool-scratch.$name.log" 2>&1 || status=1
      grep -E 'RACECHECK SUMMARY|ERROR SUMMARY|passed,' "$out/$tool-scratch.$name.log"
    done
  fi
  # Kernels that require clusters of CTAs (.reqnctapercluster: Triton's
  # num_ctas > 1) run through cluster_check.py, gpu_check.py launching
  # each program as a cluster, as Triton's launcher does.
  check=gpu_check.py
  grep -qs '^\.reqnctapercluster' "$set"/ptx/*.ptx && check=cluster_check.py
  echo "== $check, set $name ($only)"
  timeout 180 python3 $check "$set/cases" "$set/ptx" --only "$only" 2>&1 |
    tee "$out/gpu_check.$name.log" || status=1

  if [ -n "$sanitizer" ]; then
    echo "== compute-sanitizer memcheck, set $name"
    timeout 300 "$sanitizer" --tool memcheck --print-limit 20 \
      python3 $check "$set/cases" "$set/ptx" --only "$only" > "$out/memcheck.$name.log" 2>&1 || status=1
    grep -E 'ERROR SUMMARY|passed,' "$out/memcheck.$name.log"
    shared=$(python3 -c 'import json,sys; print(",".join(c["name"] for c in json.load(open(sys.argv[1]))["cases"] if c["name"] in sys.argv[2].split(",") and c.get("shared",0) > 0))' "$set/cases/manifest.json" "$only")
    if [ -n "$shared" ]; then
      echo "== compute-sanitizer racecheck, set $name ($shared)"
      timeout 300 "$sanitizer" --tool racecheck --print-limit 20 \
        python3 $check "$set/cases" "$set/ptx" --only "$shared" > "$out/racecheck.$name.log" 2>&1 || status=1
      grep -E 'RACECHECK SUMMARY|ERROR SUMMARY|passed,' "$out/racecheck.$name.log"
    fi
  else
    echo "compute-sanitizer not found"
  fi

  echo "== tt-run --backend cuda, set $name"
  timeout 120 ../tt-run --manifest "$set/cases/manifest.json" --backend cuda --arch "$arch" --only "$all" 2>&1 |
    tee "$out/ttrun.$name.log" || status=1
done

specialized=$(grep -l setmaxnreg perf-ptx/*.ptx 2>/dev/null | xargs -r -n1 basename | sed 's/\.ptx$//' | paste -sd,)
if [ -n "$specialized" ] && [ -n "$sanitizer" ] && [ -e perf_compare.py ]; then
  for tool in memcheck synccheck racecheck; do
    echo "== compute-sanitizer $tool, warp-specialized perf kernels ($specialized)"
    log="$out/$tool.perf.log"
    exitcode=1
    [ "$tool" = racecheck ] && exitcode=0
    timeout 300 "$sanitizer" --tool $tool --error-exitcode $exitcode --print-limit 10 \
      python3 perf_check.py perf perf-ptx --only "$specialized" > "$log" 2>&1
    rc=$?
    grep -E 'RACECHECK SUMMARY|ERROR SUMMARY|PASS|FAIL' "$log"
    [ "$tool" = racecheck ] || [ $rc -eq 0 ] || status=1
    grep -q FAIL "$log" && status=1
  done
  echo "== racecheck_probes.py: racecheck on minimal kernels with the same barriers"
  timeout 120 python3 racecheck_probes.py --sanitizer "$sanitizer" 2>&1 | tee "$out/racecheck_probes.log" || status=1
fi
exit $status
