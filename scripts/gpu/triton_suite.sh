#!/usr/bin/env bash
# Triton 3.6's own tests and tutorials with tt as Triton's compiler, through the project's plugin
# (python/tt_triton), on the GPU machine.
#
#   scripts/gpu/triton_suite.sh prepare [--suite DIR]           (development machine)
#   scripts/gpu/triton_suite.sh run [options]                   (GPU machine)
#   scripts/gpu/triton_suite.sh summary RESULTS_DIR...          (anywhere: merge shards)
#
# prepare: cross-compiles tt-translate (linux/amd64, with its commit recorded) into .bin/, copies
#   what the run needs from the harness in ../shared/tools/triton-suite (Triton's tests and
#   tutorials, tt_results.py, run_tutorial.py) into .bin/triton-suite/ and puts the project's
#   conftest (scripts/gpu/triton_suite/conftest.py: the plugin instead of the harness's hook) over
#   the harness's. ../shared does not travel to the GPU machine; .bin does (carry it).
#
# run: pytest (xdist) over the selected tests, with the plugin enabled in every worker (mode tt)
#   or Triton alone (mode baseline), then a summary (tt_results.py) on stdout. Options:
#     --mode tt|baseline|both   (default tt; both: tt, then baseline on the same tests, then a
#                               comparison; each gets half of the budget)
#     --tests SET               core (test_core.py), language (every test file of
#                               python/test/unit/language), others (language without
#                               core), tutorials (01 02 03 05 as scripts, 06
#                               under pytest), plugin (python/tests/test_gpu.py), or pytest paths
#                               relative to the tests folder (default core)
#     --shard I/N               the collected tests with index % N == I
#     --budget SEC              wall-clock budget: tests not started 45 s before the end are
#                               skipped as "not run" (default 540, for 10-minute device calls)
#     -n N                      xdist workers (default 8; 0 = none)
#     --timeout SEC             per test (pytest-timeout, if installed; default 300)
#     --out DIR                 results (default $OUT/triton-suite, else ./triton-suite-results):
#                               MODE/results.jsonl, kernels.jsonl, tt-failures.tgz, pytest.log,
#                               summary.txt
#     -k EXPR                   pytest -k
#   The plugin self-test (python3 -m tt_triton selftest) runs first in mode tt; a failure stops.
#
# Device calls (10 minutes each; .bin carried; $OUT comes back), e.g.:
#   scripts/gpu/triton_suite.sh run --tests core --shard 0/6 --out $OUT/core-0
#   ... --shard 5/6 ...; then --tests others, --tests tutorials, --tests plugin
# Merge here: scripts/gpu/triton_suite.sh summary <fetched>/core-*
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
SUITE=$ROOT/.bin/triton-suite
PY=${PYTHON:-python3}

prepare() {
  local src=$ROOT/../shared/tools/triton-suite
  while [ $# -gt 0 ]; do
    case "$1" in
      --suite) src=$2; shift 2 ;;
      *) echo "triton_suite.sh prepare: unknown argument $1" >&2; return 2 ;;
    esac
  done
  [ -d "$src/triton-tests" ] || { echo "no harness at $src (../shared/tools/triton-suite)" >&2; return 1; }
  mkdir -p "$ROOT/.bin"
  # tt-translate records the commit it is built from (--version; the plugin puts it into
  # Triton's cache key). Go records it only in a clone, not in a git worktree: a clean tree is
  # built from a shared clone of HEAD; a tree with changes as it is (no commit recorded; the
  # binary's SHA-256 still keys the cache).
  local build=$ROOT tmp=
  if [ -z "$(git -C "$ROOT" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
    tmp=$(mktemp -d)
    if git clone -q --shared --no-checkout "$ROOT" "$tmp/tt" && git -C "$tmp/tt" checkout -q "$(git -C "$ROOT" rev-parse HEAD)"; then
      build=$tmp/tt
    fi
  else
    echo "the tree has uncommitted changes: tt-translate records no commit"
  fi
  (cd "$build" && CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -buildvcs=true -trimpath -ldflags=-s \
     -o "$ROOT/.bin/tt-translate" ./cmd/tt-translate)
  local rc=$?
  [ -n "$tmp" ] && rm -rf "$tmp"
  [ "$rc" = 0 ] || return 1
  rm -rf "$SUITE" && mkdir -p "$SUITE"
  cp -r "$src/triton-tests" "$SUITE/triton-tests"
  cp "$src/tt_results.py" "$src/run_tutorial.py" "$SUITE/"
  chmod -R u+w "$SUITE"
  cp "$ROOT/scripts/gpu/triton_suite/conftest.py" "$SUITE/triton-tests/conftest.py"
  (cd "$ROOT" && PYTHONPATH=python TT_TRANSLATE=.bin/tt-translate python3 -m tt_triton info | sed 's/^/  /')
  du -sh "$ROOT/.bin/tt-translate" "$SUITE"
  echo "prepared: carry .bin; on the GPU machine: scripts/gpu/triton_suite.sh run --tests core --shard 0/6 --out \$OUT/core-0"
}

summary() {
  local results=() kernels=()
  for d in "$@"; do
    for m in tt baseline; do
      [ -f "$d/$m/results.jsonl" ] && results+=("$d/$m/results.jsonl")
      [ -f "$d/$m/kernels.jsonl" ] && kernels+=("$d/$m/kernels.jsonl")
    done
  done
  [ ${#results[@]} -gt 0 ] || { echo "no results.jsonl under $*" >&2; return 1; }
  local tt=() base=()
  for r in "${results[@]}"; do case "$r" in */tt/*) tt+=("$r") ;; *) base+=("$r") ;; esac; done
  local klog=()
  [ ${#kernels[@]} -gt 0 ] && klog=(--kernels "${kernels[@]}")
  [ ${#tt[@]} -gt 0 ] && $PY "$SUITE/tt_results.py" summary "${tt[@]}" "${klog[@]}" --label tt --by-test 400
  [ ${#base[@]} -gt 0 ] && $PY "$SUITE/tt_results.py" summary "${base[@]}" --label baseline --by-test 400
  if [ ${#tt[@]} -gt 0 ] && [ ${#base[@]} -gt 0 ]; then
    # One file per side for the comparison: the shards' lines concatenated.
    local tmp; tmp=$(mktemp -d)
    cat "${tt[@]}" > "$tmp/tt.jsonl"; cat "${base[@]}" > "$tmp/baseline.jsonl"
    $PY "$SUITE/tt_results.py" compare "$tmp/tt.jsonl" "$tmp/baseline.jsonl"
    rm -rf "$tmp"
  fi
  return 0
}

run() {
  local mode=tt tests=core shard= budget=540 nproc=8 timeout=300 out=${OUT:+$OUT/triton-suite} kexpr=
  out=${out:-$PWD/triton-suite-results}
  while [ $# -gt 0 ]; do
    case "$1" in
      --mode) mode=$2; shift 2 ;;
      --tests) tests=$2; shift 2 ;;
      --shard) shard=$2; shift 2 ;;
      --budget) budget=$2; shift 2 ;;
      -n) nproc=$2; shift 2 ;;
      --timeout) timeout=$2; shift 2 ;;
      --out) out=$2; shift 2 ;;
      -k) kexpr=$2; shift 2 ;;
      *) echo "triton_suite.sh run: unknown argument $1" >&2; return 2 ;;
    esac
  done
  case "$mode" in tt|baseline|both) ;; *) echo "unknown --mode $mode" >&2; return 2 ;; esac
  [ -x "$ROOT/.bin/tt-translate" ] && [ -d "$SUITE/triton-tests" ] ||
    { echo "run scripts/gpu/triton_suite.sh prepare first (and carry .bin)" >&2; return 1; }
  local t0; t0=$(date +%s)
  mkdir -p "$out" && out=$(cd "$out" && pwd)
  export TT_TRANSLATE=$ROOT/.bin/tt-translate
  export PYTHONPATH=$ROOT/python${PYTHONPATH:+:$PYTHONPATH}
  export PYTHONDONTWRITEBYTECODE=1
  local L=python/test/unit/language paths=() tutorials=0 plugin=0
  # others: every language test file but test_core.py (test_core.py alone takes two 10-minute calls).
  local others=()
  local f
  for f in "$SUITE/triton-tests/$L"/test_*.py; do
    [ "$(basename "$f")" = test_core.py ] || others+=("$L/$(basename "$f")")
  done
  case "$tests" in
    core) paths=($L/test_core.py) ;;
    language) paths=($L/test_core.py "${others[@]}") ;;
    others) paths=("${others[@]}") ;;
    tutorials) tutorials=1 ;;
    plugin) plugin=1 ;;
    *) read -r -a paths <<< "$tests" ;;
  esac
  {
    echo "date $(date -u +%FT%TZ) host $(hostname)"
    nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2>&1 | head -2
    $PY -c 'import sys, torch, triton; print("python", sys.version.split()[0], "torch", torch.__version__, "triton", triton.__version__)' 2>&1
    $PY -m tt_triton info 2>&1
    echo "mode=$mode tests=$tests shard=${shard:-none} n=$nproc budget=$budget k=${kexpr:-none}"
  } | tee "$out/env.txt"

  local timeout_args=() xdist=()
  $PY -c 'import pytest_timeout' 2>/dev/null && timeout_args=(--timeout="$timeout" --timeout-method=thread)
  [ "$nproc" != 0 ] && xdist=(-n "$nproc" --dist worksteal --max-worker-restart 1000)

  # one_mode NAME PLUGIN(0|1) SECONDS
  one_mode() {
    local name=$1 plug=$2 secs=$3 d=$out/$1
    mkdir -p "$d"
    local cache; cache=$(mktemp -d "${TMPDIR:-/tmp}/triton-cache-$name.XXXXXX")
    local deadline=$(( $(date +%s) + secs - 45 )) hard=$(( secs - 10 ))
    [ "$hard" -lt 30 ] && hard=30
    # One BLAS thread a worker: with 16 xdist workers each running OpenBLAS's default thread
    # count, test_dot's host reference (np.matmul of a 128x64 by 64x128 f32) came out different
    # for identical inputs from run to run (2026-11-28), failing a kernel whose output was the
    # exact product.
    local envs=(TT_SUITE_PLUGIN="$plug" TRITON_CACHE_DIR="$cache" TT_RESULTS_LOG="$d/results.jsonl" TT_DEADLINE="$deadline"
      OPENBLAS_NUM_THREADS="${OPENBLAS_NUM_THREADS:-1}")
    [ -n "$shard" ] && envs+=(TT_SHARD="$shard")
    [ "$plug" = 1 ] && envs+=(TT_TRITON_LOG="$d/kernels.jsonl" TT_TRITON_FAIL_DIR="$d/tt-failures")
    echo "== $name: $(date -u +%T), ${secs}s"
    if [ "$plug" = 1 ]; then
      if ! env "${envs[@]}" TRITON_CACHE_DIR="$cache/selftest" TT_RESULTS_LOG= timeout 300 $PY -m tt_triton selftest \
           > "$d/selftest.log" 2>&1; then
        cat "$d/selftest.log"; echo "tt_triton self-test FAILED: not running the tests"; rm -rf "$cache"; return 1
      fi
      grep -E "SELFTEST|tt-translate" "$d/selftest.log"
    fi
    if [ ${#paths[@]} -gt 0 ]; then
      (cd "$SUITE/triton-tests" && env "${envs[@]}" timeout --signal=TERM --kill-after=20 "$hard" \
         $PY -m pytest -q -rN --tb=short -p no:benchmark "${xdist[@]}" "${timeout_args[@]}" \
         --junitxml="$d/junit.xml" ${kexpr:+-k "$kexpr"} "${paths[@]}") > "$d/pytest.log" 2>&1
      echo "   pytest exit $?: $(tail -1 "$d/pytest.log")"
    fi
    if [ "$plugin" = 1 ]; then
      (cd "$ROOT" && env "${envs[@]}" timeout --kill-after=20 "$hard" $PY -m pytest -v -rs -p no:cacheprovider \
         python/tests/test_gpu.py) > "$d/pytest-plugin.log" 2>&1
      echo "   plugin tests exit $?:"; grep -E "PASSED|FAILED|SKIPPED|ERROR|passed|failed" "$d/pytest-plugin.log" | sed 's/^/   | /'
    fi
    if [ "$tutorials" = 1 ]; then
      local tdir=$SUITE/triton-tests/python/tutorials tcwd; tcwd=$(mktemp -d)
      for t in 01-vector-add.py 02-fused-softmax.py 03-matrix-multiplication.py 05-layer-norm.py; do
        local left=$(( deadline - $(date +%s) ))
        if [ "$left" -lt 30 ]; then echo "   $t: not run (budget)"; continue; fi
        env "${envs[@]}" TT_TUTORIAL_CWD="$tcwd" timeout --kill-after=10 "$left" \
          $PY "$ROOT/scripts/gpu/triton_suite/run_tutorial.py" "$SUITE" "$tdir/$t" > "$d/tutorial-${t%.py}.log" 2>&1
        echo "   $(tail -1 "$d/tutorial-${t%.py}.log")"
      done
      local left=$(( deadline - $(date +%s) ))
      if [ "$left" -gt 60 ]; then
        (cd "$SUITE/triton-tests" && env "${envs[@]}" timeout --kill-after=20 "$left" $PY -m pytest -q -rN --tb=short \
           -p no:benchmark --import-mode=importlib "${timeout_args[@]}" --junitxml="$d/junit-06.xml" \
           python/tutorials/06-fused-attention.py) > "$d/pytest-06.log" 2>&1
        echo "   06-fused-attention: $(tail -1 "$d/pytest-06.log")"
      else
        echo "   06-fused-attention: not run (budget: ${left} s left, it needs over 60; the default --budget leaves it several minutes)"
      fi
      rm -rf "$tcwd"
    fi
    rm -rf "$cache"
    local klog=()
    [ -f "$d/kernels.jsonl" ] && klog=(--kernels "$d/kernels.jsonl")
    [ -f "$d/results.jsonl" ] && $PY "$SUITE/tt_results.py" summary "$d/results.jsonl" "${klog[@]}" --label "$name" \
      --by-test 60 > "$d/summary.txt" 2>&1 && cat "$d/summary.txt"
    if [ -d "$d/tt-failures" ]; then
      tar czf "$d/tt-failures.tgz" -C "$d" tt-failures && rm -rf "$d/tt-failures"
    fi
    return 0
  }

  local left=$(( budget - ($(date +%s) - t0) ))
  case "$mode" in
    tt) one_mode tt 1 "$left" ;;
    baseline) one_mode baseline 0 "$left" ;;
    both)
      one_mode tt 1 $(( left / 2 ))
      one_mode baseline 0 $(( budget - ($(date +%s) - t0) ))
      [ -f "$out/tt/results.jsonl" ] && [ -f "$out/baseline/results.jsonl" ] &&
        $PY "$SUITE/tt_results.py" compare "$out/tt/results.jsonl" "$out/baseline/results.jsonl" | tee "$out/compare.txt" ;;
  esac
  echo "results in $out ($(( $(date +%s) - t0 )) s)"
}

cmd=${1:-}
shift || true
case "$cmd" in
  prepare) prepare "$@" ;;
  run) run "$@" ;;
  summary) summary "$@" ;;
  *) sed -n '2,36p' "$0"; exit 2 ;;
esac
