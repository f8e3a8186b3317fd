#!/usr/bin/env bash
# Nsight Compute profiles of the perf dot kernels, Triton's launch beside tt's PTX, on the GPU
# machine after `scripts/gpu/prepare.sh --perf ../shared/kernels/perf` (perf/, perf-ptx/):
#
#   .bin/gpu/profile_dot.sh OUTDIR [NAME...]     (default: every matmul and attention case)
#
# For each kernel: OUTDIR/NAME.ncu-rep (both launches; open with ncu-ui or `ncu --import`) and
# OUTDIR/NAME.txt, ncu's details page of the full section set (report 1 Triton, report 2 tt),
# then a side-by-side summary of the metrics that say where a dot kernel's time goes
# (tensor-pipe activity, warp stall reasons, issue slots, shared-memory bank conflicts,
# registers and occupancy) in OUTDIR/summary.txt.
set -uo pipefail
cd "$(dirname "$0")"
out=${1:?usage: profile_dot.sh OUTDIR [NAME...]}
shift
mkdir -p "$out"
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  names=($(python3 -c 'import json; print(" ".join(m["name"] for m in json.load(open("perf/manifest.json")) if m["name"].startswith(("matmul", "attention"))))'))
fi
for n in "${names[@]}"; do
  echo "== $n"
  ncu --set full --import-source no --launch-skip 4 --launch-count 2 -f -o "$out/$n" \
    python3 profile_dot.py perf perf-ptx "$n" > "$out/$n.log" 2>&1 || { tail -5 "$out/$n.log"; continue; }
  ncu --import "$out/$n.ncu-rep" --page details > "$out/$n.txt" 2>&1
  ncu --import "$out/$n.ncu-rep" --page raw --csv > "$out/$n.raw.csv" 2>&1
done
python3 - "$out" "${names[@]}" <<'EOF' | tee "$out/summary.txt"
import csv, sys
out, names = sys.argv[1], sys.argv[2:]
# metric-name prefixes of interest (ncu raw page); the first match of each is shown
WANT = [
    ("duration (us)", "gpu__time_duration.sum"),
    ("SM throughput %", "sm__throughput.avg.pct_of_peak_sustained_elapsed"),
    ("tensor pipe active %", "sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active"),
    ("tensor pipe (hmma) %", "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active"),
    ("issue active %", "sm__inst_issued.avg.pct_of_peak_sustained_active"),
    ("registers/thread", "launch__registers_per_thread"),
    ("achieved occupancy %", "sm__warps_active.avg.pct_of_peak_sustained_active"),
    ("L2 hit %", "lts__t_sector_hit_rate.pct"),
    ("DRAM throughput %", "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed"),
    ("smem bank conflicts (ld)", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"),
    ("smem bank conflicts (st)", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"),
]
STALL = "smsp__average_warps_issue_stalled_"
for n in names:
    try:
        rows = list(csv.reader(open(f"{out}/{n}.raw.csv")))
    except OSError:
        print(f"== {n}: no report"); continue
    if len(rows) < 4:
        print(f"== {n}: no data"); continue
    head, data = rows[0], rows[2:]
    col = {h: i for i, h in enumerate(head)}
    print(f"== {n}                           Triton        tt")
    for label, key in WANT:
        if key in col:
            print(f"   {label:28s} {data[0][col[key]]:>12s} {data[1][col[key]]:>12s}" if len(data) > 1 else f"   {label}: {data[0][col[key]]}")
    stalls = [(h, i) for h, i in col.items() if h.startswith(STALL) and h.endswith("_per_issue_active.ratio")]
    stalls.sort(key=lambda hi: -float(data[-1][hi[1]] or 0) if len(data) > 1 else 0)
    for h, i in stalls[:8]:
        label = h[len(STALL):-len("_per_issue_active.ratio")]
        print(f"   stall {label:22s} {data[0][i]:>12s} {data[1][i] if len(data) > 1 else '':>12s}")
EOF
