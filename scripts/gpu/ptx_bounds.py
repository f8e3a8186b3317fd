#!/usr/bin/env python3
"""Bound experiments on tt's persistent matmul (and attention) PTX: what one part of the kernel costs.

    python3 ptx_bounds.py MODE SRC_DIR DST_DIR

Rewrites every matmul_*.ptx of SRC_DIR (a perf_variants.sh variant built with the persistent
schedule's fused loop, tt's default; every attention_*.ptx for the attention modes, whose shapes
are the warp-specialized consumer's turn with `turns=overlap`; both for the modes of the map
pool's maps, noclaim, noacquire, keepmaps and prefetch) into DST_DIR with its .json, for
variants_bench.py to time
beside the original. Most modes change what the kernel computes on purpose: they bound how much
a part of the kernel could cost, and variants_bench.py reports them as MISMATCH. The edits look
for the fused loop's shapes as tt's emitter prints them (the epilogue block whose first
instruction is `wgmma.wait_group 0`, the copies after the barrier that follows `wgmma.wait_group
1`) and stop with an error where a kernel does not have them.

Modes:
  nostore     the epilogue's global stores predicated off by a predicate that is never true
              (M < 0), so that every value is still computed: what the stores themselves cost.
  noepi       the branch into the epilogue never taken: what the whole epilogue costs (the
              accumulator's drain, the conversion through shared memory, the stores).
  epifirst    the loop's copies of the next stages issued after the epilogue instead of before
              it, so that the epilogue's stores do not queue behind them. Output unchanged.
  defer       the epilogue split: the drain, the f32 -> f16 packing and the accumulator reset
              stay, the shared-memory rounds and the stores run in the next iteration after its
              wgmmas are issued (and once after the loop). Output unchanged; the packed tile
              stays in registers across the iteration.
  bulk        (128x256 tiles of 8 warps) the epilogue as rows: the packed accumulator stored to
              shared memory in rows of 528 bytes (512 and 16 of padding, free of bank
              conflicts), then threads 0-127 each copy one row to global memory with
              cp.async.bulk, waited for (.read) before the next epilogue writes the rows and at
              the kernel's end. Output unchanged where M and N are multiples of the tile; the
              .json's shared size grows to hold the rows. Only an f32 -> f16 epilogue.
  pairsA, pairsB
              (the pairs' kernel, tile-turns=pairs) the bytes a cluster partner would multicast
              dropped from each shared k-step: the second tile's A box (pairsA, 32 of the 48 KB
              expected) or B's second box (pairsB, 40 KB), the full barrier's expect lowered to
              match. Wrong output: what multicast could save at most.
  nomulticast (cluster pairs, cluster-pairs=on) each CTA loads the shared tile whole again,
              the producers' handshake kept: what the handshake costs. Output unchanged.
  nohandshake (cluster pairs) the producers' peer arrival and wait removed, the multicast kept:
              races, so the output is wrong; what the multicast gains free of synchronization.
  nomidwait   (TMA stores in halves, tma-stores=on) the wait for a half's reads before the
              next half is staged in the same buffer removed (the first store's wait inside
              each epilogue): races, so the output is wrong; what that wait costs at most.
  noclaim     (kernels with tensor maps in tt's pool) the pool claim's compare-and-swap replaced
              by its first probe's slot, (%smid * 8) mod slots, taken without an atomic: what the
              claim's round trip costs. Output unchanged while one launch runs at a time.
  noacquire   (pool maps) each fence.proxy.tensormap acquire after a map's copy to the pool
              removed: what the three acquires cost at most. Correct only where the tensor-map
              proxy happens to see the copies in time.
  keepmaps    (pool maps) each slot's maps built only by the first CTA that claims the slot in
              the module's life (a flag a slot, __tt_built, set after the maps are published);
              later claimers keep the acquire and the prefetch but neither fill the templates
              nor copy them: what the maps' build costs where they outlive a launch. Output
              right only while the launches' maps stay the same (one size at a time: launch_cost
              reads the first size that claims; later sizes read WRONG).
  joinregs    (warp-specialized kernels) the default warps' setmaxnreg.inc right after the join
              of their last warp_specialize removed: the code after the join (attention's
              epilogue) runs on the registers of the default region: what that register move
              costs. Output unchanged where ptxas fits the code after the join (ptxas -v).
  oneinit     the barrier after each mbarrier.init of the prologue dropped where the next
              instruction is another init (one barrier after the run): output unchanged.
  prefetch    (pool maps) prefetch.tensormap of each map right after its acquire, so that the
              TMA unit's first copy through it does not wait for the descriptor's fetch. Output
              unchanged.
  idleexit    (persistent kernels) every warp of a program with no tiles (%ctaid.x >= %nsmid:
              the walks give tiles to the first min(%nsmid, %nctaid.x) programs) returns at the
              kernel's first instruction instead of running the prologue: what the programs a grid
              of one program a tile launches beyond the persistent ones cost. Output unchanged.
  qlate       (warp-specialized attention) the default warps' load of Q (their ld.global and
              st.shared before the first mbarrier.init) moved after the dispatch's barriers, then a
              proxy fence and one barrier of the default warps, so that the producer's first
              copies start while Q is still in flight. Output unchanged.
  qlateone    qlate, and the barriers between the prologue's mbarrier inits dropped (one after
              the run, as oneinit does). Output unchanged.
  waitS       (attention on turns=twoblocks) the wait after an iteration's three wgmma groups (S of
              two blocks, then the previous block's P.V) relaxed from wait_group 1 to 2, so that
              the first block's softmax starts when its own S is done rather than both. Output
              unchanged where ptxas keeps the second S's registers apart.
  sorder      (attention on turns=twoblocks) the second block's S (its full-slot wait and its
              wgmmas) issued after the previous block's P.V instead of before it, with the waits
              moved to match (S_i done: wait 2; P.V done: wait 1), so that neither the first
              softmax nor the rescale before P.V waits for the second S. Output unchanged.
  probes      clock64 and globaltimer read by thread 0 of the first partition at the prologue's
              steps (entry, pool claim, maps, barrier inits, the first full barrier, the tile
              loop's end, every partition's end) and stored to the module global __tt_probe
              (16 u64 a CTA, by %ctaid.x); launch_cost.py reads them. Output unchanged.
  norescale   (attention) the accumulator's in-place rescale by the rows' factors exp2(m_old -
              m_new) (`mul.f32 %fA, %fA, %fF`, one run of them an iteration) removed: wrong
              output; what the rescale costs at most.
  condrescale (attention) the same run of multiplications moved to the last of them and
              branched around when every factor of the warp is 1.0 (vote.all): an exact skip,
              since x * 1.0 == x. Output unchanged; what skipping the rescale of warps whose
              running maxima did not move saves on the benchmark's data.
  rescaleafter
              (attention whose loop issues S = QK^T and the previous block's P.V as two wgmma
              groups) the run of multiplications moved from before the first group to right after
              its commit, so that it runs while the tensor cores compute S instead of delaying
              S's issue; P.V's own wgmma.fence stays between the run and its wgmmas. Output
              unchanged.
  rescaleturn the same, and the turn handed to the other warpgroup (the `bar.arrive` after
              P.V's commit) right after S's commit instead, so that the other warpgroup's S
              may queue before this one's P.V. Output unchanged.
  nowaitS     (attention whose loop issues S = QK^T and the previous block's P.V as two wgmma
              groups, then waits for S with `wgmma.wait_group 1`) that wait removed, as a bound
              on S's latency on the softmax's path. It is not one: ptxas sees the softmax read
              registers of a wgmma in flight, serializes every wgmma (C7514) and waits itself,
              so the output stays right and the kernel runs a third slower.
  oneS        (attention) each group of S = QK^T's wgmmas (the m64n64k16 ones) cut to its first,
              which covers the first 16 of the head's columns only: wrong output; how fast the
              kernel would run if S took one wgmma's time (its latency on the softmax's path and
              its tensor-core time both nearly gone).
  onePV       (attention at head dim 128) the same for P.V's m64n128k16 wgmmas.
  maxtree     (attention) each chain of max.f32 in which every instruction takes the one before's
              result (a row's maximum over a thread's values, 15 deep at 16 values) rebuilt as a
              balanced tree over the same values (4 deep), its intermediate registers reused:
              max is exact, so the output is unchanged; what the chain's latency costs.
  exp2poly=K  (attention) every K-th `ex2.approx.ftz.f32` computed on the FMA pipe instead of
              the MUFU: x clamped at -126, rounded to j + f (f in [-0.5, 0.5]) by adding and
              subtracting 1.5 * 2^23, 2^f by a degree-5 minimax polynomial (relative error
              7.5e-8 before rounding, about ex2.approx's own), j added to the exponent bits. The
              exponentials of head dim 64 take the MUFU as long as its wgmmas take the tensor
              cores; this measures what moving a share of them to the FMA pipe (FlashAttention-4's
              trick on Blackwell) buys on Hopper. Output within rounding of tt's; inputs above 127
              (never in attention, whose exponents are x - max(x)) would come out wrong.
  pvdefer     (attention whose loop waits for each wgmma group right after its commit: head dim
              64's row split on alternating turns) the wait after the loop's last group (P.V)
              removed and one wait for every group added at the loop's exit, so that P.V stays
              in flight while the next iteration waits for its slot and issues QK^T, whose wait
              then covers both (Triton's own order). The slot's release still follows P.V's
              issue, so the producer may refill a slot P.V still reads: a bound, the output may
              be wrong (it reads MISMATCH then). Run 2026-12-02 on head dim 64: 0.86 of
              Triton against 1.06, ptxas serializing the wgmmas (C7512) at the consumers' 104
              registers (docs/perf-notes.md 000000008).
  sms=N       %nsmid read as N: fewer persistent CTAs. Output unchanged.
  stagger=NS  the persistent CTAs of the second slot of each SM (nsmid <= ctaid < 2 nsmid) wait
              NS nanoseconds on %globaltimer before they start, so that two CTAs on one SM reach
              their epilogues at different times. Output unchanged.

docs/PERFORMANCE.md ("The fused loop's epilogue", 2026-11-29) has what each measured.
"""
import json
import os
import re
import sys

REG = re.compile(r"%(rd|rs|r|p|f)(\d+)")
REG_TYPE = {"r": "b32", "rd": "b64", "rs": "b16", "p": "pred", "f": "f32"}


class Shape(Exception):
    """The PTX does not have the shape a mode edits."""


def strip_loc(lines):
    return [l for l in lines if not l.strip().startswith(".loc")]


def labels(lines):
    return [i for i, l in enumerate(lines) if l.startswith("$L__")]


def epilogue(lines):
    """(label index, end index) of the fused loop's epilogue block."""
    for i in labels(lines):
        if i + 2 < len(lines) and "wgmma.wait_group.sync.aligned 0" in lines[i + 1] \
                and "cp.async.wait_group" not in lines[i + 2]:
            return i, next(j for j in labels(lines) if j > i)
    raise Shape("no epilogue block (a label whose first instruction is wgmma.wait_group 0)")


def declare(lines, decls):
    last = max(i for i, l in enumerate(lines) if l.strip().startswith(".reg"))
    return lines[:last + 1] + ["\t" + d for d in decls] + lines[last + 1:]


def find(pattern, lines, what):
    m = re.search(pattern, "\n".join(lines))
    if not m:
        raise Shape("no " + what)
    return m


def never_true(lines):
    """Declares %pnever and sets it to M < 0 right after M's parameter load."""
    out = declare(lines, [".reg .pred \t%pnever;"])
    i = next((i for i, l in enumerate(out) if "ld.param.u32" in l and "_param_3]" in l), None)
    if i is None:
        raise Shape("no load of parameter 3 (M)")
    m = REG.search(out[i].split(None, 1)[1])
    return out[:i + 1] + [f"\tsetp.lt.s32 \t%pnever, %r{m.group(2)}, 0;"] + out[i + 1:]


def nostore(lines):
    start, end = epilogue(lines)
    out = list(lines)
    for i in range(start, end):
        if re.match(r"\s*@%p\d+ st\.global", out[i]):
            out[i] = re.sub(r"@%p\d+", "@%pnever", out[i], count=1)
    return never_true(out)


def noepi(lines):
    start, _ = epilogue(lines)
    target = lines[start].rstrip(":")
    out = [re.sub(r"@%p\d+", "@%pnever", l, count=1) if re.match(rf"\s*@%p\d+ bra {re.escape(target)};", l) else l
           for l in lines]
    if out == lines:
        raise Shape("no branch into the epilogue")
    return never_true(out)


def epifirst(lines):
    w1 = next(i for i, l in enumerate(lines) if "wgmma.wait_group.sync.aligned 1" in l)
    bar = next(i for i in range(w1, len(lines)) if lines[i].strip() == "bar.sync 0;")
    commits = [i for i in range(bar, len(lines)) if "cp.async.commit_group" in lines[i]][:2]
    if len(commits) < 2:
        raise Shape("no two copy groups after the loop's barrier")
    block = lines[bar + 1:commits[1] + 1]
    rest = lines[:bar + 1] + lines[commits[1] + 1:]
    skip = next((l for l in rest[bar + 1:bar + 8] if l.strip().startswith("bra.uni")), None)
    if skip is None:
        raise Shape("no branch around the epilogue after the copies")
    join = rest.index(skip.split()[-1].rstrip(";") + ":")
    return rest[:join + 1] + block + rest[join + 1:]


def defined(line):
    """The registers an instruction writes."""
    l = line.strip()
    if l.startswith("@"):
        l = l.split(None, 1)[1]
    if l.startswith(("st.", "bar.", "bra", "fence", "cp.", "wgmma")):
        return set()
    if l.startswith("ldmatrix") or (len(l.split(None, 1)) > 1 and l.split(None, 1)[1].startswith("{")):
        return set(REG.findall(l.split("{", 1)[1].split("}", 1)[0]))
    parts = l.split(None, 1)
    m = REG.search(parts[1]) if len(parts) > 1 else None
    return {m.groups()} if m else set()


def defer(lines):
    start, end = epilogue(lines)
    body = lines[start + 1:end]
    # Part A: the drain, the reset, and the conversions that read the accumulator (not values
    # the epilogue computes itself).
    reset = lambda l: re.match(r"\s*mov\.f32 %f\d+, 0f0+;", l)
    body_f = {r for l in body if not reset(l) for r in defined(l) if r[0] == "f"}
    first = lambda l: ("wgmma.wait_group" in l or reset(l)
                       or (re.match(r"\s*cvt\.rn\.b?f16x2\.f32", l)
                           and not any(r in body_f for r in REG.findall(l) if r[0] == "f")))
    part_a = [l for l in body if first(l)]
    part_b = [l for l in body if not first(l)]
    def_a = set().union(*(defined(l) for l in part_a))
    # The loop: the label its back edge names, before the epilogue.
    head = next((i for i in range(start, -1, -1) if lines[i].startswith("$L__")
                 and any(x.strip() == f"bra.uni {lines[i].rstrip(':')};" for x in lines[end:])), None)
    if head is None:
        raise Shape("no loop around the epilogue")
    back = next(i for i in range(end, len(lines)) if lines[i].strip() == f"bra.uni {lines[head].rstrip(':')};")
    in_loop = set().union(*(defined(l) for l in lines[head:start] + lines[end:back]))
    # Part B's live-ins that the loop redefines are read from snapshots taken in part A.
    seen, live = set(), []
    for l in part_b:
        d = defined(l)
        for u in REG.findall(l):
            if u not in d and u not in seen and u not in def_a and u in in_loop and u not in live:
                live.append(u)
        seen |= d
    snap = {u: "%s" + u[0] + u[1] for u in live}
    rename = lambda l: REG.sub(lambda m: snap.get(m.groups(), m.group(0)), l)
    part_b = [rename(l) for l in part_b]
    out = lines[:start + 1] + part_a + [f"\tmov.{REG_TYPE[u[0]]} \t{snap[u]}, %{u[0]}{u[1]};" for u in live] \
        + ["\tmov.pred \t%pdefer, -1;"] + lines[end:]
    commit = next(i for i, l in enumerate(out) if "wgmma.commit_group" in l and "wait_group.sync.aligned 1" in out[i + 1])
    out = out[:commit + 1] + ["\t@!%pdefer bra $Ldefer_skip;"] + part_b + ["\tmov.pred \t%pdefer, 0;", "$Ldefer_skip:"] \
        + out[commit + 1:]
    loop = out.index(lines[head])
    out = out[:loop] + ["\tmov.pred \t%pdefer, 0;"] + out[loop:]
    exit_ = max(i for i, l in enumerate(out) if "wgmma.wait_group.sync.aligned 0" in l and "cp.async.wait_group" in out[i + 1])
    out = out[:exit_ + 1] + ["\t@!%pdefer bra $Ldefer_skip2;"] + part_b + ["$Ldefer_skip2:"] + out[exit_ + 1:]
    return declare(out, [f".reg .{REG_TYPE[u[0]]} \t{snap[u]};" for u in live] + [".reg .pred \t%pdefer;"])


ROW_PITCH = 528  # bytes: a 256-column f16 row and 16 of padding


def bulk(lines):
    start, end = epilogue(lines)
    body = lines[start + 1:end]
    text, btext = "\n".join(lines), "\n".join(body)
    if "m64n256k16" not in text:
        raise Shape("not a 128x256 tile of two m64n256 warpgroups")
    if "cvt.rn.bf16x2.f32" in btext:  # e.g. an f16 result stored through bf16 pointers: two roundings
        raise Shape("the epilogue converts more than once (only f32 -> f16 is rewritten)")
    zero = [l for l in body if re.match(r"\s*mov\.f32 %f\d+, 0f0+;", l)]
    if len(zero) != 128:
        raise Shape("not 128 accumulator registers a thread")
    base = find(r"add\.s32 %r\d+, (%r\d+), %r\d+;\n\s*st\.shared", body, "shared-memory scratch base").group(1)
    row, _, scm, cptr, col = find(r"add\.s32 %r\d+, (%r\d+), (%r\d+);\n\s*mul\.lo\.s32 %r\d+, (%r\d+), %r\d+;\n"
                                  r"\s*mad\.wide\.s32 %rd\d+, %r\d+, 2, (%rd\d+);\n\s*mad\.wide\.s32 %rd\d+, (%r\d+), 2",
                                  body, "store address").groups()
    tid = find(r"mov\.u32 (%r\d+), %tid\.x;", lines, "thread index").group(1)
    lane_col = find(rf"and\.b32 (%r\d+), {tid}, 31;\n\s*shl\.b32 (%r\d+), \1, 3;", lines, "lane column").group(2)
    m = find(r"ld\.param\.u32 (%r\d+), \[\w+_param_3\]", lines, "M").group(1)
    n = find(r"ld\.param\.u32 (%r\d+), \[\w+_param_4\]", lines, "N").group(1)
    p = ROW_PITCH
    # Thread t of warp w holds rows 16w + t%32/4 (+8) and columns 8i + 2(t%4) (+1), i < 32.
    a = ["\twgmma.wait_group.sync.aligned 0;", "\tcp.async.bulk.wait_group.read 0;", "\tbar.sync 0;",
         f"\tshr.u32 %x1, {tid}, 5;", "\tshl.b32 %x2, %x1, 4;", f"\tand.b32 %x3, {tid}, 31;", "\tshr.u32 %x4, %x3, 2;",
         "\tadd.s32 %x5, %x2, %x4;", f"\tmul.lo.s32 %x6, %x5, {p};", f"\tand.b32 %x7, {tid}, 3;",
         "\tshl.b32 %x8, %x7, 2;", f"\tadd.s32 %x9, {base}, %x6;", "\tadd.s32 %x10, %x9, %x8;"]
    for i in range(32):
        a += [f"\tcvt.rn.f16x2.f32 %xe{2 * i}, %f{4 * i + 2}, %f{4 * i + 1};", f"\tst.shared.b32 [%x10+{16 * i}], %xe{2 * i};",
              f"\tcvt.rn.f16x2.f32 %xe{2 * i + 1}, %f{4 * i + 4}, %f{4 * i + 3};",
              f"\tst.shared.b32 [%x10+{8 * p + 16 * i}], %xe{2 * i + 1};"]
    a += ["\tfence.proxy.async.shared::cta;", "\tbar.sync 0;", f"\tsetp.lt.u32 %xp0, {tid}, 128;",
          "\t@!%xp0 bra $Lbulk_skip;", f"\tadd.s32 %x11, {row}, {tid};", f"\tsub.s32 %x12, {col}, {lane_col};",
          f"\tsetp.lt.s32 %xp1, %x11, {m};", "\tadd.s32 %x13, %x12, 256;", f"\tsetp.le.s32 %xp2, %x13, {n};",
          "\tand.pred %xp3, %xp1, %xp2;", f"\tmul.lo.s32 %x14, %x11, {scm};", "\tadd.s32 %x15, %x14, %x12;",
          "\tmul.wide.s32 %xd1, %x15, 2;", f"\tadd.s64 %xd2, {cptr}, %xd1;", f"\tmul.lo.s32 %x16, {tid}, {p};",
          f"\tadd.s32 %x17, {base}, %x16;", "\t@%xp3 cp.async.bulk.global.shared::cta.bulk_group [%xd2], [%x17], 512;",
          "\tcp.async.bulk.commit_group;", "$Lbulk_skip:"] + zero
    out = lines[:start + 1] + a + lines[end:]
    exit_ = max(i for i, l in enumerate(out) if "wgmma.wait_group.sync.aligned 0" in l and "cp.async.wait_group" in out[i + 1])
    out.insert(exit_ + 1, "\tcp.async.bulk.wait_group 0;")
    return declare(out, [".reg .b32 \t%x<20>;", ".reg .b32 \t%xe<64>;", ".reg .b64 \t%xd<4>;", ".reg .pred \t%xp<4>;"])


def bulk_shared(meta, lines):
    """The scratch base's offset plus the rows: the shared size the bulk epilogue needs."""
    base = find(r"add\.s32 %r\d+, (%r\d+), %r\d+;\n\s*st\.shared", epilogue_body(lines), "scratch base").group(1)
    off = int(find(rf"add\.s32 {re.escape(base)}, %r\d+, (\d+);", lines, "scratch offset").group(1))
    return max(meta["shared"], off + 128 * ROW_PITCH)


def epilogue_body(lines):
    start, end = epilogue(lines)
    return lines[start + 1:end]


def stagger(ns):
    def edit(lines):
        i = next((i for i, l in enumerate(lines) if "%nsmid;" in l), None)
        if i is None:
            raise Shape("no %nsmid read (not a persistent kernel)")
        nsm = REG.search(lines[i]).group(0)
        cta = find(r"mov\.u32 (%r\d+), %ctaid\.x;", lines, "program id").group(1)
        wait = [f"\tsetp.ge.u32 %stp0, {cta}, {nsm};", f"\tshl.b32 %str0, {nsm}, 1;",
                f"\tsetp.lt.u32 %stp1, {cta}, %str0;", "\tand.pred %stp2, %stp0, %stp1;",
                "\t@!%stp2 bra $Lstagger_done;", "\tmov.u64 %std0, %globaltimer;", f"\tadd.u64 %std1, %std0, {ns};",
                "$Lstagger_loop:", "\tmov.u64 %std2, %globaltimer;", "\tsetp.lt.u64 %stp3, %std2, %std1;",
                "\t@%stp3 bra $Lstagger_loop;", "$Lstagger_done:"]
        return declare(lines[:i + 1] + wait + lines[i + 1:], [".reg .pred \t%stp<4>;", ".reg .b32 \t%str<1>;",
                                                            ".reg .b64 \t%std<3>;"])
    return edit


def shared_step(lines):
    """(expect index, the four copies) of the pairs' shared k-step: its expect_tx of 49152 bytes,
    then A's two boxes and B's two."""
    exp = [i for i, l in enumerate(lines) if "expect_tx" in l and l.rstrip().endswith(", 49152;")]
    if len(exp) != 1:
        raise Shape("no single shared k-step expecting 49152 bytes")
    copies = [j for j in range(exp[0], min(exp[0] + 60, len(lines))) if "cp.async.bulk.tensor" in lines[j]]
    if len(copies) < 4:
        raise Shape("fewer than four copies after the shared k-step's expect")
    return exp[0], copies[:4]


def drop_shared(box, keep):
    """pairsA / pairsB: drop copy number box of the shared k-step, expecting keep bytes."""
    def edit(lines):
        lines = list(lines)
        exp, copies = shared_step(lines)
        lines[exp] = lines[exp].replace("49152;", f"{keep};")
        lines[copies[box]] = "\t// dropped: " + lines[copies[box]].strip()
        return lines
    return edit


def multicasts(lines):
    mc = [i for i, l in enumerate(lines) if "multicast::cluster" in l]
    if len(mc) != 2:
        raise Shape("not the cluster pairs' two multicast copies")
    return mc


def nomulticast(lines):
    lines = list(lines)
    mc = multicasts(lines)
    exp = max(i for i in range(mc[0]) if "expect_tx" in lines[i])
    pred = re.match(r"\s*(@%p\d+)", lines[exp]).group(1)
    for i in [i for i in range(exp, mc[0]) if "cp.async.bulk.tensor" in lines[i]][-2:]:
        lines[i] = re.sub(r"^(\s*)@%p\d+", r"\1" + pred, lines[i])  # B's own boxes, always
    for i in mc:
        lines[i] = "\t// " + lines[i].strip()
    return lines


def nohandshake(lines):
    lines = list(lines)
    multicasts(lines)
    for i in [i for i, l in enumerate(lines) if "mbarrier.arrive.release.cluster" in l]:
        lines[i] = "\t// " + lines[i].strip()
        j = next((j for j in range(i, i + 6) if re.search(r"@!%p\d+ bra.uni \$L__BB\d+_s\d+;", lines[j])), None)
        if j is None:
            raise Shape("no skip of the peer wait after the peer arrival")
        lines[j] = re.sub(r"@!%p\d+ ", "", lines[j])
    return lines


def nomidwait(lines):
    """Comment out each unpredicated wait_group.read 0 that directly follows an unpredicated
    commit_group: the wait between the two halves of a TMA-store epilogue."""
    lines = list(lines)
    hits = [i for i in range(1, len(lines)) if lines[i].strip() == "cp.async.bulk.wait_group.read 0;"
            and lines[i - 1].strip() == "cp.async.bulk.commit_group;"]
    if not hits:
        raise Shape("no wait between the halves of a TMA-store epilogue")
    for i in hits:
        lines[i] = "\t// " + lines[i].strip()
    return lines


def noclaim(lines):
    out = [re.sub(r"atom\.acquire\.gpu\.global\.cas\.b32 (%r\d+), \[%rd\d+\], 0, 1;", r"mov.u32 \1, 0;", l)
           for l in lines]
    if out == lines:
        raise Shape("no pool claim")
    return out


def noacquire(lines):
    out = ["\t// " + l.strip() if "fence.proxy.tensormap::generic.acquire" in l else l for l in lines]
    if out == lines:
        raise Shape("no tensor-map acquire")
    return out


ZERO_STORE = re.compile(r"st\.shared\.v4\.b32 \[%r\d+\], \{(%r\d+), \1, \1, \1\};")


def keepmaps(lines):
    """See the module docstring: the maps' templates and copies predicated off once built."""
    lines = list(lines)
    claims = next((i for i, l in enumerate(lines) if "__tt_tensormap_claims" in l and "mov.u64" in l), None)
    if claims is None:
        raise Shape("no pool claim")
    slot_at = next(i for i in range(claims, len(lines)) if lines[i].strip().startswith("ld.shared.b32"))
    slot = re.match(r"\s*ld\.shared\.b32 (%r\d+),", lines[slot_at]).group(1)
    acq = [i for i in range(slot_at, len(lines)) if "fence.proxy.tensormap::generic.acquire" in lines[i]]
    if not acq:
        raise Shape("no tensor-map acquire")
    published = next(i for i in range(acq[-1], len(lines)) if re.fullmatch(r"bar\.sync 0, \d+;", lines[i].strip()))
    out, n = [], 0
    for i, l in enumerate(lines):
        m = re.match(r"(\s*)@(%p\d+) (.*)$", l)
        if slot_at < i < acq[-1] and m and ("tensormap.replace" in m.group(3) or "tensormap.cp_fenceproxy" in m.group(3)
                                             or ZERO_STORE.fullmatch(m.group(3))):
            out += [f"\tand.pred %kmp{n}, {m.group(2)}, %kmnb;", f"{m.group(1)}@%kmp{n} {m.group(3)}"]
            n += 1
            continue
        out.append(l)
        if i == slot_at:
            # Programs that claim nothing read an unset shared word: keep their index in the pool.
            out += [f"\tand.b32 %kmr0, {slot}, 2047;", "\tmul.wide.u32 %kmb0, %kmr0, 4;", "\tmov.u64 %kmb1, __tt_built;", "\tadd.s64 %kmb0, %kmb1, %kmb0;",
                    "\tld.global.b32 %kmr0, [%kmb0];", "\tsetp.eq.u32 %kmnb, %kmr0, 0;"]
        if i == published:
            out += ["\tmov.u32 %kmr0, %tid.x;", "\tsetp.eq.u32 %kmq, %kmr0, 0;", "\tmov.u32 %kmr0, 1;",
                    "\t@%kmq st.global.b32 [%kmb0], %kmr0;"]
    if n == 0:
        raise Shape("no tensor-map template")
    g = next(i for i, l in enumerate(out) if l.startswith(".global") or l.startswith(".visible") or l.startswith(".entry"))
    out.insert(g, ".global .align 4 .b8 __tt_built[8192];")
    return declare(out, [".reg .b64 \t%kmb<2>;", ".reg .b32 \t%kmr<1>;", f".reg .pred \t%kmp<{n}>;",
                         ".reg .pred \t%kmnb;", ".reg .pred \t%kmq;"])


def joinregs(lines):
    """See the module docstring: the last join's setmaxnreg.inc of the default warps removed."""
    at = [i for i in range(len(lines) - 1) if lines[i].strip() == "barrier.sync 1, 384;"
          and lines[i + 1].strip().startswith("setmaxnreg.inc.sync.aligned.u32")]
    if not at:
        raise Shape("no setmaxnreg.inc after a join")
    out = list(lines)
    out[at[-1] + 1] = "\t// " + out[at[-1] + 1].strip()
    return out


def oneinit(lines):
    out, dropped = [], 0
    for i, l in enumerate(lines):
        nxt = next((x for x in lines[i + 1:] if x.strip() and not x.strip().startswith("add.s32")), "")
        prev = next((x for x in reversed(out) if x.strip() and not x.strip().startswith("add.s32")), "")
        if re.fullmatch(r"bar\.sync 0, \d+;", l.strip()) and "mbarrier.init" in nxt and "mbarrier.init" in prev:
            dropped += 1
            continue
        out.append(l)
    if not dropped:
        raise Shape("no barrier between two mbarrier inits")
    return out


def qlate(lines):
    init = next((i for i, l in enumerate(lines) if "mbarrier.init" in l), None)
    if init is None:
        raise Shape("no mbarrier.init")
    # The default warps' path: from the last setmaxnreg.inc before the inits.
    start = max(i for i, l in enumerate(lines[:init]) if "setmaxnreg.inc" in l)
    moved = [i for i in range(start, init)
             if lines[i].strip().startswith(("ld.global.", "st.shared.v"))]
    if not moved:
        raise Shape("no load of Q before the inits")
    bar = next(l.strip() for l in lines[init:] if l.strip().startswith("bar.sync 0, "))
    syncs = [i for i in range(init, len(lines)) if lines[i].strip().startswith("barrier.sync 1, ")]
    if len(syncs) < 2:
        raise Shape("no dispatch barriers after the inits")
    at = syncs[1] + 1
    block = [lines[i] for i in moved] + ["\tfence.proxy.async.shared::cta;", "\t" + bar]
    keep = set(moved)
    return [l for i, l in enumerate(lines[:at]) if i not in keep] + block + lines[at:]


def wait_s(lines):
    out, commits, n = [], 0, 0
    for l in lines:
        t = l.strip()
        if t.startswith("wgmma.commit_group"):
            commits += 1
        elif t.startswith("wgmma.wait_group"):
            if t == "wgmma.wait_group.sync.aligned 1;" and commits == 3:
                l = l.replace("aligned 1;", "aligned 2;")
                n += 1
            commits = 0
        out.append(l)
    if not n:
        raise Shape("no wait after three wgmma groups")
    return out


def s_order(lines):
    out, i, n = list(lines), 0, 0
    while True:
        commits = [j for j in range(i, len(out)) if out[j].strip().startswith("wgmma.commit_group")]
        waits = [j for j in range(i, len(out)) if out[j].strip().startswith("wgmma.wait_group")]
        if len(commits) < 3 or not waits:
            break
        c1, c2, c3 = commits[:3]
        w = waits[0]
        if not (c3 < w and out[w].strip() == "wgmma.wait_group.sync.aligned 1;" and
                not any(c1 < k < c3 for k in waits)):
            i = w + 1
            continue
        block = out[c1 + 1:c2 + 1]
        regs = set().union(*(set(defined(l)) for l in block))
        mid = out[c2 + 1:c3 + 1]
        if any(set(REG.findall(l)) & regs for l in mid):
            raise Shape("the second S's registers are read before P.V's commit")
        w0 = next(j for j in range(w + 1, len(out)) if out[j].strip().startswith("wgmma.wait_group"))
        if out[w0].strip() != "wgmma.wait_group.sync.aligned 0;":
            raise Shape("no wait for P.V after the first softmax")
        out[w] = out[w].replace("aligned 1;", "aligned 2;")
        out[w0] = out[w0].replace("aligned 0;", "aligned 1;")
        out = out[:c1 + 1] + mid + block + out[c3 + 1:]
        n += 1
        i = w0 + 1
    if not n:
        raise Shape("no iteration of three wgmma groups")
    return out


def prefetch(lines):
    out, n = [], 0
    for l in lines:
        out.append(l)
        m = re.search(r"(@%p\d+ )?fence\.proxy\.tensormap::generic\.acquire\.gpu \[(%rd\d+)\], 128;", l)
        if m:
            pred = m.group(1) or ""
            out += [f"\tcvta.global.u64 %pfa{n}, {m.group(2)};", f"\t{pred}prefetch.tensormap [%pfa{n}];"]
            n += 1
    if not n:
        raise Shape("no tensor-map acquire")
    return declare(out, [f".reg .b64 \t%pfa<{n}>;"])


def idleexit(lines):
    if not any("%nsmid;" in l for l in lines):
        raise Shape("no %nsmid read (not a persistent kernel)")
    i = next(i for i, l in enumerate(lines) if l.strip().startswith("ld.param"))
    out = lines[:i] + ["\tmov.u32 %ier0, %ctaid.x;", "\tmov.u32 %ier1, %nsmid;", "\tsetp.ge.u32 %iep0, %ier0, %ier1;",
                       "\t@%iep0 ret;"] + lines[i:]
    return declare(out, [".reg .b32 \t%ier<2>;", ".reg .pred \t%iep<1>;"])


def probes(lines):
    """See the module docstring: thread 0 of the first partition stores clock64 at seven steps."""
    lines = list(lines)
    entry = next((i for i, l in enumerate(lines) if "setmaxnreg.inc.sync.aligned.u32 256;" in l), None)
    if entry is None:
        raise Shape("no first partition (setmaxnreg.inc 256)")
    claims = next((i for i in range(entry, len(lines)) if "__tt_tensormap_claims" in lines[i]), None)
    if claims is None:
        raise Shape("no pool claim")
    claimed = next(i for i in range(claims, len(lines)) if lines[i].strip().startswith("ld.shared.b32"))
    acq = [i for i in range(claimed, len(lines)) if "fence.proxy.tensormap::generic.acquire" in lines[i]]
    if not acq:
        raise Shape("no tensor-map acquire")
    maps = next(i for i in range(acq[-1], len(lines)) if lines[i].strip() == "bar.sync 0, 128;")
    inits = next(i for i in range(maps, len(lines)) if lines[i].strip() == "barrier.sync 1, 384;")
    first = next(i for i in range(inits, len(lines)) if re.match(r"\s*@!%p\d+ bra\.uni \$L__BB\d+_w\d+;", lines[i]))
    end = next(i for i in range(first, len(lines)) if lines[i].strip() == "barrier.sync 1, 384;")

    def stamp(k, when="%clock64"):
        return [f"\tmov.u64 %prb0, {when};", f"\t@%prq0 st.global.u64 [%prb1+{8 * k}], %prb0;"]
    edits = {  # line index -> (before, after)
        entry: ([], ["\tmov.u32 %prr0, %tid.x;", "\tsetp.eq.u32 %prq0, %prr0, 0;", "\tmov.u32 %prr0, %ctaid.x;",
                     "\tmul.wide.u32 %prb1, %prr0, 128;", "\tmov.u64 %prb0, __tt_probe;",
                     "\tadd.s64 %prb1, %prb1, %prb0;", "\tmov.pred %prq1, %prq0;"]
                + stamp(0) + stamp(8, "%globaltimer")),
        claimed: ([], stamp(1)),
        maps: ([], stamp(2)),
        inits: (stamp(3), []),
        first: ([], ["\t@%prq1 mov.u64 %prb0, %clock64;", "\t@%prq1 st.global.u64 [%prb1+32], %prb0;",
                     "\tsetp.ne.u32 %prq1, %prr0, %prr0;"]),
        end: (stamp(5), stamp(6) + stamp(9, "%globaltimer")),
    }
    out = []
    for i, l in enumerate(lines):
        before, after = edits.get(i, ([], []))
        out += before + [l] + after
    g = next(i for i, l in enumerate(out) if l.startswith(".global") or l.startswith(".visible") or l.startswith(".entry"))
    out.insert(g, ".global .align 8 .b8 __tt_probe[262144];")
    return declare(out, [".reg .b64 \t%prb<2>;", ".reg .b32 \t%prr<1>;", ".reg .pred \t%prq<2>;"])


RESCALE = re.compile(r"^\s*mul\.f32 (%f\d+), \1, (%f\d+);$")


def rescale_run(lines):
    """(first, last) line indices of the loop's run of in-place accumulator multiplications, and
    the run's factor registers; every line between that is not one of them must leave the
    multiplied registers and the factors alone, so that the run can move to its last line."""
    idx = [i for i, l in enumerate(lines) if RESCALE.match(l)]
    if len(idx) < 16:
        raise Shape("no run of in-place mul.f32 (the accumulator's rescale)")
    first, last = idx[0], idx[-1]
    if last - first > 4 * len(idx):
        raise Shape("the in-place multiplications are not one run")
    accs = {RESCALE.match(lines[i]).group(1) for i in idx}
    factors = {RESCALE.match(lines[i]).group(2) for i in idx}
    used_factors = set()
    for i in range(first, last + 1):
        if i in idx:
            used_factors.add(RESCALE.match(lines[i]).group(2))
            continue
        used = set(re.findall(r"%f\d+", lines[i]))
        if used & accs or {"%f" + n for k, n in defined(lines[i]) if k == "f"} & used_factors:
            raise Shape(f"line {i} between the multiplications touches them: {lines[i].strip()}")
    return idx, factors


def norescale(lines):
    idx, _ = rescale_run(lines)
    drop = set(idx)
    return [l for i, l in enumerate(lines) if i not in drop]


def condrescale(lines):
    idx, factors = rescale_run(lines)
    drop = set(idx)
    guard = []
    preds = []
    for n, f in enumerate(sorted(factors)):
        guard.append(f"\tsetp.eq.f32 \t%pone{n}, {f}, 0f3F800000;")
        preds.append(f"%pone{n}")
    acc = preds[0]
    for n, p in enumerate(preds[1:]):
        guard.append(f"\tand.pred \t%pall{n}, {acc}, {p};")
        acc = f"%pall{n}"
    guard += [f"\tvote.sync.all.pred \t%pskip, {acc}, -1;", "\t@%pskip bra.uni \t$L__rescaled;"]
    body = [lines[i] for i in idx]
    out = []
    for i, l in enumerate(lines):
        if i in drop and i != idx[-1]:
            continue
        if i == idx[-1]:
            out += guard + body + ["$L__rescaled:"]
            continue
        out.append(l)
    return declare(out, [f".reg .pred \t%pone<{len(preds)}>;", f".reg .pred \t%pall<{max(1, len(preds) - 1)}>;",
                         ".reg .pred \t%pskip;"])


def rescaleafter(lines, turn=False):
    """Modes rescaleafter and rescaleturn (turn=True)."""
    idx, factors = rescale_run(lines)
    accs = {RESCALE.match(lines[i]).group(1) for i in idx}
    commit = next((i for i in range(idx[-1] + 1, len(lines)) if "wgmma.commit_group" in lines[i]), None)
    if commit is None:
        raise Shape("no wgmma.commit_group after the rescale")
    fence = next((i for i in range(commit + 1, len(lines)) if "wgmma." in lines[i]), None)
    if fence is None or "wgmma.fence" not in lines[fence]:
        raise Shape("the group after S's commit does not start with wgmma.fence")
    for i in range(idx[-1] + 1, commit):
        used = set(re.findall(r"%f\d+", lines[i]))
        if used & (accs | factors):
            raise Shape(f"line {i} between the rescale and S's commit touches it: {lines[i].strip()}")
    body = [lines[i] for i in idx]
    drop = set(idx)
    if turn:
        second = next((i for i in range(fence, len(lines)) if "wgmma.commit_group" in lines[i]), None)
        arrive = second + 1 if second is not None else None
        if arrive is None or not lines[arrive].strip().startswith("bar.arrive"):
            raise Shape("no bar.arrive right after P.V's commit")
        body = [lines[arrive]] + body
        drop.add(arrive)
    out = []
    for i, l in enumerate(lines):
        if i in drop:
            continue
        out.append(l)
        if i == commit:
            out += body
    return out


def nowait_s(lines):
    """Mode nowaitS."""
    idx = [i for i, l in enumerate(lines) if l.strip() == "wgmma.wait_group.sync.aligned 1;"]
    if len(idx) != 1:
        raise Shape(f"{len(idx)} waits with one group pending, want the loop's one")
    return lines[:idx[0]] + lines[idx[0] + 1:]


def pv_defer(lines):
    """Mode pvdefer: in every loop with two or more wgmma groups whose last is waited for right
    after its commit, that wait moved to the loop's exit."""
    where = {l.strip()[:-1]: i for i, l in enumerate(lines) if re.match(r"^\$L__\w+:$", l.strip())}
    edits = []  # (index of the wait to drop, index of the exit label)
    for end, l in enumerate(lines):
        m = re.match(r"^bra\.uni (\$L__\w+);$", l.strip())
        if not m or where.get(m.group(1), end) >= end:
            continue
        head = where[m.group(1)]
        commits = [i for i in range(head, end) if lines[i].strip() == "wgmma.commit_group.sync.aligned;"]
        if len(commits) < 2 or lines[commits[-1] + 1].strip() != "wgmma.wait_group.sync.aligned 0;":
            continue
        exits = [re.match(r"^@!?%p\d+ bra (\$L__\w+);$", lines[i].strip()) for i in range(head + 1, min(head + 4, end))]
        exits = [x.group(1) for x in exits if x and where.get(x.group(1), 0) > end]
        if not exits:
            raise Shape("a loop with two wgmma groups has no exit branch at its head")
        edits.append((commits[-1] + 1, where[exits[0]]))
    if not edits:
        raise Shape("no loop whose last of two or more wgmma groups is waited for right after its commit")
    out = list(lines)
    for drop, label in sorted(edits, reverse=True):
        out.insert(label + 1, "\twgmma.wait_group.sync.aligned 0;")
        del out[drop]
    return out


def first_wgmma(shape):
    """Modes oneS and onePV: each commit group of wgmmas of the shape cut to its first."""
    def edit(lines):
        out, kept, cut = [], False, 0
        for l in lines:
            if "wgmma.mma_async" in l and shape in l:
                if kept:
                    cut += 1
                    continue
                kept = True
            elif "wgmma.commit_group" in l:
                kept = False
            out.append(l)
        if cut == 0:
            raise Shape(f"no group of {shape.strip('.')} wgmmas")
        return out
    return edit


MAX = re.compile(r"^(\s*)(max(?:\.\w+)*\.f32) (%f\d+), (\S+), (\S+);$")


def maxtree(lines):
    uses = {}
    for l in lines:
        for m in REG.finditer(l):
            uses[m.group(0)] = uses.get(m.group(0), 0) + 1
    out, i, chains = [], 0, 0
    while i < len(lines):
        m = MAX.match(lines[i])
        j = i + 1
        dsts, leaves = [], []
        if m:
            dsts, leaves = [m.group(3)], [m.group(4), m.group(5)]
            while j < len(lines):
                n = MAX.match(lines[j])
                if not n or n.group(2) != m.group(2) or n.group(4) != dsts[-1] or uses.get(dsts[-1]) != 2:
                    break
                dsts.append(n.group(3))
                leaves.append(n.group(5))
                j += 1
        if len(dsts) < 3:
            out.append(lines[i])
            i += 1
            continue
        chains += 1
        free, level = dsts[:-1], leaves
        while len(level) > 1:
            nxt = []
            for k in range(0, len(level) - 1, 2):
                d = dsts[-1] if len(level) == 2 else free.pop(0)
                out.append(f"{m.group(1)}{m.group(2)} {d}, {level[k]}, {level[k + 1]};")
                nxt.append(d)
            if len(level) % 2:
                nxt.append(level[-1])
            level = nxt
        i = j
    if not chains:
        raise Shape("no chain of max.f32")
    return out


EX2 = re.compile(r"^(\s*)ex2\.approx\.ftz\.f32\s+(%f\d+),\s*(%f\d+);")
# 2^f on [-0.5, 0.5], minimax in relative error, degree 5 (c0 first), as f32 bit patterns.
EXP2_POLY = ["0f3F800001", "0f3F317214", "0f3E75FC8C", "0f3D635B72", "0f3C1E8629", "0f3AAE0473"]


def exp2poly(k):
    def edit(lines):
        out, n, done = [], 0, 0
        for l in lines:
            m = EX2.match(l)
            if not m:
                out.append(l)
                continue
            n += 1
            if n % k:
                out.append(l)
                continue
            done += 1
            ind, d, x = m.groups()
            seq = [f"max.f32 %fpe0, {x}, 0fC2FC0000;",      # x >= -126: j's exponent stays a normal one
                   "add.rn.f32 %fpe1, %fpe0, 0f4B400000;",   # 1.5 * 2^23 + round(x): j in the low bits
                   "sub.rn.f32 %fpe2, %fpe1, 0f4B400000;",   # j as a float
                   "sub.rn.f32 %fpe3, %fpe0, %fpe2;",        # f = x - j, exact
                   f"fma.rn.f32 %fpe4, %fpe3, {EXP2_POLY[5]}, {EXP2_POLY[4]};"]
            seq += [f"fma.rn.f32 %fpe4, %fpe4, %fpe3, {c};" for c in reversed(EXP2_POLY[:4])]
            seq += ["mov.b32 %rpe0, %fpe1;", "shl.b32 %rpe0, %rpe0, 23;",   # j << 23 (1.5 * 2^23's bits shift out)
                    "mov.b32 %rpe1, %fpe4;", "add.s32 %rpe1, %rpe1, %rpe0;", f"mov.b32 {d}, %rpe1;"]
            out += [ind + s for s in seq]
        if not done:
            raise Shape("no ex2.approx.ftz.f32")
        return declare(out, [".reg .f32 \t%fpe<5>;", ".reg .b32 \t%rpe<2>;"])
    return edit


# The modes that edit the attention kernels (the others edit the matmuls).
ATTENTION_MODES = {"joinregs": joinregs, "norescale": norescale, "condrescale": condrescale, "rescaleafter": rescaleafter,
                   "rescaleturn": lambda lines: rescaleafter(lines, turn=True), "nowaitS": nowait_s,
                   "oneS": first_wgmma(".m64n64k16."), "onePV": first_wgmma(".m64n128k16."), "maxtree": maxtree,
                   "qlate": qlate, "waitS": wait_s, "sorder": s_order, "qlateone": lambda lines: oneinit(qlate(lines)),
                   "pvdefer": pv_defer}


# The modes that edit the pool's maps, in whichever kernel builds them.
POOL_MODES = {"noclaim", "noacquire", "keepmaps", "prefetch"}


def sms(n):
    def edit(lines):
        out = [re.sub(r"mov\.u32 (%r\d+), %nsmid;", rf"mov.u32 \1, {n};", l) for l in lines]
        if out == lines:
            raise Shape("no %nsmid read")
        return out
    return edit


def main(mode, src, dst):
    modes = {"nostore": nostore, "noepi": noepi, "epifirst": epifirst, "defer": defer, "bulk": bulk,
             "pairsA": drop_shared(1, 32768), "pairsB": drop_shared(3, 40960),
             "nomulticast": nomulticast, "nohandshake": nohandshake, "nomidwait": nomidwait,
             "noclaim": noclaim, "noacquire": noacquire, "keepmaps": keepmaps, "oneinit": oneinit, "prefetch": prefetch, "idleexit": idleexit, "probes": probes,
             **ATTENTION_MODES}
    if mode.startswith("stagger="):
        edit = stagger(int(mode.split("=", 1)[1]))
    elif mode.startswith("exp2poly="):
        edit = exp2poly(int(mode.split("=", 1)[1]))
    elif mode.startswith("sms="):
        edit = sms(int(mode.split("=", 1)[1]))
    elif mode in modes:
        edit = modes[mode]
    else:
        sys.exit(f"ptx_bounds.py: unknown mode {mode!r} (nostore, noepi, epifirst, defer, bulk, pairsA, pairsB, nomulticast, nohandshake, nomidwait, noclaim, noacquire, keepmaps, joinregs, oneinit, prefetch, idleexit, probes, norescale, condrescale, rescaleafter, rescaleturn, nowaitS, oneS, onePV, maxtree, qlate, qlateone, waitS, sorder, pvdefer, exp2poly=K, sms=N, stagger=NS)")
    os.makedirs(dst, exist_ok=True)
    for name in sorted(os.listdir(src)):
        kernels = ("attention_",) if mode in ATTENTION_MODES or mode.startswith("exp2poly=") else ("matmul_",)
        if mode in POOL_MODES:
            kernels = ("matmul_", "attention_")
        if not (name.startswith(kernels) and name.endswith(".ptx")):
            continue
        lines = strip_loc(open(os.path.join(src, name)).read().split("\n"))
        stem = name[:-len(".ptx")]
        meta = json.load(open(os.path.join(src, stem + ".json")))
        try:
            out = edit(lines)
            if mode == "bulk":
                meta["shared"] = bulk_shared(meta, lines)
        except Shape as e:
            print(f"{name}: skipped ({e})")
            continue
        open(os.path.join(dst, name), "w").write("\n".join(out))
        json.dump(meta, open(os.path.join(dst, stem + ".json"), "w"), indent=2)
        print(f"{name}: {mode}")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
