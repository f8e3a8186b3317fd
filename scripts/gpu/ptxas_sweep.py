#!/usr/bin/env python3
"""ptxas's view of a corpus of TTIR kernels, tt's PTX beside Triton's, on the GPU machine.

    python3 ptxas_sweep.py CORPUS TT_TRANSLATE OUT [--all] [--no-triton] [--names A,B] [--keep] [-j N]

CORPUS is a folder (or .tar.gz) with manifest.jsonl (one JSON object a kernel: name, num_warps,
num_stages, num_ctas; frontend/testdata/reference/test_core.tar.gz is one) and NAME.ttir. By
default only the kernels with a tt.dot are swept (--all: every kernel). Each is compiled by
tt-translate (sm_90) and, unless --no-triton, by Triton 3.6 from the same TTIR
(triton.compile), and each PTX goes through `ptxas -arch=sm_90a -v`. What ptxas reports that
costs time at run time is compared kernel by kernel:

  serialized  ptxas's C7514 "wgmma.mma_async instructions are serialized" (every wgmma waits
              for the previous one: a 2-3x slower main loop)
  spills      bytes of spill stores, and the stack frame
  registers   registers a thread (tt more than Triton by 16 or more is listed)

--names sweeps only the named kernels; --keep copies both compilers' PTX (and Triton's TTGIR) of
every swept kernel to OUT/kept/ for a closer look.

OUT receives report.txt (the summary and every kernel where tt is worse than Triton) and
results.jsonl (one line a kernel). The exit status is 0 when the sweep ran, whatever it found.
"""
import argparse
import concurrent.futures as cf
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

SERIALIZED = "C7514"


def ptxas_info(ptx_path):
    """ptxas -v of one PTX file: registers, spill bytes, stack bytes, serialized, error."""
    arch = "sm_90a"
    with open(ptx_path) as f:
        for line in f:
            m = re.match(r"\.target\s+(sm_\w+)", line)
            if m:
                arch = m.group(1)
                break
    r = subprocess.run(["ptxas", f"-arch={arch}", "-v", ptx_path, "-o", os.devnull], capture_output=True,
                       text=True)
    out = r.stderr + r.stdout
    info = {"registers": None, "spill_stores": 0, "stack": 0, "serialized": SERIALIZED in out,
            "error": None if r.returncode == 0 else out.strip().splitlines()[-1][:200]}
    for m in re.finditer(r"Used (\d+) registers", out):
        info["registers"] = max(info["registers"] or 0, int(m.group(1)))
    for m in re.finditer(r"(\d+) bytes spill stores", out):
        info["spill_stores"] += int(m.group(1))
    for m in re.finditer(r"(\d+) bytes stack frame", out):
        info["stack"] = max(info["stack"], int(m.group(1)))
    return info


def compile_tt(tt, ttir, m, out_dir):
    ptx = os.path.join(out_dir, m["name"] + ".tt.ptx")
    cmd = [tt, ttir, "--no-cache", "--target=ptx", "--arch=sm_90", f"--num-warps={m['num_warps']}",
           f"--num-stages={m['num_stages']}", f"--num-ctas={m.get('num_ctas', 1)}", "-o", ptx]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return None, (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[0][:200]
    return ptx, None


def compile_triton(ttir, m, out_dir, keep_dir):
    """Triton's PTX for the same TTIR (in a worker process: Triton's compile is not thread-safe)."""
    import triton
    from triton.backends.compiler import GPUTarget
    ptx = os.path.join(out_dir, m["name"] + ".triton.ptx")
    try:
        k = triton.compile(ttir, target=GPUTarget("cuda", 90, 32),
                           options={"num_warps": m["num_warps"], "num_stages": m["num_stages"],
                                    "num_ctas": m.get("num_ctas", 1)})
    except Exception as e:  # a kernel Triton refuses is reported, not fatal
        return None, f"{type(e).__name__}: {str(e).splitlines()[0][:200] if str(e) else ''}"
    with open(ptx, "w") as f:
        f.write(k.asm["ptx"])
    if keep_dir:
        with open(os.path.join(keep_dir, m["name"] + ".triton.ttgir"), "w") as f:
            f.write(k.asm["ttgir"])
    return ptx, None


def sweep_one(args):
    tt, corpus, m, out_dir, with_triton, keep_dir = args
    ttir = os.path.join(corpus, m["name"] + ".ttir")
    res = {"name": m["name"], "test": m.get("test", ""), "num_warps": m["num_warps"]}
    ptx, err = compile_tt(tt, ttir, m, out_dir)
    res["tt"] = ptxas_info(ptx) if ptx else {"compile_error": err}
    if ptx and keep_dir:
        shutil.copy(ptx, keep_dir)
    if with_triton:
        ptx, err = compile_triton(ttir, m, out_dir, keep_dir)
        res["triton"] = ptxas_info(ptx) if ptx else {"compile_error": err}
        if ptx and keep_dir:
            shutil.copy(ptx, keep_dir)
    return res


def worse(res):
    """Why tt's kernel is worse than Triton's by ptxas's account (empty: it is not)."""
    t, r = res["tt"], res.get("triton")
    why = []
    if "compile_error" in t:
        if r is None or "compile_error" not in r:
            why.append("tt did not compile: " + t["compile_error"])
        return why
    if t.get("error"):
        why.append("ptxas failed on tt's PTX: " + t["error"])
    if r is None or "compile_error" in r or r.get("error"):
        if t["serialized"]:
            why.append("tt's wgmmas serialized")
        return why
    if t["serialized"] and not r["serialized"]:
        why.append("tt's wgmmas serialized, Triton's not")
    if t["spill_stores"] > r["spill_stores"]:
        why.append(f"spills {t['spill_stores']} B against {r['spill_stores']}")
    if t["stack"] > r["stack"] and t["stack"] > 0:
        why.append(f"stack {t['stack']} B against {r['stack']}")
    if (t["registers"] or 0) >= (r["registers"] or 0) + 16:
        why.append(f"registers {t['registers']} against {r['registers']}")
    return why


def has_dot(ttir):
    with open(ttir) as f:
        return "tt.dot " in f.read()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("tt")
    ap.add_argument("out")
    ap.add_argument("--all", action="store_true", help="every kernel, not only those with tt.dot")
    ap.add_argument("--no-triton", action="store_true")
    ap.add_argument("--names", help="comma-separated kernel names: only these")
    ap.add_argument("--keep", action="store_true", help="keep the PTX (and Triton's TTGIR) in OUT/kept")
    ap.add_argument("-j", type=int, default=os.cpu_count())
    a = ap.parse_args()

    corpus = a.corpus
    if corpus.endswith(".tar.gz"):
        tmp = tempfile.mkdtemp()
        with tarfile.open(corpus) as t:
            try:
                t.extractall(tmp, filter="data")  # plain files only (Python 3.12+)
            except TypeError:
                t.extractall(tmp)
        corpus = tmp
    manifest = [json.loads(line) for line in open(os.path.join(corpus, "manifest.jsonl")) if line.strip()]
    if a.names:
        wanted = set(a.names.split(","))
        manifest = [m for m in manifest if m["name"] in wanted]
    elif not a.all:
        manifest = [m for m in manifest if has_dot(os.path.join(corpus, m["name"] + ".ttir"))]
    os.makedirs(a.out, exist_ok=True)
    ptx_dir = tempfile.mkdtemp()
    os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp())
    tt = os.path.abspath(a.tt)
    keep_dir = os.path.join(a.out, "kept") if a.keep else None
    if keep_dir:
        os.makedirs(keep_dir, exist_ok=True)
    jobs = [(tt, corpus, m, ptx_dir, not a.no_triton, keep_dir) for m in manifest]
    results = []
    # One line a kernel as it finishes: a sweep stopped by a time limit keeps what it did.
    with cf.ProcessPoolExecutor(max_workers=a.j) as pool, open(os.path.join(a.out, "results.jsonl"), "w") as f:
        for res in pool.map(sweep_one, jobs, chunksize=4):
            results.append(res)
            f.write(json.dumps(res) + "\n")
            f.flush()

    which = "named" if a.names else "all" if a.all else "with tt.dot"
    lines = [f"{len(results)} kernels ({which}), tt-translate {a.tt}"]
    for who in ("tt", "triton"):
        rs = [r[who] for r in results if who in r]
        if not rs:
            continue
        ok = [r for r in rs if "compile_error" not in r and not r.get("error")]
        lines.append(f"{who}: {len(ok)} assembled, {len(rs) - len(ok)} not compiled or not assembled, "
                     f"{sum(r['serialized'] for r in ok)} with serialized wgmmas, "
                     f"{sum(r['spill_stores'] > 0 for r in ok)} spilling")
    bad = [(r, worse(r)) for r in results]
    bad = [(r, w) for r, w in bad if w]
    lines.append(f"tt worse than Triton by ptxas's account: {len(bad)}")
    for r, w in sorted(bad, key=lambda x: x[0]["test"]):
        lines.append(f"  {r['name']} {r['test']} (warps {r['num_warps']}): {'; '.join(w)}")
    report = "\n".join(lines)
    open(os.path.join(a.out, "report.txt"), "w").write(report + "\n")
    print(report)


if __name__ == "__main__":
    sys.exit(main())
