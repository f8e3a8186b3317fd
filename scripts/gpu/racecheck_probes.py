#!/usr/bin/env python3
"""Minimal PTX kernels that tell compute-sanitizer racecheck's limits from real races.

    python3 racecheck_probes.py [--sanitizer PATH]      (GPU machine)

racecheck reports hazards on tt's warp-specialized attention (the dispatch state's bytes, and
the epilogue's st.shared against its ldmatrix across a bar.sync of both consumer warpgroups)
that synccheck, the outputs and tt's simulator do not confirm. Each probe here is a kernel whose
synchronization is plainly correct by the PTX ISA's rules, holding one feature of that kernel:

  plain      256 threads write a word each, bar.sync 0, 256, read the other warpgroup's words
  turns      the same after the overlapped schedule's turn hand-over: warpgroup 1 bar.arrive on
             named barrier 14, warpgroup 0 bar.sync on it (then N rounds of each syncing on its
             own barrier and arriving on the other's, and warpgroup 0 syncing on 14 once more)
  turns2     turns with the epilogue's bar.sync doubled
  ws         ttg.warp_specialize's dispatch: 8 default warps write a state byte per parked warp,
             barrier.sync 1, 512, the parked warps read it (setmaxnreg around it), run, join,
             and read the exit state the same way
  ws_turns   ws with one turn hand-over between the default warpgroups before the join

Each probe runs once plainly (its output checked) and once under racecheck and synccheck.
Measured on the H200 (2026-11-29): plain, turns2 and ws are clean; turns and ws_turns are not
(tens of thousands and 165 RAW hazards) while synccheck finds nothing and the outputs are right:
racecheck loses track of barrier generations once a named barrier is used in the
producer-consumer form (bar.arrive by one side, bar.sync by the other) that the PTX ISA
documents for exactly this.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

HEADER = """.version 8.0
.target sm_90a
.address_size 64
"""

# %rd2 = &out[tid]
OUT_ADDRESS = """  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  mul.wide.u32 %rd3, %r1, 4;
  add.u64 %rd2, %rd2, %rd3;
"""

# Warpgroup 1 arrives on 14; each round a warpgroup syncs on its own barrier (14 + wg) and
# arrives on the other's (15 - wg); after the rounds warpgroup 0 syncs on 14 once more.
TURNS = """
  setp.eq.u32 %p1, %r2, 1;
  @!%p1 bra L1;
  bar.arrive 14, 256;
L1:
  mov.u32 %r4, 0;
LOOP:
  setp.ge.u32 %p2, %r4, %r3;
  @%p2 bra DONE;
  add.u32 %r5, %r2, 14;
  bar.sync %r5, 256;
  mov.u32 %r14, 15;
  sub.u32 %r6, %r14, %r2;
  bar.arrive %r6, 256;
  add.u32 %r4, %r4, 1;
  bra.uni LOOP;
DONE:
  setp.eq.u32 %p3, %r2, 0;
  @!%p3 bra L2;
  bar.sync 14, 256;
L2:
"""


def exchange(name, before, barrier):
    """256 threads: `before`, then each writes its word, `barrier`, and reads word tid ^ 128."""
    return HEADER + f""".shared .align 16 .b8 buf[1024];
.visible .entry {name}(.param .u64 out, .param .u32 rounds)
.reqntid 256, 1, 1
{{
  .reg .b32 %r<20>;
  .reg .pred %p<4>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  shr.u32 %r2, %r1, 7;
  ld.param.u32 %r3, [rounds];
{before}
  shl.b32 %r7, %r1, 2;
  mov.u32 %r8, buf;
  add.u32 %r9, %r8, %r7;
  st.shared.u32 [%r9], %r1;
  {barrier}
  xor.b32 %r10, %r1, 128;
  shl.b32 %r11, %r10, 2;
  add.u32 %r12, %r8, %r11;
  ld.shared.u32 %r13, [%r12];
{OUT_ADDRESS}  st.global.u32 [%rd2], %r13;
  ret;
}}
"""


def state_writes(value):
    return f"  mov.b16 %rs2, {value};\n" + "".join(f"  st.shared.u8 [%r8+{i}], %rs2;\n" for i in range(8))


def dispatch(name, turn):
    """512 threads: warps 0-7 dispatch warps 8-15 once through a state byte each, then exit them.

    The parked warps write 0 (the state they read) to out[tid], the default warps tid."""
    hand_over = """
  shr.u32 %r6, %r1, 7;
  setp.eq.u32 %p2, %r6, 1;
  @%p2 bra ARRIVE;
  bar.sync 14, 256;
  bra.uni JOIN;
ARRIVE:
  bar.arrive 14, 256;
JOIN:""" if turn else ""
    return HEADER + f""".shared .align 16 .b8 state[16];
.visible .entry {name}(.param .u64 out, .param .u32 rounds)
.reqntid 512, 1, 1
{{
  .reg .b32 %r<20>;
  .reg .b16 %rs<4>;
  .reg .pred %p<4>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  shr.u32 %r2, %r1, 5;
  mov.u32 %r8, state;
{OUT_ADDRESS}  setp.lt.u32 %p1, %r2, 8;
  @%p1 bra DEFAULT;
  sub.u32 %r3, %r2, 8;
  add.u32 %r4, %r8, %r3;
PARKED:
  setmaxnreg.dec.sync.aligned.u32 24;
  barrier.sync 1, 512;
  ld.shared.u8 %rs1, [%r4];
  setp.eq.u16 %p3, %rs1, 1;
  @%p3 bra EXIT;
  setmaxnreg.inc.sync.aligned.u32 40;
  barrier.sync 1, 512;
  cvt.u32.u16 %r5, %rs1;
  st.global.u32 [%rd2], %r5;
  barrier.sync 1, 512;
  bra.uni PARKED;
EXIT:
  ret;
DEFAULT:
{state_writes(0)}  barrier.sync 1, 512;
  setmaxnreg.dec.sync.aligned.u32 216;
  barrier.sync 1, 512;
{hand_over}
  st.global.u32 [%rd2], %r1;
  barrier.sync 1, 512;
  setmaxnreg.inc.sync.aligned.u32 232;
{state_writes(1)}  barrier.sync 1, 512;
  ret;
}}
"""


PROBES = {
    "plain": (exchange("plain", "", "bar.sync 0, 256;"), 256),
    "turns": (exchange("turns", TURNS, "bar.sync 0, 256;"), 256),
    "turns2": (exchange("turns2", TURNS, "bar.sync 0, 256;\n  bar.sync 0, 256;"), 256),
    "ws": (dispatch("ws", False), 512),
    "ws_turns": (dispatch("ws_turns", True), 512),
}


def launch(path, name, threads):
    """Runs the probe four times over 64 CTAs with 3 turn rounds; True when its output is right."""
    import cupy as cp
    fn = cp.RawModule(path=path).get_function(name)
    out = cp.full(threads, 99, dtype=cp.uint32)
    for _ in range(4):
        fn((64,), (threads,), (out, cp.uint32(3)))
    cp.cuda.Device().synchronize()
    got = [int(x) for x in out.get()]
    if threads == 256:
        return got == [t ^ 128 for t in range(256)]
    return got[:256] == list(range(256)) and all(x == 0 for x in got[256:])


def summary(log):
    m = re.search(r"(RACECHECK|ERROR) SUMMARY: .*", log)
    return m.group(0) if m else "no summary (see the log)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sanitizer", default=shutil.which("compute-sanitizer") or "/usr/local/cuda/bin/compute-sanitizer")
    ap.add_argument("--launch", nargs=2, metavar=("PTX", "NAME"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.launch:  # one probe, in the sanitizer's child process
        path, name = args.launch
        ok = launch(path, name, PROBES[name][1])
        print(name, "PASS" if ok else "FAIL")
        sys.exit(0 if ok else 1)
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, (ptx, _) in PROBES.items():
            path = os.path.join(tmp, name + ".ptx")
            with open(path, "w") as f:
                f.write(ptx)
            me = [sys.executable, os.path.abspath(__file__), "--launch", path, name]
            plain = subprocess.run(me, capture_output=True, text=True)
            line = f"{name:9s} {plain.stdout.strip().split(' ')[-1] if plain.stdout else 'ERROR ' + plain.stderr[-200:]}"
            status |= plain.returncode
            for tool in ("racecheck", "synccheck"):
                run = subprocess.run([args.sanitizer, "--tool", tool] + me, capture_output=True, text=True)
                line += f" | {tool}: {summary(run.stdout + run.stderr)}"
            print(line, flush=True)
    sys.exit(status)


if __name__ == "__main__":
    main()
