#!/usr/bin/env bash
# Compiles every kernel of the perf set (shared/kernels/perf), the
# GPU-recorded cases (testdata/cases) and the seed kernels
# (shared/kernels/*.ttir) with one tt-translate binary, into OUTDIR: PTX for
# sm_90 and sm_80, LLVM IR for gfx942, and each run's metadata and
# diagnostics. Two snapshots from two builds compare with `diff -r`: a change
# meant only to make the compiler faster must leave them byte-identical.
#
#   scripts/compile_snapshot.sh TT_TRANSLATE OUTDIR
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 TT_TRANSLATE OUTDIR" >&2; exit 2; }
tt=$(realpath "$1")
out=$2
cd "$(dirname "$0")/.."
shared=../shared/kernels
# Without ../shared beside the checkout (a git worktree elsewhere) the
# snapshot would hold only testdata/cases; the PTX also records each
# input's path, so snapshots compare only between checkouts that see
# ../shared at the same place.
[ -f "$shared/perf/manifest.json" ] || { echo "$0: no $shared/perf/manifest.json beside this checkout ($PWD)" >&2; exit 1; }
rm -rf "$out" && mkdir -p "$out"

# name ttir num_warps num_stages, from a manifest (a list, or {"cases": [...]}).
cases() {
  python3 - "$1" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
for c in (m["cases"] if isinstance(m, dict) else m):
    print(c["name"], c.get("ttir", c["name"] + ".ttir"), c["num_warps"], c.get("num_stages", 3))
PY
}

compile() { # set dir name ttir warps stages
  local set=$1 dir=$2 name=$3 ttir=$4 warps=$5 stages=$6
  for t in "ptx sm_90 ptx" "ptx sm_80 ptx" "llvmir gfx942 ll"; do
    read -r target arch ext <<< "$t"
    local o="$out/$set/$name.$arch.$ext"
    mkdir -p "$out/$set"
    if ! "$tt" "$dir/$ttir" --no-cache --target="$target" --arch="$arch" --num-warps="$warps" \
        --num-stages="$stages" -o "$o" 2> "$o.err"; then
      echo "exit $?" >> "$o.err"
    fi
  done
}

while read -r name ttir warps stages; do
  compile perf "$shared/perf" "$name" "$ttir" "$warps" "$stages"
done < <(cases "$shared/perf/manifest.json")
while read -r name ttir warps stages; do
  compile cases testdata/cases "$name" "$ttir" "$warps" "$stages"
done < <(cases testdata/cases/manifest.json)
for f in "$shared"/*.ttir; do
  b=$(basename "$f" .ttir)
  w=4; [[ $b =~ _w([0-9]+) ]] && w=${BASH_REMATCH[1]}
  compile seed "$shared" "$b" "$b.ttir" "$w" 3
done
echo "$(find "$out" -type f ! -name '*.err' | wc -l) outputs in $out"
