#!/usr/bin/env python3
"""What a CTA pays to claim a slot of a module-scope pool, on the GPU machine (CuPy).

    python3 scripts/gpu/claim_pool_bench.py

The measurement behind perf-notes' design of tensor maps without launcher scratch: each CTA's
thread 0 claims one word of a `.global` array by `atom.acquire.gpu.cas` (linear probing from a
start hashed from %ctaid and %smid), shares the slot through shared memory, and releases it with
`atom.release.gpu.exch` after the CTA's work. Two kernels, `work` (128 threads, a fixed loop of
FMAs, one store a thread) and `work_claim` (the same with the claim and the release), timed on
grids of 264 (a persistent kernel's) to 8,192 CTAs; outputs compared; then every slot must be
free again, also after 8 concurrent launches on 8 streams.
"""
import os
import tempfile

import cupy as cp
import numpy as np

POOL = 4096  # slots; the mask below is POOL - 1

# The work both kernels do, alike: a fixed chain of FMAs a thread, then one
# store (the thread's id in %r2, the loop count in %r1, the output in %rd1).
WORK = r"""  cvt.rn.f32.u32 %f1, %r2;
  mov.f32 %f2, 0f3F800000;
  mov.u32 %r3, 0;
LOOP:
  fma.rn.f32 %f2, %f2, 0f3F7FF000, %f1;
  add.u32 %r3, %r3, 1;
  setp.lt.u32 %p1, %r3, %r1;
  @%p1 bra LOOP;
  mov.u32 %r4, %ctaid.x;
  mov.u32 %r5, %ntid.x;
  mad.lo.u32 %r6, %r4, %r5, %r2;
  mul.wide.u32 %rd2, %r6, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.f32 [%rd3], %f2;
"""

PTX = r"""
.version 8.4
.target sm_90a
.address_size 64

.global .align 4 .b32 claims[{POOL}];

.visible .entry work(.param .u64 out, .param .u32 iters)
{
  .reg .pred %p<4>;
  .reg .b32 %r<16>;
  .reg .f32 %f<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [iters];
  mov.u32 %r2, %tid.x;
{WORK}  ret;
}

.visible .entry work_claim(.param .u64 out, .param .u32 iters)
{
  .reg .pred %p<4>;
  .reg .b32 %r<20>;
  .reg .f32 %f<8>;
  .reg .b64 %rd<12>;
  .shared .align 4 .b32 slot;
  ld.param.u64 %rd1, [out];
  ld.param.u32 %r1, [iters];
  mov.u32 %r2, %tid.x;
  setp.ne.u32 %p2, %r2, 0;
  @%p2 bra CLAIMED;
  // start = (ctaid.x * 2654435761 + smid * 40503) mod POOL
  mov.u32 %r10, %ctaid.x;
  mov.u32 %r11, %smid;
  mul.lo.u32 %r12, %r10, 0x9E3779B1;
  mad.lo.u32 %r12, %r11, 40503, %r12;
  shr.u32 %r12, %r12, 20;
  and.b32 %r12, %r12, {MASK};
  mov.u64 %rd5, claims;
PROBE:
  mul.wide.u32 %rd6, %r12, 4;
  add.s64 %rd7, %rd5, %rd6;
  atom.acquire.gpu.global.cas.b32 %r13, [%rd7], 0, 1;
  setp.eq.u32 %p3, %r13, 0;
  @%p3 bra GOT;
  add.u32 %r12, %r12, 1;
  and.b32 %r12, %r12, {MASK};
  bra PROBE;
GOT:
  st.shared.u32 [slot], %r12;
CLAIMED:
  bar.sync 0;
  ld.shared.u32 %r14, [slot];
{WORK}  bar.sync 0;
  @%p2 bra DONE;
  mul.wide.u32 %rd8, %r14, 4;
  mov.u64 %rd9, claims;
  add.s64 %rd10, %rd9, %rd8;
  atom.release.gpu.global.exch.b32 %r15, [%rd10], 0;
DONE:
  ret;
}
"""
PTX = PTX.replace("{WORK}", WORK).replace("{POOL}", str(POOL)).replace("{MASK}", str(POOL - 1))


def timed(fn, grid, iters, reps=50):
    """Median microseconds of fn's launches (CUDA events), and its output."""
    out = cp.empty(grid * 128, dtype=cp.float32)
    args = (out, np.uint32(iters))
    for _ in range(5):
        fn((grid,), (128,), args)
    start, end = cp.cuda.Event(), cp.cuda.Event()
    ts = []
    for _ in range(reps):
        start.record()
        fn((grid,), (128,), args)
        end.record()
        end.synchronize()
        ts.append(cp.cuda.get_elapsed_time(start, end) * 1000)
    return float(np.median(ts)), out


def main():
    d = tempfile.mkdtemp()
    path = os.path.join(d, "claim.ptx")
    with open(path, "w") as f:
        f.write(PTX)
    mod = cp.RawModule(path=path)
    work, claim = mod.get_function("work"), mod.get_function("work_claim")
    claims = cp.ndarray((POOL,), cp.uint32, mod.get_global("claims"))
    print("grid iters  work_us  claim_us  delta_us  delta_ns_per_CTA")
    for iters in (200, 2000, 20000):
        for grid in (264, 1024, 8192):
            a, out_a = timed(work, grid, iters)
            b, out_b = timed(claim, grid, iters)
            assert cp.array_equal(out_a, out_b), "outputs differ"
            print(f"{grid:5d} {iters:5d} {a:8.2f} {b:9.2f} {b - a:9.2f} {(b - a) / grid * 1000:10.1f}", flush=True)
    print("slots still claimed after the runs:", int(cp.count_nonzero(claims)))
    outs = []
    for s in [cp.cuda.Stream(non_blocking=True) for _ in range(8)]:
        with s:
            o = cp.empty(8192 * 128, dtype=cp.float32)
            claim((8192,), (128,), (o, np.uint32(2000)))
            outs.append(o)
    cp.cuda.Device().synchronize()
    print("8 concurrent launches: slots still claimed", int(cp.count_nonzero(claims)))


if __name__ == "__main__":
    main()
