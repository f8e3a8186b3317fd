"""Running tt-translate on one kernel with a Triton compilation's options."""
from __future__ import annotations

import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field

from .binary import child_env


class TTTranslateError(RuntimeError):
    """tt-translate could not compile a kernel; the message carries tt's diagnostic."""


# tt-translate's exit status for a kernel that needs more shared memory than the target has
# (tools/tttranslate/failure.go); its metadata file then holds {"error": {"kind":
# "out_of_resources", "resource", "required", "limit", "arch"}}, in bytes.
EXIT_OUT_OF_RESOURCES = 3


def out_of_resources_record(meta_path: str) -> dict | None:
    """The out-of-resources record tt-translate left at ``meta_path``, or None if there is none
    (or it is not one: then the refusal is reported as any other)."""
    try:
        with open(meta_path) as f:
            rec = json.load(f).get("error")
    except (OSError, ValueError, AttributeError):
        return None
    if not isinstance(rec, dict) or rec.get("kind") != "out_of_resources":
        return None
    if not all(isinstance(rec.get(k), int) for k in ("required", "limit")) or not rec.get("resource"):
        return None
    return rec


# Environment knobs (all optional).
ENV_TIMEOUT = "TT_TRITON_TIMEOUT"  # seconds one tt-translate run may take (default 300)
ENV_LOG = "TT_TRITON_LOG"  # append one JSON line per kernel compiled or refused
ENV_FAIL_DIR = "TT_TRITON_FAIL_DIR"  # keep each refused kernel's input and tt's stderr here
ENV_FAIL_MAX = "TT_TRITON_FAIL_MAX"  # at most this many distinct refused inputs kept (default 400)
ENV_EXTRA_ARGS = "TT_TRITON_EXTRA_ARGS"  # more tt-translate arguments (shell-split)
ENV_GRID_VARIANT = "TT_TRITON_GRID_VARIANT"  # 0: launch tt's persistent kernels on small grids too (grid_variant.py)
# Triton's: with it set, Triton's pass managers write PATH.<stage>.repro.mlir before each stage
# runs ("-": to stdout), and tt-translate writes its own stages' (--reproducer-path).
ENV_REPRODUCER = "TRITON_REPRODUCER_PATH"
# The stages whose reproducers the plugin keeps: tt's make_ttgir (from Triton's TTIR) and
# make_llir. Triton wrote make_ttir's before tt-translate ran; tt-translate's own make_ttir runs
# on that stage's output, and its reproducer would replace Triton's.
REPRODUCED_STAGES = ("make_ttgir", "make_llir")


def sm_arch(capability: int) -> str:
    """The architecture Triton's make_llir gives LLVM: sm_90a from Hopper on (the 'a' features)."""
    return f"sm_{capability}{'a' if capability >= 90 else ''}"


def _flag(name: str, value: bool) -> str:
    return f"--{name}={'true' if value else 'false'}"


def build_args(options, capability: int, ptx_version: int, line_info: bool = True,
               grid_variant: bool = False) -> list[str]:
    """tt-translate's arguments for Triton 3.6 CUDAOptions ``options`` (any object with its
    fields) compiling for ``capability`` (90 for sm_90) at PTX ISA ``ptx_version`` (87 for 8.7),
    with source positions in the PTX unless ``line_info`` is false (Triton's
    ``knobs.compilation.disable_line_info``, TRITON_DISABLE_LINE_INFO), and with tt's
    grid-schedule variant of a persistent kernel if ``grid_variant`` (grid_variant.py; only
    for a tt-translate that takes the flag).

    Every option that can change the code is passed; tt-translate honours each or refuses it
    with an error (tools/tttranslate/triton.go). The kernels get Triton's launcher ABI.
    """
    mode = getattr(options, "instrumentation_mode", "") or ""
    if mode:
        raise TTTranslateError(f"tt_triton: instrumentation_mode={mode!r} is not supported by tt "
                               "(tt has no instrumentation passes)")
    args = [
        "--target=ptx",
        f"--arch={sm_arch(capability)}",
        f"--num-warps={options.num_warps}",
        f"--num-stages={options.num_stages}",
        f"--num-ctas={options.num_ctas}",
        f"--ptx-version={ptx_version // 10}.{ptx_version % 10}",
        _flag("enable-fp-fusion", options.enable_fp_fusion),
        _flag("enable-reflect-ftz", options.enable_reflect_ftz),
        _flag("debug", options.debug),
        _flag("sanitize-overflow", options.sanitize_overflow),
        _flag("launch-cooperative-grid", options.launch_cooperative_grid),
        _flag("launch-pdl", options.launch_pdl),
        _flag("line-info", line_info),
        "--kernel-abi=triton",
    ]
    if grid_variant:
        args.append("--grid-variant")
    if options.maxnreg is not None:
        args.append(f"--maxnreg={options.maxnreg}")
    libs = dict(options.extern_libs or ())
    if libs:
        args.append("--extern-libs=" + ",".join(f"{name}={path}" for name, path in sorted(libs.items())))
    return args


@dataclass
class Result:
    """One tt-translate run: its PTX, its metadata JSON and the IR between the stages: the TTGIR,
    the per-thread IR (MLIR llvm+gpu dialects) and the LLVM IR tt-translate writes next to them."""
    ptx: str
    meta: dict
    ttgir: str | None
    llvm_mlir: str | None
    llir: str | None
    command: list[str]
    ms: float
    warnings: str = ""
    log: dict = field(default_factory=dict)


def _read_stage(stages: str, name: str) -> str | None:
    hits = sorted(glob.glob(os.path.join(stages, f"[0-9][0-9]-{name}.mlir")))
    if not hits:
        return None
    with open(hits[-1]) as f:
        return f.read()


def _read_file(path: str) -> str | None:
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return f.read()


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name or "kernel")[:80]


def _current_test() -> str | None:
    t = os.environ.get("PYTEST_CURRENT_TEST")
    return t.rsplit(" (", 1)[0] if t else None


def log_event(record: dict) -> None:
    """Append one JSON line to $TT_TRITON_LOG (one write on an O_APPEND descriptor, so that
    the lines of parallel processes do not interleave)."""
    path = os.environ.get(ENV_LOG)
    if not path:
        return
    record = {"t": round(time.time(), 3), "pid": os.getpid(), "test": _current_test(), **record}
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        os.write(fd, (json.dumps(record, default=str) + "\n").encode())
    finally:
        os.close(fd)


_fail_lock = threading.Lock()
_fail_saved: set[str] = set()


def _save_failure(text: str, ext: str, kernel: str, stderr: str, cmd: list[str]) -> str | None:
    directory = os.environ.get(ENV_FAIL_DIR)
    digest = hashlib.sha1(text.encode()).hexdigest()[:12]
    if not directory:
        return digest
    with _fail_lock:
        if digest in _fail_saved or len(_fail_saved) >= int(os.environ.get(ENV_FAIL_MAX, "400")):
            return digest
        _fail_saved.add(digest)
    os.makedirs(directory, exist_ok=True)
    base = os.path.join(directory, f"{_safe(kernel)}-{digest}")
    with open(f"{base}.{ext}", "w") as f:
        f.write(text)
    with open(f"{base}.err", "w") as f:
        f.write(f"# test: {_current_test()}\n# command: {shlex.join(cmd)}\n{stderr}")
    return digest


def first_error(stderr: str) -> str:
    """The first diagnostic line of tt's stderr, its file path shortened to the file name."""
    line = next((l for l in stderr.splitlines() if "error" in l.lower()), stderr.strip()[:300])
    return re.sub(r"^\S*/(?=[^/\s]+:\d+:\d+:)", "", line.strip())


def run(binary: str, text: str, ext: str, kernel: str, args: list[str]) -> Result:
    """Compile IR text (``ext`` ttir or ttgir) for ``kernel``; raise TTTranslateError with tt's
    diagnostic when tt-translate refuses it, or Triton's OutOfResources when the kernel needs more
    shared memory than the target has (as Triton does, so that its autotuner skips the config)."""
    repro_dest = os.environ.get(ENV_REPRODUCER)
    tmp = tempfile.mkdtemp(prefix="tt-triton-")
    try:
        src = os.path.join(tmp, f"{_safe(kernel)}.{ext}")
        with open(src, "w") as f:
            f.write(text)
        out = os.path.join(tmp, "kernel.ptx")
        stages = os.path.join(tmp, "stages")
        cmd = [binary, src, *args, f"--dump-stages={stages}", "-o", out]
        if repro_dest:
            cmd.append(f"--reproducer-path={os.path.join(tmp, 'repro')}")
        cmd += shlex.split(os.environ.get(ENV_EXTRA_ARGS, ""))
        timeout = float(os.environ.get(ENV_TIMEOUT, "300"))
        t0 = time.time()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=child_env())
            rc, stderr = proc.returncode, proc.stderr
        except subprocess.TimeoutExpired as e:
            rc, stderr = -1, f"tt-translate timed out after {e.timeout} s\n{e.stderr or ''}"
        ms = round((time.time() - t0) * 1e3, 1)
        if repro_dest and repro_dest != "-":
            # A failing stage's note names its reproducer where the plugin keeps it.
            stderr = stderr.replace(os.path.join(tmp, "repro") + ".", repro_dest + ".")
        base = {"kernel": kernel, "input": ext, "tt_ms": ms}
        oor = out_of_resources_record(os.path.splitext(out)[0] + ".json") if rc == EXIT_OUT_OF_RESOURCES else None
        if oor is not None:
            # Triton raises OutOfResources for such a kernel (when it loads it), and its
            # autotuner skips the configuration: raise the same, with tt's diagnostic as cause.
            from triton.runtime.errors import OutOfResources
            log_event({**base, "status": "out-of-resources", "resource": oor["resource"],
                       "required": oor["required"], "limit": oor["limit"]})
            raise OutOfResources(oor["required"], oor["limit"], oor["resource"]) from TTTranslateError(
                f"tt-translate refused kernel {kernel}: {first_error(stderr)[:300]}")
        if rc != 0 or not os.path.exists(out):
            digest = _save_failure(text, ext, kernel, stderr, cmd)
            short = first_error(stderr)
            log_event({**base, "status": "tt-fail", "rc": rc, "error": short[:500], "input_sha1": digest})
            raise TTTranslateError(f"tt-translate failed on kernel {kernel}: {short[:300]}\n"
                                   f"exit {rc}: {shlex.join(cmd)}\n{stderr.strip()}")
        with open(out) as f:
            ptx = f.read()
        meta_path = os.path.splitext(out)[0] + ".json"
        if not os.path.exists(meta_path):
            raise TTTranslateError(f"tt-translate wrote no metadata ({meta_path}) for kernel {kernel}")
        with open(meta_path) as f:
            meta = json.load(f)
        return Result(ptx=ptx, meta=meta, ttgir=_read_stage(stages, "ttgir"), llvm_mlir=_read_stage(stages, "llir"),
                      llir=_read_file(os.path.join(stages, "out.ll")), command=cmd, ms=ms, warnings=stderr, log=base)
    finally:
        try:
            if repro_dest:
                # Also when tt-translate failed: the failing stage's file holds the reproducer
                # from the failing pass on, as Triton's does.
                _keep_reproducers(os.path.join(tmp, "repro"), repro_dest)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


def _keep_reproducers(prefix: str, dest: str) -> None:
    """Copy the reproducers tt-translate wrote at ``prefix`` to where Triton writes its own
    (``dest``.<stage>.repro.mlir), or print them to stdout for ``dest`` "-" as Triton does."""
    for tag in REPRODUCED_STAGES:
        src = f"{prefix}.{tag}.repro.mlir"
        if not os.path.exists(src):
            continue  # a stage tt-translate did not reach or run (TTGIR input has no make_ttgir)
        try:
            if dest == "-":
                with open(src) as f:
                    sys.stdout.write(f.read())
            else:
                shutil.copyfile(src, f"{dest}.{tag}.repro.mlir")
        except OSError as e:
            raise TTTranslateError(f"tt_triton: could not write the {tag} reproducer for {ENV_REPRODUCER}={dest}: {e}")
