#!/usr/bin/env python3
"""Where a kernel's executed instructions go, by SASS region, from Nsight Compute's source page.

    ncu -k regex:NAME -c 1 --section SourceCounters -o REPORT python3 ...   (GPU machine)
    ncu -i REPORT.ncu-rep --page source --csv --print-source sass > SRC.csv
    python3 sass_regions.py SRC.csv [TOP]                                   (anywhere)

The source page lists every SASS instruction with how many times a warp executed it. A run of
consecutive instructions executed the same number of times is one straight-line region (a loop
body, an epilogue, a wait's retry): this prints the TOP (default 20) regions by instructions
executed, each with its offsets, its length, the count of each instruction, its share of the
kernel's total and its warp-stall samples. Two copies of one loop that differ in length (the
turns' consumers, docs/PERFORMANCE.md "Where the turns' instructions go") show up as two
regions of similar counts; read the SASS between the offsets (`cuobjdump -sass`) to see why.
"""
import csv
import sys


def number(text):
    try:
        return int(text.replace(",", ""))
    except ValueError:
        return None


def regions(path):
    rows = list(csv.reader(open(path, newline="")))
    # The header is the first row that names the columns (the first may name the kernel).
    head = next(i for i, r in enumerate(rows) if "Address" in r and "Instructions Executed" in r)
    cols = rows[head]
    addr, src, execd = cols.index("Address"), cols.index("Source"), cols.index("Instructions Executed")
    stall = cols.index("Warp Stall Sampling (All Samples)") if "Warp Stall Sampling (All Samples)" in cols else None
    base, out = None, []
    for r in rows[head + 1:]:
        if len(r) <= max(addr, execd):
            continue
        n = number(r[execd])
        if n is None:
            continue
        off = int(r[addr], 16)
        base = off if base is None else base
        s = (number(r[stall]) or 0) if stall is not None else 0
        if out and out[-1]["count"] == n and n > 0:
            cur = out[-1]
            cur["last"], cur["length"], cur["stalls"] = off - base, cur["length"] + 1, cur["stalls"] + s
        else:
            out.append({"first": off - base, "last": off - base, "length": 1, "count": n, "stalls": s,
                        "source": r[src].strip()})
    return out


def main(path, top):
    rs = regions(path)
    total = sum(r["count"] * r["length"] for r in rs)
    print(f"{total:,} warp instructions executed")
    print(f"{'offsets':>15} {'instrs':>6} {'each':>10} {'executed':>12} {'share':>6} {'stalls':>7}  first")
    for r in sorted(rs, key=lambda r: -r["count"] * r["length"])[:top]:
        ex = r["count"] * r["length"]
        print(f"{r['first']:#07x}-{r['last']:#07x} {r['length']:>6} {r['count']:>10,} {ex:>12,} "
              f"{100 * ex / max(total, 1):>5.1f}% {r['stalls']:>7}  {r['source']}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20)
