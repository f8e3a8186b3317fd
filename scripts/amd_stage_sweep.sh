#!/usr/bin/env bash
# Compiles every kernel of the perf set (shared/kernels/perf) and the seed
# kernels (shared/kernels/*.ttir) for an AMD architecture at num_stages 1 to
# 4 and num_warps 4 and 8, to LLVM IR, and assembles each with llc-19 where
# it is installed. Prints one line a compilation: "name sS wW ok", or the
# first error of a refusal (tt's located diagnostic), or llc's complaint.
# A refusal should name an unsupported feature or a resource (the LDS).
#
#   scripts/amd_stage_sweep.sh TT_TRANSLATE [ARCH]   (ARCH: gfx942)
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: $0 TT_TRANSLATE [ARCH]" >&2; exit 2; }
tt=$(realpath "$1")
arch=${2:-gfx942}
cd "$(dirname "$0")/.."
shared=../shared/kernels
[ -d "$shared/perf" ] || { echo "$0: no $shared/perf beside this checkout ($PWD)" >&2; exit 1; }
llc=$(command -v llc-19 || true)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for k in "$shared"/perf/*.ttir "$shared"/*.ttir; do
  n=$(basename "$k" .ttir)
  for s in 1 2 3 4; do
    for w in 4 8; do
      if ! "$tt" --arch="$arch" --num-stages=$s --num-warps=$w --target=llvmir "$k" -o "$tmp/k.ll" 2>"$tmp/err"; then
        echo "$n s$s w$w refused: $(grep -m1 'error:' "$tmp/err")"
      elif [ -n "$llc" ] && ! "$llc" -mtriple=amdgcn-amd-amdhsa -mcpu="$arch" "$tmp/k.ll" -o /dev/null 2>"$tmp/err"; then
        echo "$n s$s w$w llc failed: $(head -c 300 "$tmp/err" | tr '\n' ' ')"
      else
        echo "$n s$s w$w ok"
      fi
    done
  done
done
