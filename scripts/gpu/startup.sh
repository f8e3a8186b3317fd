#!/usr/bin/env bash
# The floor under a compile's process time, on the GPU machine (or anywhere):
# wall time per process of a Go program that does nothing, of
# `tt-translate --version`, and of tt-translate compiling two small perf
# kernels and a matmul, then the package initializations (GODEBUG=inittrace=1).
#
#   scripts/gpu/startup.sh TT_TRANSLATE PERF_DIR
#
# Run from a folder holding `hello`, a Go program whose main does nothing
# (cross-compile it beside tt-translate), or without it to skip that line.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 TT_TRANSLATE PERF_DIR" >&2; exit 2; }
tt=$1
perf=$2
per() { # N command...: microseconds a process, over N runs
  local n=$1
  shift
  local s e
  s=$(date +%s%N)
  for ((i = 0; i < n; i++)); do "$@" > /dev/null 2>&1; done
  e=$(date +%s%N)
  echo "$(((e - s) / n / 1000)) us  $*"
}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for round in 1 2; do
  [ -x ./hello ] && per 200 ./hello
  per 200 "$tt" --version
  per 100 "$tt" "$perf/vector_add_2e26.ttir" --no-cache --target=ptx --num-warps=4 -o "$out/v.ptx"
  per 100 "$tt" "$perf/softmax_4096x1024.ttir" --no-cache --target=ptx --num-warps=4 -o "$out/v.ptx"
  per 20 "$tt" "$perf/matmul_f16_4096_128x128x64_w4.ttir" --no-cache --target=ptx --num-warps=4 -o "$out/v.ptx"
done
GODEBUG=inittrace=1 "$tt" --version 2>&1 >/dev/null | sort -k5 -n -r | head -25
