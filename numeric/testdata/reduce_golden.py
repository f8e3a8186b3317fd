#!/usr/bin/env python3
"""Reduces the raw output of triton_golden.py to the files under sm90/.

Usage: python3 reduce_golden.py RAWDIR OUTDIR   (standard library only)

Exhaustive conversion tables become run-length files: the table maps every
bit pattern of the source format, in increasing order, to an output pattern;
the file is a gzip of (start delta, zigzag value delta) varint pairs, one per
run of equal outputs.
"""
import gzip
import json
import os
import struct
import sys

RAW, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def write_rle(name, runs):
    out = bytearray()
    ps = pv = 0
    for s, v in runs:
        out += varint(s - ps)
        d = v - pv
        out += varint((d << 1) if d >= 0 else ((-d) << 1) - 1)
        ps, pv = s, v
    with gzip.open(os.path.join(OUT, name + ".rle.gz"), "wb", compresslevel=9) as f:
        f.write(bytes(out))


def table_runs(values):
    runs = []
    for i, v in enumerate(values):
        if not runs or runs[-1][1] != v:
            runs.append((i, v))
    return runs


for fn in sorted(os.listdir(RAW)):
    p = os.path.join(RAW, fn)
    if fn.startswith("tab_") and fn.endswith(".bin"):
        _, src, dst, mode = fn[:-4].split("_")
        w = {"f32": 4, "f16": 2, "bf16": 2}.get(dst, 1)
        d = open(p, "rb").read()
        vals = struct.unpack("<%d%s" % (len(d) // w, {1: "B", 2: "H", 4: "I"}[w]), d)
        write_rle(f"cvt_{src}_{dst}_{mode}", table_runs(vals))
    elif fn.startswith("rle_f32_") and fn.endswith(".bin"):
        _, src, dst, mode = fn[:-4].split("_")
        d = open(p, "rb").read()
        v = struct.unpack("<%dI" % (len(d) // 4), d)
        write_rle(f"cvt_{src}_{dst}_{mode}", list(zip(v[0::2], v[1::2])))

# float64 sources: keep the structured cases, the specials and 1000 random ones.
xs = open(os.path.join(RAW, "f64_inputs.bin"), "rb").read()
n = len(xs) // 8
xin = struct.unpack("<%dQ" % n, xs)
f16 = struct.unpack("<%dH" % n, open(os.path.join(RAW, "f64_f16_rtne.bin"), "rb").read())
bf16 = struct.unpack("<%dH" % n, open(os.path.join(RAW, "f64_bf16_rtne.bin"), "rb").read())
f32 = struct.unpack("<%dI" % n, open(os.path.join(RAW, "f64_f32_rtne.bin"), "rb").read())
structured = n - 40000 - 30  # see f64_cases in triton_golden.py
keep = list(range(0, structured)) + list(range(structured, structured + 500)) + \
    list(range(structured + 20000, structured + 20500)) + list(range(n - 30, n))
with gzip.open(os.path.join(OUT, "f64_rne.bin.gz"), "wb", compresslevel=9) as f:
    for i in keep:
        f.write(struct.pack("<QHHI", xin[i], f16[i], bf16[i], f32[i]))

for name in ("int_ops.json", "minmax.json", "uniform.json"):
    if os.path.exists(os.path.join(RAW, name)):
        with open(os.path.join(RAW, name)) as f:
            obj = json.load(f)
        with gzip.open(os.path.join(OUT, name + ".gz"), "wt", compresslevel=9) as f:
            json.dump(obj, f, separators=(",", ":"))

# Random numbers: trim the offsets kept per case.
if os.path.exists(os.path.join(RAW, "rng.json")):
    with open(os.path.join(RAW, "rng.json")) as f:
        rng = json.load(f)
    cases = []
    for c in rng["cases"]:
        if "error" in c:
            continue
        keepi = [i for i, o in enumerate(c["offsets"]) if not (16 <= o < 64) or c["seed"] in (0, 42)]
        cases.append({"seed": c["seed"], "offset_dtype": c["offset_dtype"], "n_rounds": c["n_rounds"],
                      "offsets": [c["offsets"][i] for i in keepi], "out": [c["out"][i] for i in keepi]})
    with gzip.open(os.path.join(OUT, "rng.json.gz"), "wt", compresslevel=9) as f:
        json.dump({"cases": cases}, f, separators=(",", ":"))
