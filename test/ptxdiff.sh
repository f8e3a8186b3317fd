#!/usr/bin/env bash
# ptxdiff.sh BASE [KERNELS_DIR] [ARCH]: compiles the kernels of KERNELS_DIR
# (default ../shared/kernels/perf) that have no tt.dot to PTX with the
# tt-translate of git revision BASE and with the working tree's, and fails
# unless the two differ only in `bar.sync` lines (barriers removed, or
# moved). Prints each kernel's barrier count before and after. Run from
# anywhere in the repository; needs only Go and git.
set -euo pipefail
base=${1:?usage: test/ptxdiff.sh BASE [KERNELS_DIR] [ARCH]}
root=$(git rev-parse --show-toplevel)
kernels=$(cd "${2:-$root/../shared/kernels/perf}" && pwd)
arch=${3:-sm_90}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$work/base" "$work/ptx-base" "$work/ptx-head"
git -C "$root" archive "$base" | tar -x -C "$work/base"
(cd "$work/base" && go build -o "$work/tt-translate-base" ./cmd/tt-translate)
(cd "$root" && go build -o "$work/tt-translate-head" ./cmd/tt-translate)

status=0
printf '%-32s %10s %10s  %s\n' kernel "bar before" "bar after" PTX
for f in "$kernels"/*.ttir; do
  grep -q 'tt\.dot' "$f" && continue
  name=$(basename "$f" .ttir)
  if ! "$work/tt-translate-base" "$f" --target=ptx --arch="$arch" -o "$work/ptx-base/$name.ptx" 2>/dev/null; then
    printf '%-32s %s\n' "$name" "(BASE does not compile it)"
    continue
  fi
  if ! "$work/tt-translate-head" "$f" --target=ptx --arch="$arch" -o "$work/ptx-head/$name.ptx"; then
    echo "$name: BASE compiles it, the working tree does not"
    status=1
    continue
  fi
  before=$(grep -c 'bar\.sync' "$work/ptx-base/$name.ptx" || true)
  after=$(grep -c 'bar\.sync' "$work/ptx-head/$name.ptx" || true)
  same=identical
  cmp -s "$work/ptx-base/$name.ptx" "$work/ptx-head/$name.ptx" || same=changed
  printf '%-32s %10s %10s  %s\n' "$name" "$before" "$after" "$same"
  # Changed lines other than barriers.
  other=$(diff "$work/ptx-base/$name.ptx" "$work/ptx-head/$name.ptx" | grep '^[<>]' | grep -v '^[<>][[:space:]]*bar\.sync 0;$' || true)
  if [ -n "$other" ]; then
    echo "$name: the PTX differs in more than barriers:"
    echo "$other" | head -20
    status=1
  fi
  if ! cmp -s "$work/ptx-base/$name.json" "$work/ptx-head/$name.json"; then
    echo "$name: the kernel metadata differs:"
    diff "$work/ptx-base/$name.json" "$work/ptx-head/$name.json" || true
    status=1
  fi
done
exit $status
