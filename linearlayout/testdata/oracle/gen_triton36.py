#!/usr/bin/env python3
"""Generates golden expectations for package linearlayout from an installed
Triton 3.6 (its Gluon builder and its LinearLayout Python bindings).

Usage (on a machine where `import triton` gives Triton 3.6):

    python3 gen_triton36.py OUTDIR

It writes OUTDIR/triton36_layouts.json (standard layouts -> bases),
OUTDIR/triton36_ops.json (products, compositions, inverses of random
layouts) and OUTDIR/triton36_bank.json (Triton's bank-conflict counts, also
for the shared layouts listed in swizzle_cases.json beside this script, which
`LL_WRITE_ORACLE_INPUT=1 go test -run TestWriteSwizzleOracleInput` writes).
Copy the three files to linearlayout/testdata. Each case runs in a worker
process so that a C++ abort (an assertion on an invalid parameter set, or
one of Triton's own) loses only that case (it is recorded as "crash").
"""
import json
import os
import random
import subprocess
import sys

# ---------------------------------------------------------------- case lists


def pow2_shapes(rank, lo=1, hi=256):
    vals = [v for v in (1, 2, 4, 8, 16, 32, 64, 128, 256) if lo <= v <= hi]
    return vals


def cga(ctas, split, order):
    return {"ctas": ctas, "split": split, "order": order}


def layout_cases():
    rnd = random.Random(36)
    cases = []

    def add(kind, shape, **params):
        cases.append({"kind": kind, "shape": shape, "params": params})

    # Blocked: hand-picked then random.
    add("blocked", [16, 16], spt=[2, 2], tpw=[8, 4], wpc=[1, 2], order=[1, 0])
    add("blocked", [1024], spt=[4], tpw=[32], wpc=[4], order=[0])
    add("blocked", [128], spt=[4], tpw=[32], wpc=[4], order=[0])
    add("blocked", [64, 64], spt=[1, 4], tpw=[8, 4], wpc=[4, 1], order=[1, 0])
    add("blocked", [64, 64], spt=[4, 1], tpw=[4, 8], wpc=[1, 4], order=[0, 1])
    add("blocked", [32, 32], spt=[1, 1], tpw=[32, 1], wpc=[1, 4], order=[0, 1])
    add("blocked", [2, 4, 8], spt=[1, 2, 2], tpw=[2, 4, 4], wpc=[2, 1, 2], order=[2, 0, 1])
    add("blocked", [128, 256], spt=[1, 8], tpw=[4, 8], wpc=[8, 1], order=[1, 0])
    add("blocked", [1, 1], spt=[1, 1], tpw=[4, 8], wpc=[2, 2], order=[1, 0])
    add("blocked", [256, 32], spt=[8, 1], tpw=[8, 4], wpc=[1, 8], order=[0, 1])
    add("blocked", [64, 64], spt=[1, 4], tpw=[16, 4], wpc=[4, 1], order=[1, 0])  # wave64
    add("blocked", [64, 128], spt=[1, 4], tpw=[8, 4], wpc=[2, 2], order=[1, 0],
        cga=cga([2, 2], [2, 2], [1, 0]))
    add("blocked", [64, 128], spt=[1, 4], tpw=[8, 4], wpc=[2, 2], order=[1, 0],
        cga=cga([2, 2], [1, 2], [1, 0]))
    add("blocked", [16, 16], spt=[1, 4], tpw=[8, 4], wpc=[2, 2], order=[1, 0],
        cga=cga([4, 2], [4, 2], [0, 1]))
    for _ in range(60):
        rank = rnd.choice([1, 2, 2, 2, 3])
        order = list(range(rank))
        rnd.shuffle(order)
        def split(total):
            v = [1] * rank
            for _ in range(total):
                v[rnd.randrange(rank)] *= 2
            return v
        spt = split(rnd.randrange(0, 4))
        tpw = split(5 if rnd.random() < 0.85 else 6)
        wpc = split(rnd.randrange(0, 4))
        shape = [rnd.choice([1, 2, 4, 8, 16, 32, 64, 128]) for _ in range(rank)]
        params = dict(spt=spt, tpw=tpw, wpc=wpc, order=order)
        if rnd.random() < 0.15:
            ctas = split(rnd.randrange(1, 3))
            spl = [c if rnd.random() < 0.6 else max(1, c // 2) for c in ctas]
            co = list(range(rank))
            rnd.shuffle(co)
            params["cga"] = cga(ctas, spl, co)
        add("blocked", shape, **params)

    # Slices.
    for dim in (0, 1):
        add("slice", [64], dim=dim, parent={"kind": "blocked", "params": dict(
            spt=[1, 4], tpw=[8, 4], wpc=[4, 1], order=[1, 0])})
        add("slice", [16], dim=dim, parent={"kind": "blocked", "params": dict(
            spt=[2, 2], tpw=[4, 8], wpc=[2, 2], order=[0, 1])})
        add("slice", [128], dim=dim, parent={"kind": "mma", "params": dict(
            version=[2, 0], wpc=[2, 2], instr=[16, 8])})
        add("slice", [32], dim=dim, parent={"kind": "mfma", "params": dict(
            version=3, instr=[32, 32, 8], transposed=False, wpc=[2, 2])})
    for dim in (0, 1, 2):
        add("slice", [8, 32], dim=dim, parent={"kind": "blocked", "params": dict(
            spt=[1, 2, 2], tpw=[2, 4, 4], wpc=[2, 1, 2], order=[2, 0, 1])})
    add("slice", [1], dim=1, parent={"kind": "blocked", "params": dict(
        spt=[1, 1], tpw=[4, 8], wpc=[4, 1], order=[1, 0])})
    add("slice", [64], dim=0, parent={"kind": "blocked", "params": dict(
        spt=[1, 1], tpw=[4, 8], wpc=[4, 1], order=[1, 0], cga=cga([2, 2], [2, 1], [1, 0]))})

    # NVIDIA MMA v2 / v3.
    for wpc in ([1, 1], [2, 2], [4, 1], [1, 4], [2, 4]):
        for shape in ([16, 8], [32, 32], [64, 64], [128, 128], [16, 64], [8, 8]):
            add("mma", shape, version=[2, 0], wpc=wpc, instr=[16, 8])
    add("mma", [2, 64, 64], version=[2, 0], wpc=[2, 2, 1], instr=[1, 16, 8])
    add("mma", [4, 32, 32], version=[2, 0], wpc=[1, 2, 2], instr=[1, 16, 8])
    for n in (8, 16, 32, 64, 128, 256):
        for wpc, shape in (([4, 1], [64, n]), ([4, 1], [128, 2 * n]), ([8, 1], [128, n]),
                           ([4, 2], [128, 2 * n]), ([4, 1], [16, n])):
            add("mma", shape, version=[3, 0], wpc=wpc, instr=[16, n, 16])

    # Dot operands of MMA v2 / v3.
    for kw in (1, 2, 4, 8):
        for wpc in ([1, 1], [2, 2], [4, 1], [1, 4]):
            for shape in ([16, 16], [64, 32], [128, 64]):
                add("dot", shape, op=0, kwidth=kw, parent={"kind": "mma", "params": dict(
                    version=[2, 0], wpc=wpc, instr=[16, 8])})
                add("dot", [shape[1], shape[0]], op=1, kwidth=kw, parent={"kind": "mma", "params": dict(
                    version=[2, 0], wpc=wpc, instr=[16, 8])})
    add("dot", [2, 32, 32], op=0, kwidth=2, parent={"kind": "mma", "params": dict(
        version=[2, 0], wpc=[2, 2, 1], instr=[1, 16, 8])})
    add("dot", [2, 32, 32], op=1, kwidth=2, parent={"kind": "mma", "params": dict(
        version=[2, 0], wpc=[2, 2, 1], instr=[1, 16, 8])})
    for kw in (2, 4):
        for wpc, shape in (([4, 1], [64, 64]), ([4, 1], [128, 32]), ([8, 1], [128, 64]), ([4, 2], [64, 64])):
            add("dot", shape, op=0, kwidth=kw, parent={"kind": "mma", "params": dict(
                version=[3, 0], wpc=wpc, instr=[16, 64, 16])})
    # FMA dot operands (blocked parent).
    for op in (0, 1):
        for shape in ([32, 16], [64, 64], [16, 128]):
            add("dot", shape, op=op, kwidth=0, parent={"kind": "blocked", "params": dict(
                spt=[1, 4], tpw=[8, 4], wpc=[4, 1], order=[1, 0])})
            add("dot", shape, op=op, kwidth=0, parent={"kind": "blocked", "params": dict(
                spt=[2, 2], tpw=[4, 8], wpc=[2, 2], order=[0, 1])})

    # AMD MFMA.
    for version in (2, 3, 4):
        for instr in ([32, 32, 8], [16, 16, 16], [32, 32, 16], [16, 16, 32]):
            for transposed in (False, True):
                for wpc in ([1, 1], [2, 2], [4, 1], [1, 4]):
                    for shape in ([32, 32], [64, 128], [16, 16], [128, 64]):
                        if version != 3 and (wpc != [2, 2] or shape != [64, 128]):
                            continue
                        add("mfma", shape, version=version, instr=instr, transposed=transposed, wpc=wpc)
    for tpwp in ([2, 2], [2, 1], [1, 2]):
        for instr in ([32, 32, 8], [16, 16, 16]):
            add("mfma", [128, 128], version=4, instr=instr, transposed=True, wpc=[2, 2], tiles=tpwp)
            add("mfma", [64, 64], version=4, instr=instr, transposed=False, wpc=[1, 2], tiles=tpwp)
    for instr in ([16, 16, 4], [32, 32, 4]):
        add("mfma", [64, 64], version=3, instr=instr, transposed=False, wpc=[2, 2], bits=64)
        add("mfma", [64, 64], version=3, instr=instr, transposed=True, wpc=[2, 2], bits=64)
    add("mfma", [64, 64], version=3, instr=[64, 4, 4], transposed=True, wpc=[1, 1])
    add("mfma", [4, 64], version=3, instr=[4, 64, 4], transposed=False, wpc=[1, 1])
    add("mfma", [2, 64, 64], version=3, instr=[32, 32, 8], transposed=False, wpc=[2, 1, 2])
    # MFMA dot operands.
    for instr in ([32, 32, 8], [16, 16, 16], [32, 32, 16], [16, 16, 32]):
        for kw in (4, 8, 16):
            for op in (0, 1):
                for wpc in ([2, 2], [4, 1]):
                    k = instr[2] * 4
                    shape = [64, k] if op == 0 else [k, 64]
                    add("dot", shape, op=op, kwidth=kw, parent={"kind": "mfma", "params": dict(
                        version=3, instr=instr, transposed=False, wpc=wpc)})
    add("dot", [128, 64], op=0, kwidth=8, parent={"kind": "mfma", "params": dict(
        version=4, instr=[16, 16, 32], transposed=True, wpc=[2, 2], tiles=[2, 2])})
    add("dot", [64, 128], op=1, kwidth=8, parent={"kind": "mfma", "params": dict(
        version=4, instr=[16, 16, 32], transposed=True, wpc=[2, 2], tiles=[2, 2])})

    # AMD WMMA.
    for version, instrs in ((1, ([16, 16, 16],)), (2, ([16, 16, 16],)),
                            (3, ([16, 16, 32], [16, 16, 4], [16, 16, 64], [16, 16, 128]))):
        for instr in instrs:
            for transposed in (False, True):
                for wpc in ([1, 1], [2, 2], [4, 1]):
                    for shape in ([16, 16], [64, 64], [32, 128]):
                        add("wmma", shape, version=version, instr=instr, transposed=transposed, wpc=wpc)
            for op in (0, 1):
                for kw in (4, 8, 16):
                    k = instr[2] * 2
                    shape = [64, k] if op == 0 else [k, 64]
                    add("dot", shape, op=op, kwidth=kw, parent={"kind": "wmma", "params": dict(
                        version=version, instr=instr, transposed=False, wpc=[2, 2])})
    add("wmma", [64, 64], version=3, instr=[16, 16, 32], transposed=False, wpc=[2, 2], tiles=[2, 2])

    # Operands and results larger than one CTA tile in both dims, where the
    # order in which registers repeat matters.
    for instr in ([32, 32, 8], [16, 16, 16], [16, 16, 32]):
        for op in (0, 1):
            for kw in (4, 8):
                for shape in ([256, 128], [128, 256]):
                    add("dot", shape, op=op, kwidth=kw, parent={"kind": "mfma", "params": dict(
                        version=3, instr=instr, transposed=False, wpc=[2, 2])})
                    add("dot", shape, op=op, kwidth=kw, parent={"kind": "mfma", "params": dict(
                        version=4, instr=instr, transposed=True, wpc=[4, 1], tiles=[2, 1])})
    for op in (0, 1):
        add("dot", [2, 128, 64], op=op, kwidth=8, parent={"kind": "mfma", "params": dict(
            version=3, instr=[32, 32, 8], transposed=False, wpc=[2, 2, 1])})
        add("dot", [2, 128, 128], op=op, kwidth=8, parent={"kind": "wmma", "params": dict(
            version=2, instr=[16, 16, 16], transposed=False, wpc=[2, 2, 1])})
        for version, instr, kw in ((1, [16, 16, 16], 16), (2, [16, 16, 16], 8), (3, [16, 16, 32], 16)):
            for shape in ([128, 256], [256, 128]):
                add("dot", shape, op=op, kwidth=kw, parent={"kind": "wmma", "params": dict(
                    version=version, instr=instr, transposed=False, wpc=[2, 2])})
                add("dot", shape, op=op, kwidth=kw, parent={"kind": "wmma", "params": dict(
                    version=version, instr=instr, transposed=True, wpc=[4, 1], tiles=[2, 2])})
        for kw in (1, 2, 4):
            add("dot", [256, 256], op=op, kwidth=kw, parent={"kind": "mma", "params": dict(
                version=[2, 0], wpc=[2, 2], instr=[16, 8])})
            add("dot", [128, 128], op=op, kwidth=kw, parent={"kind": "mma", "params": dict(
                version=[2, 0], wpc=[2, 2], instr=[16, 8], cga=cga([2, 2], [2, 2], [1, 0]))})
        add("dot", [64, 128], op=op, kwidth=0, parent={"kind": "blocked", "params": dict(
            spt=[1, 4], tpw=[8, 4], wpc=[4, 1], order=[1, 0], cga=cga([2, 2], [2, 1], [1, 0]))})
    for tiles in ([2, 2], [1, 2], [2, 1], [4, 1]):
        for version, instr in ((1, [16, 16, 16]), (2, [16, 16, 16]), (3, [16, 16, 32])):
            for transposed in (False, True):
                add("wmma", [128, 128], version=version, instr=instr, transposed=transposed, wpc=[2, 2], tiles=tiles)
                add("wmma", [32, 64], version=version, instr=instr, transposed=transposed, wpc=[1, 2], tiles=tiles)
    add("wmma", [2, 64, 64], version=2, instr=[16, 16, 16], transposed=False, wpc=[2, 2, 1])
    add("wmma", [4, 64, 64], version=3, instr=[16, 16, 32], transposed=True, wpc=[1, 2, 2], tiles=[1, 2, 2])
    add("mfma", [4, 128, 64], version=3, instr=[16, 16, 16], transposed=True, wpc=[2, 2, 1], tiles=[1, 2, 1])
    add("mfma", [256, 256], version=4, instr=[32, 32, 16], transposed=True, wpc=[2, 2], tiles=[2, 2],
        cga=cga([2, 2], [2, 2], [1, 0]))
    for dim in (0, 1):
        add("slice", [256], dim=dim, parent={"kind": "mma", "params": dict(
            version=[3, 0], wpc=[4, 2], instr=[16, 128, 16])})
        add("slice", [128], dim=dim, parent={"kind": "wmma", "params": dict(
            version=2, instr=[16, 16, 16], transposed=False, wpc=[2, 2])})
        add("slice", [64], dim=dim, parent={"kind": "mfma", "params": dict(
            version=4, instr=[16, 16, 32], transposed=True, wpc=[4, 1], tiles=[2, 2])})

    # Shared layouts: Triton 3.6's Gluon to_linear_layout wraps every result in a
    # distributed #ttg.linear attribute and aborts on "offset" in-dims, so
    # shared layouts cannot be exported this way; they are only exercised
    # through the bank-conflict cases below.
    return cases


# ---------------------------------------------------------------- worker side


def worker(case_file):
    from triton._C.libtriton import ir, gluon_ir, nvidia, amd
    import triton.experimental.gluon.language as ttgl  # noqa: F401 (classes used by to_linear_layout)
    ctx = ir.context()
    ir.load_dialects(ctx)
    nvidia.load_dialects(ctx)
    amd.load_dialects(ctx)
    b = gluon_ir.GluonOpBuilder(ctx)

    def cga_bases(p, rank):
        c = p.get("cga")
        if not c:
            return []
        return [list(v) for v in gluon_ir.make_cga_layout(c["ctas"], c["split"], c["order"])]

    def attr(kind, p, rank, shape=None):
        if kind == "dlinear":
            return b.get_distributed_linear_layout(p["register"], p["lane"], p["warp"], p["block"], shape)
        if kind == "slinear":
            return b.get_shared_linear_layout(p["offset"], p["block"], 16)
        if kind == "blocked":
            return b.get_blocked_layout(p["spt"], p["tpw"], p["wpc"], p["order"], cga_bases(p, rank))
        if kind == "mma":
            return b.get_mma_layout(p["version"], p["wpc"], cga_bases(p, rank), p["instr"])
        if kind == "mfma":
            return b.get_amd_mfma_layout(p["version"], p["wpc"], p["instr"], p["transposed"],
                                         cga_bases(p, rank), p.get("tiles", [1] * rank), p.get("bits", 32))
        if kind == "wmma":
            return b.get_amd_wmma_layout(p["version"], p["transposed"], p["wpc"], p.get("tiles", [1] * rank),
                                         cga_bases(p, rank), p["instr"])
        if kind == "slice":
            par = p["parent"]
            return b.get_slice_layout(p["dim"], attr(par["kind"], par["params"], rank + 1))
        if kind == "dot":
            par = p["parent"]
            return b.get_dot_operand_layout(p["op"], attr(par["kind"], par["params"], rank), p["kwidth"])
        if kind == "swizzled":
            return b.get_swizzled_shared_layout(p["vec"], p["per_phase"], p["max_phase"], p["order"],
                                                cga_bases(p, rank))
        if kind == "nvmma":
            return b.get_nvmma_shared_layout(p["swizzle"], p["bits"], p["transposed"], p.get("fp4", False),
                                             cga_bases(p, rank), p.get("rank", rank))
        raise ValueError(kind)

    def ser(obj):
        out = {}
        for name, key in (("reg_bases", "register"), ("lane_bases", "lane"), ("warp_bases", "warp"),
                          ("offset_bases", "offset"), ("block_bases", "block")):
            if hasattr(obj, name):
                out[key] = [list(map(int, v)) for v in getattr(obj, name)]
        return out

    with open(case_file) as f:
        job = json.load(f)
    results = []
    for c in job["cases"]:
        r = dict(c)
        try:
            if job["what"] == "layouts":
                a = attr(c["kind"], c["params"], len(c["shape"]))
                r["result"] = ser(b.to_linear_layout(a, c["shape"]))
            elif job["what"] == "bank":
                reg = attr(c["reg"]["kind"], c["reg"]["params"], len(c["shape"]), c["shape"])
                sh = attr(c["smem"]["kind"], c["smem"]["params"], len(c["shape"]), c["shape"])
                r["conflicts"] = int(b.get_shared_bank_conflicts(reg, sh, c["shape"], c["bits"]))
            elif job["what"] == "ops":
                r["result"] = run_op(c)
        except Exception as e:  # Python-side validation errors
            r["error"] = "%s: %s" % (type(e).__name__, e)
        results.append(r)
        sys.stdout.flush()
    with open(case_file + ".out", "w") as f:
        json.dump(results, f)


def run_op(c):
    from triton._C.libtriton.linear_layout import LinearLayout as LL

    def mk(d):
        return LL.from_bases([(k, v) for k, v in d["bases"]], [n for n, _ in d["outs"]],
                             [s for _, s in d["outs"]], False)

    def dump(ll):
        bases = ll.bases
        if isinstance(bases, dict):
            bases = list(bases.items())
        outs = ll.out_dims
        if isinstance(outs, dict):
            outs = list(outs.items())
        return {"bases": [[k, [list(map(int, v)) for v in vs]] for k, vs in bases],
                "outs": [[k, int(s)] for k, s in outs],
                "surjective": bool(ll.is_surjective()), "injective": bool(ll.is_injective())}

    op = c["op"]
    if op == "mul":
        return dump(mk(c["a"]) * mk(c["b"]))
    if op == "compose":
        return dump(mk(c["a"]).compose(mk(c["b"])))
    if op == "invert_and_compose":
        return dump(mk(c["a"]).invert_and_compose(mk(c["b"])))
    if op == "pseudoinvert":
        return dump(mk(c["a"]).pseudoinvert())
    if op == "invert":
        return dump(mk(c["a"]).invert())
    if op == "props":
        return dump(mk(c["a"]))
    raise ValueError(op)


# ---------------------------------------------------------------- op cases


def rand_layout(rnd, in_dims, outs, surjective):
    for _ in range(1000):
        bases = []
        for name, n in in_dims:
            vs = []
            for _ in range(n):
                v = []
                for _, size in outs:
                    if rnd.random() < 0.3:
                        v.append(0)
                    else:
                        v.append(rnd.randrange(size))
                vs.append(v)
            bases.append([name, vs])
        d = {"bases": bases, "outs": [list(o) for o in outs]}
        if not surjective or rank_of(d) == sum(s.bit_length() - 1 for _, s in outs):
            return d
    raise RuntimeError("no surjective layout found")


def flat_cols(d):
    shifts, acc = [], 0
    for _, s in d["outs"]:
        shifts.append(acc)
        acc += s.bit_length() - 1
    cols = []
    for _, vs in d["bases"]:
        for v in vs:
            x = 0
            for i, e in enumerate(v):
                x |= e << shifts[i]
            cols.append(x)
    return cols


def rank_of(d):
    rows = []
    for c in flat_cols(d):
        for r in rows:
            c = min(c, c ^ r)
        if c:
            rows.append(c)
    return len(rows)


def op_cases():
    rnd = random.Random(3606)
    cases = []
    names = ["register", "lane", "warp", "block"]
    for _ in range(80):
        # products, including shared out dims and shared in dims
        outs_a = [("dim0", rnd.choice([1, 2, 4, 8])), ("dim1", rnd.choice([1, 2, 4]))]
        outs_b = rnd.choice([[("dim0", rnd.choice([2, 4]))], [("dim1", 4), ("dim2", 2)],
                             [("dim0", 2), ("dim1", 2)], [("dim2", 8)]])
        ia = [(n, rnd.randrange(0, 3)) for n in names[:rnd.randrange(1, 4)]]
        ib = [(n, rnd.randrange(0, 3)) for n in rnd.choice([names[:2], names[1:3], ["warp"], names[2:]])]
        cases.append({"op": "mul", "a": rand_layout(rnd, ia, outs_a, False),
                      "b": rand_layout(rnd, ib, outs_b, False)})
    # Products whose dim lists interleave (Triton orders them by a supremum).
    for ia, ib, oa, ob in ((["warp"], ["lane", "warp"], ["dim1"], ["dim0", "dim1"]),
                           (["lane"], ["register", "warp"], ["dim0"], ["dim1"]),
                           (["warp", "block"], ["register", "lane", "warp"], ["dim1", "dim2"], ["dim0", "dim1"]),
                           (["register", "warp"], ["lane", "warp", "block"], ["dim2"], ["dim0", "dim2"]),
                           (["lane", "block"], ["register", "warp", "block"], ["dim1"], ["dim0", "dim2", "dim1"])):
        for _ in range(4):
            a = rand_layout(rnd, [(n, rnd.randrange(0, 3)) for n in ia], [(o, rnd.choice([1, 2, 4])) for o in oa], False)
            b = rand_layout(rnd, [(n, rnd.randrange(0, 3)) for n in ib], [(o, rnd.choice([1, 2, 4])) for o in ob], False)
            cases.append({"op": "mul", "a": a, "b": b})
    for _ in range(60):
        outs = [("dim0", rnd.choice([2, 4, 8])), ("dim1", rnd.choice([2, 4, 8]))]
        tot = sum(s.bit_length() - 1 for _, s in outs)
        # outer: surjective, possibly non-injective
        extra = rnd.randrange(0, 3)
        ib = [("register", rnd.randrange(0, tot + extra + 1))]
        rest = tot + extra - ib[0][1]
        ib += [("lane", rest // 2), ("warp", rest - rest // 2)]
        B = rand_layout(rnd, ib, outs, True)
        ia = [("register", rnd.randrange(0, 4)), ("lane", rnd.randrange(0, 4)), ("warp", rnd.randrange(0, 3))]
        A = rand_layout(rnd, ia, outs, sum(n for _, n in ia) >= tot and rnd.random() < 0.5)
        cases.append({"op": "invert_and_compose", "a": A, "b": B})
        cases.append({"op": "pseudoinvert", "a": B})
        cases.append({"op": "props", "a": A})
    for _ in range(40):
        outs = [("dim0", rnd.choice([2, 4, 8])), ("dim1", rnd.choice([1, 2, 4]))]
        tot = sum(s.bit_length() - 1 for _, s in outs)
        k = rnd.randrange(0, tot + 1)
        B = rand_layout(rnd, [("offset", k), ("block", tot - k)], outs, True)
        cases.append({"op": "invert", "a": B})
        # compose: A's outs feed B's ins (names must match)
        mid = [("register", rnd.choice([2, 4])), ("lane", rnd.choice([1, 2, 4]))]
        A = rand_layout(rnd, [("x", rnd.randrange(0, 4)), ("y", rnd.randrange(0, 3))], mid, False)
        Bc = rand_layout(rnd, [(n, s.bit_length() - 1) for n, s in mid], outs, False)
        cases.append({"op": "compose", "a": A, "b": Bc})
    return cases


def bank_cases():
    cases = []
    regs = [
        {"kind": "blocked", "params": dict(spt=[1, 1], tpw=[1, 32], wpc=[4, 1], order=[1, 0])},
        {"kind": "blocked", "params": dict(spt=[1, 1], tpw=[32, 1], wpc=[1, 4], order=[0, 1])},
        {"kind": "blocked", "params": dict(spt=[1, 4], tpw=[4, 8], wpc=[4, 1], order=[1, 0])},
        {"kind": "blocked", "params": dict(spt=[4, 1], tpw=[8, 4], wpc=[1, 4], order=[0, 1])},
        {"kind": "blocked", "params": dict(spt=[1, 8], tpw=[8, 4], wpc=[4, 1], order=[1, 0])},
        {"kind": "mma", "params": dict(version=[2, 0], wpc=[2, 2], instr=[16, 8])},
    ]
    smems = [{"kind": "swizzled", "params": dict(vec=1, per_phase=1, max_phase=1, order=[1, 0])},
             {"kind": "swizzled", "params": dict(vec=1, per_phase=1, max_phase=1, order=[0, 1])},
             {"kind": "swizzled", "params": dict(vec=4, per_phase=1, max_phase=8, order=[1, 0])},
             {"kind": "swizzled", "params": dict(vec=8, per_phase=1, max_phase=8, order=[1, 0])},
             {"kind": "swizzled", "params": dict(vec=1, per_phase=1, max_phase=32, order=[1, 0])},
             {"kind": "swizzled", "params": dict(vec=4, per_phase=2, max_phase=4, order=[0, 1])},
             {"kind": "nvmma", "params": dict(swizzle=128, bits=32, transposed=False)},
             {"kind": "nvmma", "params": dict(swizzle=64, bits=32, transposed=True)}]
    for shape in ([32, 32], [64, 64], [128, 32]):
        for r in regs:
            for s in smems:
                for bits in (32, 16):
                    sm = json.loads(json.dumps(s))
                    if sm["kind"] == "nvmma":
                        sm["params"]["bits"] = bits
                    cases.append({"shape": shape, "reg": r, "smem": sm, "bits": bits})
    # Shared layouts chosen by this package's OptimalSwizzling (written by
    # TestWriteSwizzleOracleInput), so Triton counts their conflicts too.
    extra = os.path.join(os.path.dirname(os.path.abspath(__file__)), "swizzle_cases.json")
    if os.path.exists(extra):
        with open(extra) as f:
            cases.extend(json.load(f))
    return cases


# ---------------------------------------------------------------- driver


def run_jobs(what, cases, tmp):
    out = []
    chunk = 40
    i = 0
    while i < len(cases):
        part = cases[i:i + chunk]
        path = os.path.join(tmp, "%s_%d.json" % (what, i))
        with open(path, "w") as f:
            json.dump({"what": what, "cases": part}, f)
        p = subprocess.run([sys.executable, __file__, "--worker", path], capture_output=True, text=True)
        if p.returncode == 0:
            with open(path + ".out") as f:
                out.extend(json.load(f))
        elif chunk > 1 and len(part) > 1:
            # Retry one by one to isolate the crashing case.
            for c in part:
                one = os.path.join(tmp, "%s_%d_one.json" % (what, i))
                with open(one, "w") as f:
                    json.dump({"what": what, "cases": [c]}, f)
                q = subprocess.run([sys.executable, __file__, "--worker", one], capture_output=True, text=True)
                if q.returncode == 0:
                    with open(one + ".out") as f:
                        out.extend(json.load(f))
                else:
                    r = dict(c)
                    r["crash"] = (q.stderr or "")[-300:]
                    out.append(r)
        else:
            r = dict(part[0])
            r["crash"] = (p.stderr or "")[-300:]
            out.append(r)
        i += chunk
    return out


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--worker":
        worker(sys.argv[2])
        return
    outdir = sys.argv[1]
    tmp = os.path.join(outdir, "tmp")
    os.makedirs(tmp, exist_ok=True)
    import triton
    meta = {"triton": triton.__version__}
    for what, cases in (("layouts", layout_cases()), ("ops", op_cases()), ("bank", bank_cases())):
        res = run_jobs(what, cases, tmp)
        with open(os.path.join(outdir, "triton36_%s.json" % what), "w") as f:
            json.dump({"meta": meta, "cases": res}, f, separators=(",", ":"))
        bad = sum(1 for r in res if "error" in r or "crash" in r)
        print(what, len(res), "cases,", bad, "errors/crashes")


if __name__ == "__main__":
    main()
