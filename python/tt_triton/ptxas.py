"""Which ptxas assembles the PTX tt writes.

Triton 3.6 assembles every kernel with the ptxas it ships (CUDA 12.8) unless TRITON_PTXAS_PATH
names another. A newer ptxas on the machine allocates registers better for some of tt's kernels:
on an H200 with CUDA 13.0's beside Triton's, the tutorial matmul at 3000x5000x1000 on 128x256
tiles ran at 82 TFLOP/s instead of 67 (its K loop's spill reloads 51 -> 17 a k-step), the other
kernels measured within their noise (docs/PERFORMANCE.md, 2026-12-01). So ``enable()`` points
Triton's ptxas at the newest one it finds that is newer than Triton's and that the driver
supports (a cubin from a ptxas newer than the driver would not load), unless the user chose:

    TRITON_PTXAS_PATH=...   Triton's own setting wins; tt_triton leaves ptxas alone.
    TT_PTXAS=bundled        keep the ptxas Triton ships.
    TT_PTXAS=/path/ptxas    use that one (any other value is an error).

The candidates are ``ptxas`` on PATH, $CUDA_HOME/bin and /usr/local/cuda/bin.
"""
from __future__ import annotations

import ctypes
import os
import re
import shutil
import subprocess

_RELEASE = re.compile(r"release (\d+)\.(\d+)")


def version(path: str) -> tuple[int, int] | None:
    """The CUDA release (major, minor) of the ptxas at path, or None if it does not answer."""
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    m = _RELEASE.search(out)
    return (int(m.group(1)), int(m.group(2))) if m else None


def driver_version() -> tuple[int, int] | None:
    """The CUDA version the installed driver supports (cuDriverGetVersion), or None."""
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return None
    v = ctypes.c_int(0)
    if cuda.cuDriverGetVersion(ctypes.byref(v)) != 0 or v.value <= 0:
        return None
    return v.value // 1000, v.value % 1000 // 10


def candidates() -> list[str]:
    """The ptxas binaries on the machine besides Triton's, each once."""
    homes = [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"]
    paths = [shutil.which("ptxas")] + [os.path.join(h, "bin", "ptxas") for h in homes if h]
    out, seen = [], set()
    for p in paths:
        if p and os.path.isfile(p) and os.access(p, os.X_OK) and os.path.realpath(p) not in seen:
            seen.add(os.path.realpath(p))
            out.append(p)
    return out


def choose(bundled: str, env=os.environ, driver=driver_version, found=candidates, ver=version) -> str | None:
    """The ptxas tt's kernels should be assembled with, or None to leave Triton's setting as it is."""
    want = env.get("TT_PTXAS", "newest")
    if env.get("TRITON_PTXAS_PATH") or want == "bundled":
        return None
    if want != "newest":
        if not (os.path.isfile(want) and os.access(want, os.X_OK)):
            # Triton would fall back to its own ptxas without a word.
            raise ValueError(f"TT_PTXAS={want!r}: want newest, bundled or the path of an executable ptxas")
        return want
    drv, base = driver(), ver(bundled)
    if drv is None or base is None:
        return None
    best = None
    for p in found():
        v = ver(p)
        if v is not None and base < v <= drv and (best is None or v > best[0]):
            best = (v, p)
    return best[1] if best else None
