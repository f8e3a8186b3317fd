#!/usr/bin/env python3
"""Two schedules of attention's key loop at head dim 128, written as TTGIR for timing experiments.

    tt-translate --num-warps=8 --dump-stages=D attention_f16_4096_d128.ttir -o /dev/null
    python3 attn_schedules.py MODE[,free] D/02-ttgir.mlir SLOTS OUT.mlir
    tt-translate --num-warps=8 OUT.mlir -o NAME/attention_f16_4096_d128.ptx   (then variants_bench.py)

tt's consumer of the perf attention kernel at head dim 128 (two warpgroups taking turns, each turn
issuing S_i = Q K_i^T and the previous block's P V, then waiting for S_i before block i's softmax)
is replaced (the `default` region of the dump's ttg.warp_specialize) by one of:

  ahead  S one key block ahead: a turn issues P_{i-1} V_{i-1} and S_{i+1}, and block i's softmax
         reads S_i, which the turn before issued, so that every wgmma runs under a softmax. The
         rescaled accumulator and the next S stay in flight across the loop's back edge (one wait
         at the top of each block retires them), and the loop is unrolled by two so that the two
         S buffers keep their registers.
  pair   two key blocks a turn: S_i and S_{i+1} issued together with the previous block's P V, the
         two softmaxes side by side where they do not depend on each other (row maxima, the
         exponentials, row sums: twice the independent work between the shuffles' latencies),
         then a second turn for P_i V_i; one block's remainder in tt's own form.
  pairpv the same, but block i+1's softmax runs after P_i V_i is issued, under it (tt's own
         schedule unrolled by two with the second S issued with the first).

With `,free` (e.g. `pair,free`) the warpgroups do not take turns: the consumer's named barriers
are left out. The ring gets SLOTS slots (the producer's too; 4 or 5: both schedules hold a slot
longer). The
arithmetic is the kernel's, op for op, so the output is bit-identical to Triton's. It refuses a
dump without the values it reads (tt's dump of that kernel at the tree it was written for,
2026-12-01); docs/PERFORMANCE.md has what they measured.
"""
import re
import sys

MODE, _, FREE = sys.argv[1].partition(",") if len(sys.argv) == 5 else ("", "", "")
if MODE not in ("ahead", "pair", "pairpv") or FREE not in ("", "free"):
    sys.exit(__doc__)
lines = open(sys.argv[2]).read().split('\n')
NS = int(sys.argv[3])
out_path = sys.argv[4]
if NS < 3:
    sys.exit("attn_schedules.py: SLOTS must be at least 3")
ANCHORS = ["%21 = ttg.local_alloc %20 : (tensor<128x128xf16, #blocked>)",
           "%23 = tt.splat %arg5 : f32 -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>",
           "%24 = tt.splat %arg5 : f32 -> tensor<128x64xf32, #mma>",
           "%26 = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16", "%27 = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16",
           "%28 = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64", "%32 = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64",
           "%29 = ttg.memdesc_index %28[%c0_i32]", "ttng.init_barrier %31, 128", "ttng.init_barrier %35, 8",
           "%c3_i32_8 = arith.constant 3 : i32", "#mma1 = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>"]
text_in = '\n'.join(lines)
for a in ANCHORS:
    if a not in text_in:
        sys.exit(f"attn_schedules.py: {sys.argv[2]} is not the dump this script edits (no {a!r})")
# The consumer is the warp_specialize op's default region.
start = next(i for i, l in enumerate(lines) if l.strip() == 'default {')
yield_i = next(i for i, l in enumerate(lines) if l.strip().startswith('ttg.warp_yield'))
head, tail = lines[:start + 1], lines[yield_i:]
SL = 'tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>'
S = 'tensor<128x64xf32, #mma>'
ACC = 'tensor<128x128xf32, #mma1>'
P16 = 'tensor<128x64xf16, #mma>'
PD = 'tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>'
Q = '!ttg.memdesc<128x128xf16, #shared, #smem>'
KT = '!ttg.memdesc<128x64xf16, #shared2, #smem, mutable>'
RING = f'!ttg.memdesc<{NS}x64x128xf16, #shared, #smem, mutable>'
BARS = f'!ttg.memdesc<{NS}x1xi64, #shared1, #smem, mutable>'
BAR = '!ttg.memdesc<1xi64, #shared1, #smem, mutable>'
TILE = '!ttg.memdesc<64x128xf16, #shared, #smem, mutable>'

def softmax(p, sv, m, l):
    """Triton's block softmax of the S value sv with the running maximum m and sum l, its values
    named %<p>...: %<p>m, %<p>l, %<p>alpha (the rescale factor) and %<p>pd (P, the register
    operand of P V)."""
    t = f'''      %{p}rmax = "tt.reduce"({sv}) <{{axis = 1 : i32}}> ({{
      ^bb0(%{p}x: f32, %{p}y: f32):
        %{p}mx = arith.maxnumf %{p}x, %{p}y : f32
        tt.reduce.return %{p}mx : f32
      }}) : ({S}) -> {SL}
      %{p}ms = arith.mulf %{p}rmax, %23 : {SL}
      %{p}m = arith.maxnumf {m}, %{p}ms : {SL}
      %{p}sc = arith.mulf {sv}, %24 : {S}
      %{p}me = tt.expand_dims %{p}m {{axis = 1 : i32}} : {SL} -> tensor<128x1xf32, #mma>
      %{p}mb = tt.broadcast %{p}me : tensor<128x1xf32, #mma> -> {S}
      %{p}d = arith.subf %{p}sc, %{p}mb : {S}
      %{p}p = math.exp2 %{p}d : {S}
      %{p}ad = arith.subf {m}, %{p}m : {SL}
      %{p}alpha = math.exp2 %{p}ad : {SL}
      %{p}la = arith.mulf {l}, %{p}alpha : {SL}
      %{p}rs = "tt.reduce"(%{p}p) <{{axis = 1 : i32}}> ({{
      ^bb0(%{p}u: f32, %{p}v: f32):
        %{p}sm = arith.addf %{p}u, %{p}v : f32
        tt.reduce.return %{p}sm : f32
      }}) : ({S}) -> {SL}
      %{p}l = arith.addf %{p}la, %{p}rs : {SL}
      %{p}p16 = arith.truncf %{p}p : {S} to {P16}
      %{p}pd = ttg.convert_layout %{p}p16 : {P16} -> {PD}
      %{p}ae = tt.expand_dims %{p}alpha {{axis = 1 : i32}} : {SL} -> tensor<128x1xf32, #mma>
      %{p}ac = ttg.convert_layout %{p}ae : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
      %{p}ab = tt.broadcast %{p}ac : tensor<128x1xf32, #mma1> -> {ACC}'''
    return t

def ind(t, n):
    return '\n'.join((' ' * n + x if x.strip() else x) for x in t.split('\n'))


def release(t, slotv, cond):
    """Hand ring slot slotv back to the producer: never (None), always (True) or under cond."""
    if cond is None:
        return ""
    if cond is True:
        return f"""
      %{t}eb = ttg.memdesc_index %32[{slotv}] : {BARS} -> {BAR}
      ttng.arrive_barrier %{t}eb, 1 {{tt.arrive_per_warp}} : {BAR}"""
    return f"""
      scf.if {cond} {{
        %{t}eb = ttg.memdesc_index %32[{slotv}] : {BARS} -> {BAR}
        ttng.arrive_barrier %{t}eb, 1 {{tt.arrive_per_warp}} : {BAR}
      }}"""

def next_slot(t, slot, ph):
    """The ring slot and phase after (slot, ph)."""
    return f"""
      %{t}s1 = arith.addi {slot}, %c1_i32 : i32
      %{t}wr = arith.cmpi eq, %{t}s1, %cNS : i32
      %{t}nslot = arith.select %{t}wr, %c0_i32, %{t}s1 : i32
      %{t}phx = arith.xori {ph}, %c1_i32 : i32
      %{t}nph = arith.select %{t}wr, %{t}phx, {ph} : i32"""

def issue_s(t, slot, ph):
    """wait for K at ring slot `slot` and issue S on it (inside a turn: caller brackets)."""
    return f"""
      %{t}kb = ttg.memdesc_index %28[{slot}] : {BARS} -> {BAR}
      ttng.wait_barrier %{t}kb, {ph} {{tt.mbarrier_ordered}} : {BAR}
      %{t}kt0 = ttg.memdesc_index %26[{slot}] : {RING} -> {TILE}
      %{t}kt = ttg.memdesc_trans %{t}kt0 {{order = array<i32: 1, 0>}} : {TILE} -> {KT}"""

def rescale(name, acc, alpha):
    """The accumulator acc times the rows' factors alpha, as %<name>: alpha broadcast over the
    accumulator's columns (the TTIR's `acc * alpha[:, None]`)."""
    return f"""      %{name}e = tt.expand_dims {alpha} {{axis = 1 : i32}} : {SL} -> tensor<128x1xf32, #mma>
      %{name}c = ttg.convert_layout %{name}e : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
      %{name}b = tt.broadcast %{name}c : tensor<128x1xf32, #mma1> -> {ACC}
      %{name} = arith.mulf {acc}, %{name}b : {ACC}"""


def ahead_region():
    """The consumer region of schedule `ahead`."""
    def mid(t, st):
        """One block i in the steady state. st: dict of values: acc (PV_{i-2} in flight or done),
        pinf (P_{i-2}), s (S_i in flight), rel (slot of block i-2) and relc (condition),
        ab (alpha_{i-1}, the rows' rescale factors), pcur (P_{i-1}), vslot (slot of block i-1), kslot/kph (K_{i+1}),
        m, l. Issues PV_{i-1} and S_{i+1}, then block i's softmax."""
        return f"""      %{t}w:3 = ttng.warp_group_dot_wait {st['acc']}, {st['pinf']}, {st['s']} {{pendings = 0 : i32}} : {ACC}, {PD}, {S}{release(t, st['rel'], st['relc'])}
{rescale(f'{t}accr', f'%{t}w#0', st['ab'])}{next_slot(t, st['kslot'], st['kph'])}{issue_s(t, st['kslot'], st['kph'])}
          %{t}vt = ttg.memdesc_index %27[{st['vslot']}] : {RING} -> {TILE}
          gpu.named_barrier %50, %c256_i32
          %{t}accn = ttng.warp_group_dot {st['pcur']}, %{t}vt, %{t}accr {{inputPrecision = 0 : i32, isAsync = true}} : {PD} * {TILE} -> {ACC}
          %{t}snext = ttng.warp_group_dot %21, %{t}kt, %cst_3 {{inputPrecision = 0 : i32, isAsync = true}} : {Q} * {KT} -> {S}
          gpu.named_barrier_arrive %51, %c256_i32
    {softmax(t, f'%{t}w#2', st['m'], st['l'])}"""

    # loop-carried state (order): m, l, acc (P.V in flight), pinf (its P), s (S in flight), ab (alpha
    # broadcast), pcur (the next P.V's P), vslot (slot of block i-1), cur (slot of block i),
    # kslot/kph (ring slot and phase of K_{i+1}), rel (slot of block i-2)
    LT = [SL, SL, ACC, PD, S, SL, PD, 'i32', 'i32', 'i32', 'i32', 'i32']
    LOOPT = ', '.join(LT)
    KEYS = ['m', 'l', 'acc', 'pinf', 's', 'ab', 'pcur', 'vslot', 'cur', 'kslot', 'kph', 'rel']

    def st_of(vals_, relc):
        """A block's state from the loop-carried values (in KEYS' order)."""
        d = dict(zip(KEYS, vals_))
        d['relc'] = relc
        return d

    def vals(st):
        return [st[k] for k in KEYS]

    def mid2(t, st):
        """mid's text for block i and the state of block i+1."""
        txt = mid(t, st)
        new = dict(m=f'%{t}m', l=f'%{t}l', acc=f'%{t}accn', pinf=st['pcur'], s=f'%{t}snext', ab=f'%{t}alpha',
                   pcur=f'%{t}pd', rel=st['vslot'], relc=True, vslot=st['cur'], cur=st['kslot'],
                   kslot=f'%{t}nslot', kph=f'%{t}nph')
        return txt, new

    first = f"""{next_slot('f', '%c1_i32', '%c0_i32')}{issue_s('f', '%c1_i32', '%c0_i32')}
          gpu.named_barrier %50, %c256_i32
          %fsnext = ttng.warp_group_dot %21, %fkt, %cst_3 {{inputPrecision = 0 : i32, isAsync = true}} : {Q} * {KT} -> {S}
          gpu.named_barrier_arrive %51, %c256_i32
    {softmax('f', '%57#0', '%cst_0', '%cst')}"""
    st1 = dict(m='%fm', l='%fl', acc='%acc0', pinf='%pd0', s='%fsnext', ab='%falpha', pcur='%fpd', rel='%c0_i32',
               vslot='%c0_i32', cur='%c1_i32', kslot='%fnslot', kph='%fnph', relc=None)
    loop_args = ', '.join(f'%L{k} = {v}' for k, v in enumerate(vals(st1)))
    stL = st_of([f'%L{k}' for k in range(12)], '%notfirst')
    ta, stb = mid2('a', stL)
    tb, stn = mid2('b', stb)
    stR = st_of([f'%72#{k}' for k in range(12)], '%rem_rel')
    stR['acc'], stR['pinf'], stR['s'] = '%lw#0', '%lw#1', '%lw#2'
    tr, str_ = mid2('r', stR)
    last = f"""      %yw:3 = ttng.warp_group_dot_wait %x#2, %x#3, %x#4 {{pendings = 0 : i32}} : {ACC}, {PD}, {S}
          scf.if %has_prev2 {{
            %yeb = ttg.memdesc_index %32[%x#11] : {BARS} -> {BAR}
            ttng.arrive_barrier %yeb, 1 {{tt.arrive_per_warp}} : {BAR}
          }}
{rescale('yaccr', '%yw#0', '%x#5')}
          %yvt = ttg.memdesc_index %27[%x#7] : {RING} -> {TILE}
          gpu.named_barrier %50, %c256_i32
          %yaccn = ttng.warp_group_dot %x#6, %yvt, %yaccr {{inputPrecision = 0 : i32, isAsync = true}} : {PD} * {TILE} -> {ACC}
          gpu.named_barrier_arrive %51, %c256_i32
    {softmax('y', '%yw#2', '%x#0', '%x#1')}
          %yw2:2 = ttng.warp_group_dot_wait %yaccn, %x#6 {{pendings = 0 : i32}} : {ACC}, {PD}
          %yeb2 = ttg.memdesc_index %32[%x#7] : {BARS} -> {BAR}
          ttng.arrive_barrier %yeb2, 1 {{tt.arrive_per_warp}} : {BAR}
          %yaccr2 = arith.mulf %yw2#0, %yab : {ACC}
          %yvt2 = ttg.memdesc_index %27[%x#8] : {RING} -> {TILE}
          gpu.named_barrier %50, %c256_i32
          %yaccn2 = ttng.warp_group_dot %ypd, %yvt2, %yaccr2 {{inputPrecision = 0 : i32, isAsync = true}} : {PD} * {TILE} -> {ACC}
          gpu.named_barrier_arrive %51, %c256_i32
          %yw3:3 = ttng.warp_group_dot_wait %yaccn2, %ypd, %yvt2 {{pendings = 0 : i32}} : {ACC}, {PD}, {TILE}
          %yeb3 = ttg.memdesc_index %32[%x#8] : {BARS} -> {BAR}
          ttng.arrive_barrier %yeb3, 1 {{tt.arrive_per_warp}} : {BAR}"""
    only = f"""{softmax('o', '%57#0', '%cst_0', '%cst')}
          %oaccr = arith.mulf %acc0, %oab : {ACC}
          %ovt = ttg.memdesc_index %27[%c0_i32] : {RING} -> {TILE}
          gpu.named_barrier %50, %c256_i32
          %oaccn = ttng.warp_group_dot %opd, %ovt, %oaccr {{inputPrecision = 0 : i32, isAsync = true}} : {PD} * {TILE} -> {ACC}
          gpu.named_barrier_arrive %51, %c256_i32
          %ow:3 = ttng.warp_group_dot_wait %oaccn, %opd, %ovt {{pendings = 0 : i32}} : {ACC}, {PD}, {TILE}
          %oeb = ttg.memdesc_index %32[%c0_i32] : {BARS} -> {BAR}
          ttng.arrive_barrier %oeb, 1 {{tt.arrive_per_warp}} : {BAR}"""

    body = f"""      %48 = ttg.warp_id
          %49 = arith.divui %48, %c4_i32 : i32
          %50 = arith.addi %49, %c14_i32 : i32
          %51 = arith.subi %c15_i32, %49 : i32
          %cNS = arith.constant {NS} : i32
          %c128 = arith.constant 128 : i32
          %52 = arith.cmpi sgt, %arg4, %c0_i32 : i32
          %53:2 = scf.if %52 -> ({SL}, {ACC}) {{
            ttng.wait_barrier %29, %c0_i32 {{tt.mbarrier_ordered}} : {BAR}
            %54 = ttg.memdesc_index %26[%c0_i32] : {RING} -> {TILE}
            %55 = ttg.memdesc_trans %54 {{order = array<i32: 1, 0>}} : {TILE} -> {KT}
            ttng.fence_async_shared {{bCluster = false}}
            %56 = ttng.warp_group_dot %21, %55, %cst_3 {{inputPrecision = 0 : i32, isAsync = true}} : {Q} * {KT} -> {S}
            %57:3 = ttng.warp_group_dot_wait %56, %21, %55 {{pendings = 0 : i32}} : {S}, {Q}, {KT}
            %71 = arith.cmpi eq, %49, %c1_i32 : i32
            scf.if %71 {{
              gpu.named_barrier_arrive %c14_i32, %c256_i32
            }}
            ttng.fence_async_shared {{bCluster = false}}
            %pd0 = arith.constant dense<0.000000e+00> : {PD}
            %acc0 = arith.constant dense<0.000000e+00> : {ACC}
            %two = arith.cmpi sgt, %arg4, %c64_i32 : i32
            %res:2 = scf.if %two -> ({SL}, {ACC}) {{
    {ind(first, 4)}
              %ubx = arith.subi %arg4, %c64_i32 : i32
              %nmid = arith.subi %ubx, %c64_i32 : i32
              %nmidb = arith.divsi %nmid, %c64_i32 : i32
              %odd = arith.andi %nmidb, %c1_i32 : i32
              %oddb = arith.muli %odd, %c64_i32 : i32
              %ubp = arith.subi %nmid, %oddb : i32
              %72:12 = scf.for %iv = %c0_i32 to %ubp step %c128 iter_args({loop_args}) -> ({LOOPT})  : i32 {{
                %notfirst = arith.cmpi sgt, %iv, %c0_i32 : i32
    {ind(ta, 6)}
    {ind(tb, 6)}
                scf.yield {', '.join(vals(stn))} : {LOOPT}
              }} {{tt.num_stages = 0 : i32}}
              %lw:3 = ttng.warp_group_dot_wait %72#2, %72#3, %72#4 {{pendings = 0 : i32}} : {ACC}, {PD}, {S}
              %isodd = arith.cmpi eq, %odd, %c1_i32 : i32
              %has_prev2 = arith.cmpi sgt, %nmid, %c0_i32 : i32
              %rem_rel = arith.cmpi sgt, %nmid, %c64_i32 : i32
              %x:12 = scf.if %isodd -> ({LOOPT}) {{
    {ind(tr, 6)}
                %rz:3 = ttng.warp_group_dot_wait %raccn, %rpd, %rsnext {{pendings = 0 : i32}} : {ACC}, {PD}, {S}
                scf.yield {', '.join(v.replace('%raccn', '%rz#0').replace('%rsnext', '%rz#2') for v in vals(str_))} : {LOOPT}
              }} else {{
                scf.yield %72#0, %72#1, %lw#0, %lw#1, %lw#2, %72#5, %72#6, %72#7, %72#8, %72#9, %72#10, %72#11 : {LOOPT}
              }}
    {ind(last, 4)}
              scf.yield %yl, %yw3#0 : {SL}, {ACC}
            }} else {{
    {ind(only, 4)}
              scf.yield %ol, %ow#0 : {SL}, {ACC}
            }}
            %75 = arith.cmpi eq, %49, %c0_i32 : i32
            scf.if %75 {{
              gpu.named_barrier %c14_i32, %c256_i32
            }}
            scf.yield %res#0, %res#1 : {SL}, {ACC}
          }} else {{
            scf.yield %cst, %cst_1 : {SL}, {ACC}
          }}"""
    return body


def pair_region():
    """The consumer region of schedule `pair`."""
    def pair(t, st):
        """Blocks i and i+1: one turn issues S_i, S_{i+1} and the previous block's P V, both softmaxes
        run with their independent parts side by side, then a second turn issues P_i V_i, which is
        retired before the iteration ends."""
        return f"""{next_slot(t + 'a', st['kslot'], st['kph'])}{issue_s(t + 'a', st['kslot'], st['kph'])}{next_slot(t + 'b', f'%{t}anslot', f'%{t}anph')}{issue_s(t + 'b', f'%{t}anslot', f'%{t}anph')}
{rescale(f'{t}accr', st['acc'], st['alpha'])}
          %{t}vt0 = ttg.memdesc_index %27[{st['vslot']}] : {RING} -> {TILE}
          gpu.named_barrier %50, %c256_i32
          %{t}s0 = ttng.warp_group_dot %21, %{t}akt, %cst_3 {{inputPrecision = 0 : i32, isAsync = true}} : {Q} * {KT} -> {S}
          %{t}s1 = ttng.warp_group_dot %21, %{t}bkt, %cst_3 {{inputPrecision = 0 : i32, isAsync = true}} : {Q} * {KT} -> {S}
          %{t}acc1 = ttng.warp_group_dot {st['p']}, %{t}vt0, %{t}accr {{inputPrecision = 0 : i32, isAsync = true}} : {PD} * {TILE} -> {ACC}
          gpu.named_barrier_arrive %51, %c256_i32
          %{t}sw:4 = ttng.warp_group_dot_wait %{t}s0, %{t}s1, %21, %{t}bkt {{pendings = 1 : i32}} : {S}, {S}, {Q}, {KT}
    {two_softmaxes(t, f'%{t}sw#0', f'%{t}sw#1', st['m'], st['l']) if MODE == 'pair' else softmax(t + 'x', f'%{t}sw#0', st['m'], st['l'])}
          %{t}aw:3 = ttng.warp_group_dot_wait %{t}acc1, {st['p']}, %{t}vt0 {{pendings = 0 : i32}} : {ACC}, {PD}, {TILE}{release(t + 'r0', st['vslot'], True)}
{rescale(f'{t}accr1', f'%{t}aw#0', f'%{t}xalpha')}
          %{t}vt1 = ttg.memdesc_index %27[{st['kslot']}] : {RING} -> {TILE}
          gpu.named_barrier %50, %c256_i32
          %{t}acc2 = ttng.warp_group_dot %{t}xpd, %{t}vt1, %{t}accr1 {{inputPrecision = 0 : i32, isAsync = true}} : {PD} * {TILE} -> {ACC}
          gpu.named_barrier_arrive %51, %c256_i32{'' if MODE == 'pair' else chr(10) + softmax(t + 'y', f'%{t}sw#1', f'%{t}xm', f'%{t}xl')}
          %{t}bw:3 = ttng.warp_group_dot_wait %{t}acc2, %{t}xpd, %{t}vt1 {{pendings = 0 : i32}} : {ACC}, {PD}, {TILE}{release(t + 'r1', st['kslot'], True)}"""


    def two_softmaxes(t, s0, s1, m, l):
        """Triton's softmax of two consecutive blocks (S values s0, s1) with the running m, l, the
        parts that do not depend on the other block side by side: %<t>x... are block i's results
        (m, l, alpha, pd), %<t>y... block i+1's."""
        red = lambda name, v, op, kind: f"""      %{t}{name} = "tt.reduce"({v}) <{{axis = 1 : i32}}> ({{
          ^bb0(%{t}{name}u: f32, %{t}{name}v: f32):
            %{t}{name}r = arith.{op} %{t}{name}u, %{t}{name}v : f32
            tt.reduce.return %{t}{name}r : f32
          }}) : ({S}) -> {SL}"""
        return f"""{red('xrmax', s0, 'maxnumf', 'max')}
    {red('yrmax', s1, 'maxnumf', 'max')}
          %{t}xms = arith.mulf %{t}xrmax, %23 : {SL}
          %{t}yms = arith.mulf %{t}yrmax, %23 : {SL}
          %{t}xm = arith.maxnumf {m}, %{t}xms : {SL}
          %{t}ym = arith.maxnumf %{t}xm, %{t}yms : {SL}
          %{t}xsc = arith.mulf {s0}, %24 : {S}
          %{t}ysc = arith.mulf {s1}, %24 : {S}
          %{t}xme = tt.expand_dims %{t}xm {{axis = 1 : i32}} : {SL} -> tensor<128x1xf32, #mma>
          %{t}yme = tt.expand_dims %{t}ym {{axis = 1 : i32}} : {SL} -> tensor<128x1xf32, #mma>
          %{t}xmb = tt.broadcast %{t}xme : tensor<128x1xf32, #mma> -> {S}
          %{t}ymb = tt.broadcast %{t}yme : tensor<128x1xf32, #mma> -> {S}
          %{t}xd = arith.subf %{t}xsc, %{t}xmb : {S}
          %{t}yd = arith.subf %{t}ysc, %{t}ymb : {S}
          %{t}xp = math.exp2 %{t}xd : {S}
          %{t}yp = math.exp2 %{t}yd : {S}
          %{t}xad = arith.subf {m}, %{t}xm : {SL}
          %{t}yad = arith.subf %{t}xm, %{t}ym : {SL}
          %{t}xalpha = math.exp2 %{t}xad : {SL}
          %{t}yalpha = math.exp2 %{t}yad : {SL}
    {red('xrs', f'%{t}xp', 'addf', 'sum')}
    {red('yrs', f'%{t}yp', 'addf', 'sum')}
          %{t}xla = arith.mulf {l}, %{t}xalpha : {SL}
          %{t}xl = arith.addf %{t}xla, %{t}xrs : {SL}
          %{t}yla = arith.mulf %{t}xl, %{t}yalpha : {SL}
          %{t}yl = arith.addf %{t}yla, %{t}yrs : {SL}
          %{t}xp16 = arith.truncf %{t}xp : {S} to {P16}
          %{t}yp16 = arith.truncf %{t}yp : {S} to {P16}
          %{t}xpd = ttg.convert_layout %{t}xp16 : {P16} -> {PD}
          %{t}ypd = ttg.convert_layout %{t}yp16 : {P16} -> {PD}"""


    def single(t, st):
        """One block (tt's own schedule: a turn issues S_i and the previous block's P V)."""
        return f"""{next_slot(t, st['kslot'], st['kph'])}{issue_s(t, st['kslot'], st['kph'])}
{rescale(f'{t}accr', st['acc'], st['alpha'])}
          %{t}vt0 = ttg.memdesc_index %27[{st['vslot']}] : {RING} -> {TILE}
          gpu.named_barrier %50, %c256_i32
          %{t}s0 = ttng.warp_group_dot %21, %{t}kt, %cst_3 {{inputPrecision = 0 : i32, isAsync = true}} : {Q} * {KT} -> {S}
          %{t}acc1 = ttng.warp_group_dot {st['p']}, %{t}vt0, %{t}accr {{inputPrecision = 0 : i32, isAsync = true}} : {PD} * {TILE} -> {ACC}
          gpu.named_barrier_arrive %51, %c256_i32
          %{t}sw:3 = ttng.warp_group_dot_wait %{t}s0, %21, %{t}kt {{pendings = 1 : i32}} : {S}, {Q}, {KT}
    {softmax(t, f'%{t}sw#0', st['m'], st['l'])}
          %{t}aw:3 = ttng.warp_group_dot_wait %{t}acc1, {st['p']}, %{t}vt0 {{pendings = 0 : i32}} : {ACC}, {PD}, {TILE}{release(t + 'r0', st['vslot'], True)}"""


    # carried: m, l, acc (retired), p (P of the block before, dot operand), alpha (its factors),
    # vslot (its ring slot), kslot / kph (the next block's slot and phase)
    KEYS = ['m', 'l', 'acc', 'p', 'alpha', 'vslot', 'kslot', 'kph']
    LT = [SL, SL, ACC, PD, SL, 'i32', 'i32', 'i32']
    LOOPT = ', '.join(LT)
    st0 = dict(m='%60', l='%69', acc='%cst_1', p='%pd0', alpha='%67', vslot='%c0_i32', kslot='%c1_i32', kph='%c0_i32')
    stL = {k: f'%L{i}' for i, k in enumerate(KEYS)}
    after_pair = lambda t: dict(m=f'%{t}ym', l=f'%{t}yl', acc=f'%{t}bw#0', p=f'%{t}ypd', alpha=f'%{t}yalpha',
                                vslot=f'%{t}anslot', kslot=f'%{t}bnslot', kph=f'%{t}bnph')
    stP = after_pair('q')
    stR = {k: f'%72#{i}' for i, k in enumerate(KEYS)}
    # After the one-block remainder: its P, its factors and its slot (the block's K slot).
    stS = dict(m='%sm', l='%sl', acc='%saw#0', p='%spd', alpha='%salpha', vslot='%72#6', kslot='%snslot', kph='%snph')

    # The prologue is the dump's own (S_0, its wait and block 0's softmax: %60 m, %69 l, %67 alpha,
    # %70 P); its lines up to the loop are kept.
    pro_start = next(i for i, l in enumerate(lines) if '%52 = arith.cmpi sgt, %arg4, %c0_i32' in l)
    loop_i = next(i for i, l in enumerate(lines) if '= scf.for %arg6 = %c64_i32 to %arg4' in l)
    prologue = '\n'.join(lines[start + 1:loop_i])
    if '%70 = arith.truncf %65' not in prologue or '%67 = math.exp2 %66' not in prologue:
        sys.exit("attn_schedules.py: the dump's prologue is not block 0's softmax")
    body = f"""{prologue}
            %pd0 = ttg.convert_layout %70 : {P16} -> {PD}
            %cNS = arith.constant {NS} : i32
            %c128 = arith.constant 128 : i32
            %nb = arith.subi %arg4, %c64_i32 : i32
            %nb2 = arith.divsi %nb, %c128 : i32
            %ubp = arith.muli %nb2, %c128 : i32
            %72:8 = scf.for %iv = %c0_i32 to %ubp step %c128 iter_args({', '.join(f'%L{i} = {st0[k]}' for i, k in enumerate(KEYS))}) -> ({LOOPT})  : i32 {{
    {ind(pair('q', stL), 4)}
              scf.yield {', '.join(stP[k] for k in KEYS)} : {LOOPT}
            }} {{tt.num_stages = 0 : i32}}
            %rem = arith.cmpi slt, %ubp, %nb : i32
            %x:8 = scf.if %rem -> ({LOOPT}) {{
    {ind(single('s', stR), 4)}
              scf.yield {', '.join(stS[k] for k in KEYS)} : {LOOPT}
            }} else {{
              scf.yield {', '.join(f'%72#{i}' for i in range(8))} : {LOOPT}
            }}
            %75 = arith.cmpi eq, %49, %c0_i32 : i32
            scf.if %75 {{
              gpu.named_barrier %c14_i32, %c256_i32
            }}
            %fe = tt.expand_dims %x#4 {{axis = 1 : i32}} : {SL} -> tensor<128x1xf32, #mma>
            %fc = ttg.convert_layout %fe : tensor<128x1xf32, #mma> -> tensor<128x1xf32, #mma1>
            %fb = tt.broadcast %fc : tensor<128x1xf32, #mma1> -> {ACC}
            %facc = arith.mulf %x#2, %fb : {ACC}
            %fvt = ttg.memdesc_index %27[%x#5] : {RING} -> {TILE}
            %fd = ttng.warp_group_dot %x#3, %fvt, %facc {{inputPrecision = 0 : i32, isAsync = true}} : {PD} * {TILE} -> {ACC}
            %fw:3 = ttng.warp_group_dot_wait %fd, %x#3, %fvt {{pendings = 0 : i32}} : {ACC}, {PD}, {TILE}
            %feb = ttg.memdesc_index %32[%x#5] : {BARS} -> {BAR}
            ttng.arrive_barrier %feb, 1 {{tt.arrive_per_warp}} : {BAR}
            scf.yield %x#1, %fw#0 : {SL}, {ACC}
          }} else {{
            scf.yield %cst, %cst_1 : {SL}, {ACC}
          }}"""
    return body


body = ahead_region() if MODE == 'ahead' else pair_region()
text = '\n'.join(head) + '\n' + body + '\n' + '\n'.join(tail)
if NS != 3:
    text = text.replace('<3x64x128xf16', f'<{NS}x64x128xf16').replace('<3x1xi64', f'<{NS}x1xi64')
    text = text.replace('%c3_i32_8 = arith.constant 3 : i32', f'%c3_i32_8 = arith.constant {NS} : i32')
    # the NS-th barriers: init and invalidate them like the others
    for base, cnt, last in (('%28', 128, '%31'), ('%32', 8, '%35')):
        extra = ''
        inv = ''
        for k in range(3, NS):
            extra += f'\n    %x{base[1:]}_{k} = ttg.memdesc_index {base}[%c{k}_i32x] : !ttg.memdesc<{NS}x1xi64, #shared1, #smem, mutable> -> {BAR}\n    ttng.init_barrier %x{base[1:]}_{k}, {cnt} : {BAR}'
            inv += f'\n    ttng.inval_barrier %x{base[1:]}_{k} : {BAR}'
        text = re.sub(rf'(    ttng.init_barrier {last}, {cnt} : [^\n]*)', lambda mo: mo.group(1) + extra, text, count=1)
        text = re.sub(rf'(    ttng.inval_barrier {last} : [^\n]*)', lambda mo: mo.group(1) + inv, text, count=1)
    consts = ''.join(f'\n    %c{k}_i32x = arith.constant {k} : i32' for k in range(3, NS))
    text = text.replace('    %c3_i32 = arith.constant 3 : i32', '    %c3_i32 = arith.constant 3 : i32' + consts, 1)
if FREE:
    # The consumer (the default region, up to the producer's partition) without its turns.
    out, consumer = [], False
    for l in text.split('\n'):
        consumer = consumer or l.strip() == 'default {'
        if consumer and l.strip().startswith('partition0('):
            consumer = False
        if not (consumer and 'gpu.named_barrier' in l):
            out.append(l)
    text = '\n'.join(out)
open(out_path, 'w').write(text)
