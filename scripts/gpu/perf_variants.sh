#!/usr/bin/env bash
# Builds PTX variants of the perf kernels for one timing run on the GPU
# machine (development machine, no GPU needed):
#
#   scripts/gpu/perf_variants.sh [--all] NAME=SPEC...
#
# SPEC is a git commit (built from a clean export of that commit) or
# `worktree` (this checkout as it is), optionally followed by
# comma-separated VAR=VALUE settings of tt's experimental environment
# variables (docs/perf-notes.md lists them) and --flag=value options of
# tt-translate (for every kernel of the variant), e.g.
#
#   scripts/gpu/perf_variants.sh main=cfd7f21 ftz=worktree ws=worktree,TT_X_FOO=1 r160=worktree,--maxnreg=160
#
# Each variant's PTX and metadata JSON go to .bin/gpu/variants/NAME/, with
# Triton's own PTX as the variant triton-ptx (its two hidden parameters
# passed as null, as perf_compare.py's self-check does), ptxas -v register
# counts in NAME/regs.txt where ptxas is on PATH (or $PTXAS names it), and
# the perf cases with tensor-core dots (--all: every perf case) in
# .bin/gpu/variants/perf. On the GPU machine, carry .bin/gpu/variants and
# run .bin/gpu/variants/run.sh: variants_bench.py (every variant and
# Triton's PTX, interleaved), then perf_compare.py run for the self-check
# and each variant; the log is written to $OUT/variants.log when $OUT is set.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
perf=../shared/kernels/perf
tools=../shared/tools
all=0
specs=()
for a in "$@"; do
  case "$a" in
    --all) all=1 ;;
    *=*) specs+=("$a") ;;
    *) echo "perf_variants.sh: expected NAME=SPEC, got $a" >&2; exit 2 ;;
  esac
done
[ ${#specs[@]} -gt 0 ] || { echo "usage: perf_variants.sh [--all] NAME=SPEC..." >&2; exit 2; }

out=.bin/gpu/variants
rm -rf "$out" && mkdir -p "$out/perf"
cp "$tools/perf_compare.py" scripts/gpu/perf_check.py scripts/gpu/variants_bench.py scripts/gpu/peers_ncu.py scripts/gpu/attn_seq.py "$out/"

# The case set: the dot kernels (names matmul_* and attention_*) or all.
python3 - "$perf" "$out/perf" "$all" <<'PY'
import json, shutil, sys, os
src, dst, everything = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
man = [m for m in json.load(open(os.path.join(src, "manifest.json")))
       if everything or m["name"].startswith(("matmul_", "attention_"))]
for m in man:
    for ext in (".ttir", ".triton.ptx"):
        shutil.copy(os.path.join(src, m["name"] + ext), dst)
json.dump(man, open(os.path.join(dst, "manifest.json"), "w"), indent=1)
PY

ptxas=${PTXAS:-$(command -v ptxas || true)}
regs() { # DIR: ptxas -v of every PTX in DIR into DIR/regs.txt
  [ -x "$ptxas" ] || return 0
  for p in "$1"/*.ptx; do
    arch=$(sed -n 's/^\.target \(sm_[0-9a-z]*\).*/\1/p' "$p" | head -1)
    printf '%s %s\n' "$(basename "$p" .ptx)" "$("$ptxas" -arch="${arch:-sm_90a}" -v "$p" -o /dev/null 2>&1 | grep -o 'Used [0-9]* registers\|[0-9]* bytes spill stores\|warning.*' | tr '\n' ' ')"
  done > "$1/regs.txt"
}

# Triton's own PTX, as perf_compare.py's self-check launches it.
mkdir -p "$out/triton-ptx"
python3 - "$out/perf" "$out/triton-ptx" <<'PY'
import json, shutil, sys, os
src, dst = sys.argv[1], sys.argv[2]
for m in json.load(open(os.path.join(src, "manifest.json"))):
    shutil.copy(os.path.join(src, m["name"] + ".triton.ptx"), os.path.join(dst, m["name"] + ".ptx"))
    json.dump({"name": m["kernel"], "num_warps": m["num_warps"], "shared": m["shared"], "extra_params": 2},
              open(os.path.join(dst, m["name"] + ".json"), "w"))
PY
regs "$out/triton-ptx"

names=(triton-ptx)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for spec in "${specs[@]}"; do
  name=${spec%%=*}
  rest=${spec#*=}
  ref=${rest%%,*}
  envs=() flags=() settings=()
  [ "$rest" != "$ref" ] && IFS=, read -r -a settings <<< "${rest#*,}"
  for x in ${settings[@]+"${settings[@]}"}; do
    case "$x" in --*) flags+=("$x") ;; *) envs+=("$x") ;; esac
  done
  bin="$tmp/tt-translate-$name"
  if [ "$ref" = worktree ]; then
    go build -o "$bin" ./cmd/tt-translate
  else
    src="$tmp/src-$name"
    mkdir -p "$src"
    git archive "$ref" | tar -x -C "$src"
    (cd "$src" && go build -o "$bin" ./cmd/tt-translate)
  fi
  dir="$out/$name"
  mkdir -p "$dir"
  echo "$spec" > "$dir/spec.txt"
  python3 -c 'import json,sys
for m in json.load(open(sys.argv[1])): print(m["name"], m["num_warps"], m.get("num_stages", 3))' "$out/perf/manifest.json" |
  while read -r kname warps stages; do
    # The manifest's warps and stages, unless the variant's flags set them (tt-translate refuses a
    # flag given twice with different values).
    defaults=()
    case " ${flags[*]-} " in *" --num-warps="*) ;; *) defaults+=(--num-warps="$warps") ;; esac
    case " ${flags[*]-} " in *" --num-stages="*) ;; *) defaults+=(--num-stages="$stages") ;; esac
    if ! env ${envs[@]+"${envs[@]}"} "$bin" "$out/perf/$kname.ttir" --no-cache --target=ptx --arch=sm_90 "${defaults[@]}" \
         ${flags[@]+"${flags[@]}"} -o "$dir/$kname.ptx" 2> "$dir/$kname.err"; then
      echo "perf_variants.sh: $name: $kname did not compile: $(head -1 "$dir/$kname.err")" >&2
      rm -f "$dir/$kname.ptx"
    fi
    grep -v 'steps of the pipeline were skipped\|tensor memory is not supported' "$dir/$kname.err" > "$dir/$kname.err2" || true
    mv "$dir/$kname.err2" "$dir/$kname.err"; [ -s "$dir/$kname.err" ] || rm -f "$dir/$kname.err"
  done
  regs "$dir"
  names+=("$name")
  echo "built $name ($spec): $(ls "$dir"/*.ptx | wc -l) kernels"
done

cat > "$out/run.sh" <<RUN
#!/usr/bin/env bash
# On the GPU machine: interleaved timing of every variant, then perf_compare.py per variant.
cd "\$(dirname "\$0")"
log=\${OUT:-.}/variants.log
{
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
for d in ${names[*]}; do echo "== registers \$d"; cat "\$d/regs.txt" 2>/dev/null; done
echo "== variants_bench.py"
timeout 300 python3 variants_bench.py perf . \${ROUNDS:-3}
for d in ${names[*]}; do
  echo "== perf_compare.py run perf \$d"
  timeout 120 python3 perf_compare.py run perf "\$d"
done
} 2>&1 | tee "\$log"
RUN
chmod +x "$out/run.sh"
du -sh "$out"
echo "device: run(command=\".bin/gpu/variants/run.sh\", carry=[\".bin/gpu/variants\"])"
