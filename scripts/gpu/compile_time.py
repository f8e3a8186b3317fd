#!/usr/bin/env python3
"""TTIR -> PTX compile time: Triton 3.6 against tt, same TTIR files, same CPU.

    python3 compile_time.py TTIR_DIR TT_TRANSLATE [--repeat N]

For every kernel of TTIR_DIR's manifest (name, num_warps, num_stages) it
times

  Triton: its CUDA backend's own stages ttir, ttgir, llir and ptx, in this
          process, on the module parsed from NAME.ttir (the stages
          triton.compile runs, minus cubin; parsing not included);
  tt:     `tt-translate NAME.ttir --no-cache --target=ptx` as a whole process (the
          compile cache off: every run compiles): start-up,
          parsing, every pass and the PTX emitter, writing PTX and metadata;
          and, comparable with Triton's stages, the passes (with the
          verifier after each, its own Verifier row since 2026-11-29
          13:00; before, the column left verification out) and the PTX
          emitter alone as its --mlir-timing report gives them (the total
          less the Parser and Output rows).

Each of N rounds (after one untimed warm-up round) runs Triton's stages and then the tt
process, so that the host's drift moves both alike; it prints the medians in milliseconds,
Triton's time per stage, the ratio of the medians and the median of the rounds' own ratios
(paired). If Triton's stage API is not the one expected, it says so and times
triton.compile(NAME.ttir) instead, which also runs ptxas (and skips the ttir stage, as Triton
does for IR files).
"""
import json, os, subprocess, sys, tempfile, time

os.environ["TRITON_ALWAYS_COMPILE"] = "1"
import triton  # noqa: E402  (the knob above must be set first)
from triton._C.libtriton import ir  # noqa: E402
from triton.compiler.compiler import IRSource, make_backend  # noqa: E402

STAGES = ("ttir", "ttgir", "llir", "ptx")


def median(xs):
    return sorted(xs)[len(xs) // 2]


def triton_stages(path, target, opts):
    """Milliseconds per stage of one TTIR -> PTX run through Triton's backend."""
    backend = make_backend(target)
    options = backend.parse_options(opts)
    ctx = ir.context()
    src = IRSource(path, ctx, backend)
    stages = {}
    backend.add_stages(stages, options, src.language)
    metadata = {"hash": "0", "target": target, **options.__dict__}
    module = src.module
    module.context = ctx
    out = {}
    for name in STAGES:
        t0 = time.perf_counter()
        module = stages[name](module, metadata)
        out[name] = (time.perf_counter() - t0) * 1e3
    return out


def main():
    tdir, tt = sys.argv[1], sys.argv[2]
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 5
    man = json.load(open(os.path.join(tdir, "manifest.json")))
    man = man["cases"] if isinstance(man, dict) else man
    target = triton.runtime.driver.active.get_current_target()
    print(f"target {target}, {repeat} runs, median ms, CPU: {os.cpu_count()} cores")
    print(f"{'kernel':34s} {'Triton':>8s} ({'  '.join(STAGES)})  {'tt':>7s} {'Triton/tt':>9s} {'paired':>8s}  "
          f"{'tt passes+emit':>14s} {'Triton/tt':>9s}")
    staged = True
    for m in man:
        name = m["name"]
        path = os.path.join(tdir, m.get("ttir", name + ".ttir"))
        if not os.path.exists(path):
            continue
        opts = {"num_warps": m["num_warps"], "num_stages": m.get("num_stages", 3)}
        with tempfile.TemporaryDirectory() as d:
            os.environ["TRITON_CACHE_DIR"] = d
            ptx = os.path.join(d, "k.ptx")
            cmd = [tt, path, "--no-cache", "--target=ptx", f"--num-warps={opts['num_warps']}",
                   f"--num-stages={opts['num_stages']}", "-o", ptx]
            # Rounds interleave the two compilers (Triton, then tt), so that the host's drift
            # over a run (10-40% between calls) moves both sides of each round's ratio alike.
            runs, tts, failed = [], [], None
            for i in range(repeat + 1):
                try:
                    if staged:
                        st = triton_stages(path, target, opts)
                        runs.append((sum(st.values()), st))
                    else:
                        t0 = time.perf_counter()
                        triton.compile(path, target=target, options=opts)
                        runs.append(((time.perf_counter() - t0) * 1e3, None))
                except Exception as e:
                    if staged and not runs:
                        print(f"Triton's stage API differs ({type(e).__name__}: {str(e)[:120]}); "
                              f"timing triton.compile(path) from here on (ttgir..cubin)")
                        staged = False
                        continue
                    failed = f"Triton failed: {str(e).splitlines()[0][:100]}"
                    break
                t0 = time.perf_counter()
                r = subprocess.run(cmd, capture_output=True)
                tts.append((time.perf_counter() - t0) * 1e3)
                if r.returncode != 0:
                    failed = f"tt-translate failed: {r.stderr.decode()[:150]}"
                    break
            if failed:
                print(f"{name:34s} {failed}")
                continue
            runs, tts = runs[-repeat:], tts[-repeat:]  # the first round warms up
            t_tri = median([r[0] for r in runs])
            detail = ""
            if runs[0][1]:
                detail = "  ".join(f"{median([r[1][s] for r in runs]):.1f}" for s in STAGES)
            t_tt = median(tts)
            paired = median([r[0] / t for r, t in zip(runs, tts)])
            inproc = []
            for i in range(repeat):
                r = subprocess.run(cmd + ["--mlir-timing"], capture_output=True, text=True)
                inproc.append(pipeline_ms(r.stderr))
            t_in = median(inproc)
        print(f"{name:34s} {t_tri:8.1f} ({detail})  {t_tt:7.1f} {t_tri / t_tt:8.1f}x {paired:7.1f}x  "
              f"{t_in:14.1f} {t_tri / t_in:8.1f}x", flush=True)


def pipeline_ms(report):
    """Milliseconds of tt's passes and emitter in a --mlir-timing report."""
    total = parse = output = 0.0
    for line in report.splitlines():
        f = line.split()
        if "Total Execution Time:" in line:
            total = float(f[-2])
        elif len(f) >= 4 and f[-1] in ("Parser", "Output"):
            if f[-1] == "Parser":
                parse = float(f[0])
            else:
                output = float(f[0])
    return (total - parse - output) * 1e3


if __name__ == "__main__":
    main()
