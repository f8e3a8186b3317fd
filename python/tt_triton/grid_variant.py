"""tt's grid-schedule variant of a persistent kernel, chosen per launch.

tt compiles big-tile matmuls as persistent kernels: the first programs, as many as the SMs hold
(for 128x128 tiles one CTA per SM with most of its shared memory), walk all the tiles. On a grid
of one wave, a kernel that wins over Triton on big grids loses up to 16% to the same kernel on
the grid's own schedule (every program its tile; for 128x128 tiles less shared memory and two
CTAs per SM). Shared memory, and so CTAs per SM, is fixed when a kernel is launched, so one
kernel cannot be both: with
``--grid-variant`` tt-translate puts a second entry into the same PTX, ``<kernel>__tt_grid``,
with the kernel's parameters and scratch sizes, and describes it in the metadata
(``grid_variant``, a kernel object plus ``ctas_per_sm``).

This module carries that description into Triton's metadata (``tt_grid_variant``) and, by
wrapping ``CompiledKernel._init_handles`` while the plugin is enabled, loads the variant beside
the kernel and chooses per launch: at most ``ctas_per_sm`` x (the device's SMs) CTAs run the
variant (they all fit on the GPU at once), every larger grid the persistent kernel.
``TT_TRITON_GRID_VARIANT=0`` keeps the persistent kernel for every grid of the kernels that load
while it is set (a benchmark that loads the kernel afresh for each setting, as
scripts/gpu/shape_sweep.py's variants do, can time both in one process).
"""
from __future__ import annotations

import os
import subprocess

from .binary import child_env
from .translate import ENV_GRID_VARIANT, TTTranslateError

# Triton's metadata key for tt's variant (a dict of plain values: Triton writes the metadata as
# JSON into its cache and builds a namedtuple of the keys when it loads a kernel).
METADATA_KEY = "tt_grid_variant"

# tt-translate's flag asking for the variant.
FLAG = "--grid-variant"

_OFF = ("0", "off", "false", "no")
_ON = ("", "1", "on", "true", "yes")


def choice_enabled(environ=os.environ) -> bool:
    """Whether kernels loaded now choose between themselves and their variants (TT_TRITON_GRID_VARIANT)."""
    v = environ.get(ENV_GRID_VARIANT, "").strip().lower()
    if v in _ON:
        return True
    if v in _OFF:
        return False
    raise ValueError(f"tt_triton: {ENV_GRID_VARIANT}={environ[ENV_GRID_VARIANT]!r}: want 1 (the grid variant for "
                     "small grids, the default) or 0 (the persistent kernel for every grid)")


_supported: dict = {}


def flag_supported(ident) -> bool:
    """Whether the tt-translate of ``ident`` (binary.Identity) takes --grid-variant.

    tt-translate refuses flags it does not know, and builds from before the flag do not know it;
    asking the binary to parse the flag before --version answers without compiling anything
    (once per build: the identity holds the binary's SHA-256)."""
    if ident in _supported:
        return _supported[ident]
    try:
        proc = subprocess.run([ident.path, FLAG, "--version"], capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL, env=child_env())
        ok = proc.returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        ok = False
    _supported[ident] = ok
    return ok


def _int(v: dict, key: str, low: int) -> int:
    x = v.get(key)
    if not isinstance(x, int) or isinstance(x, bool) or x < low:
        raise TTTranslateError(f"tt_triton: tt's grid_variant has {key}={x!r}, want an integer >= {low}")
    return x


def carry(tt_meta: dict, md: dict) -> None:
    """Put tt's grid_variant, checked against the kernel's launch metadata ``md`` (num_ctas,
    scratch sizes), into ``md`` under METADATA_KEY; without one, make sure ``md`` has none."""
    v = tt_meta.get("grid_variant")
    if v is None:
        md.pop(METADATA_KEY, None)
        return
    if not isinstance(v, dict) or not isinstance(v.get("name"), str) or not v["name"]:
        raise TTTranslateError(f"tt_triton: tt's grid_variant {v!r} names no kernel")
    out = {"name": v["name"], "num_warps": _int(v, "num_warps", 1), "num_ctas": _int(v, "num_ctas", 1),
           "shared": _int(v, "shared", 0), "ctas_per_sm": _int(v, "ctas_per_sm", 1)}
    # Triton's launcher launches clusters of the kernel's num_ctas and allocates the kernel's
    # scratch for either function: the variant must agree with the kernel on both. tt makes
    # variants of one-CTA kernels only, so that the rule counts programs as CTAs.
    if out["num_ctas"] != 1 or md.get("num_ctas", 1) != 1:
        raise TTTranslateError(f"tt_triton: tt's grid variant {out['name']} has num_ctas={out['num_ctas']}, "
                               f"the kernel {md.get('num_ctas', 1)}: a grid variant is of one-CTA kernels")
    dims = list(v.get("cluster_dims", [1, 1, 1]))
    if dims != [1, 1, 1]:
        raise TTTranslateError(f"tt_triton: tt's grid variant {out['name']} needs clusters of {dims} CTAs")
    for k in ("global_scratch_size", "profile_scratch_size"):
        if k in v and v[k] != md.get(k, 0):
            raise TTTranslateError(f"tt_triton: tt's grid variant {out['name']} has {k}={v[k]}, the kernel "
                                   f"{md.get(k, 0)}: Triton's launcher allocates one size for both")
    md[METADATA_KEY] = out


def without_entry(ptx: str, name: str) -> str:
    """``ptx`` without the ``.visible .entry`` named ``name`` (and the ``// .globl`` line tt prints
    before it): from that line to the function's closing brace, the first at the start of a line
    (braces inside a PTX function body are indented)."""
    head = f".visible .entry {name}("
    start = ptx.find(head)
    if start < 0 or ptx.find(head, start + 1) >= 0 or (start > 0 and ptx[start - 1] != "\n"):
        raise TTTranslateError(f"tt_triton: tt's PTX does not hold exactly one entry {name}")
    globl = f"\t// .globl\t{name}\n"
    if ptx[:start].endswith(globl):
        start -= len(globl)
    end = ptx.find("\n}\n", start)
    if end < 0:
        raise TTTranslateError(f"tt_triton: tt's PTX entry {name} does not end")
    return ptx[:start] + ptx[end + 3:]


def entry_name(md: dict) -> str | None:
    """The PTX entry of the variant that ``md`` names (None if it names none)."""
    v = md.get(METADATA_KEY)
    return v["name"] if v else None


def choosing_run(launcher, function, packed_metadata, limit: int):
    """A CompiledKernel's run for a kernel with a grid variant: Triton's launcher, given the
    variant's function and packed metadata instead of the kernel's when the grid's programs
    fit ``limit`` (ctas_per_sm x SMs; a program is one CTA: carry() takes variants of one-CTA
    kernels only).

    A closure, not an object: it runs at every launch, and a call through a class's __call__
    cost about 0.4 us more here. Its attributes say what it chooses between."""

    def run(grid_x, grid_y, grid_z, stream, kernel_function, kernel_packed_metadata, *rest):
        if grid_x * grid_y * grid_z <= limit:
            return launcher(grid_x, grid_y, grid_z, stream, function, packed_metadata, *rest)
        return launcher(grid_x, grid_y, grid_z, stream, kernel_function, kernel_packed_metadata, *rest)

    run.launcher, run.function, run.packed_metadata, run.limit = launcher, function, packed_metadata, limit
    return run


def attach(kernel) -> None:
    """Load the variant a loaded CompiledKernel's metadata names from its binary and make its
    run choose (once). Kernels without a variant are left alone, and so is every kernel that
    loads while TT_TRITON_GRID_VARIANT says 0 (read here, when the kernel loads: the launch
    then costs what it costs without a variant)."""
    v = getattr(kernel.metadata, METADATA_KEY, None)
    if not v or kernel.module is None or not choice_enabled():
        return
    from triton.compiler.compiler import make_backend
    from triton.runtime.driver import driver
    from triton.runtime.errors import OutOfResources
    device = driver.active.get_current_device()
    props = driver.active.utils.get_device_properties(device)
    if v["shared"] > props["max_shared_mem"]:
        raise OutOfResources(v["shared"], props["max_shared_mem"], "shared memory")
    _, function, _, _, max_threads = driver.active.utils.load_binary(v["name"], kernel.kernel, v["shared"], device)
    threads = v["num_warps"] * driver.active.get_current_target().warp_size
    if threads > max_threads:
        raise OutOfResources(threads, max_threads, "threads")
    # The launcher reads the launch geometry from the packed metadata: the backend packs it from
    # the kernel's metadata with the variant's num_warps, num_ctas and shared memory.
    packed = make_backend(kernel.metadata.target).pack_metadata(
        kernel.metadata._replace(num_warps=v["num_warps"], num_ctas=v["num_ctas"], shared=v["shared"]))
    kernel._run = choosing_run(kernel._run, function, packed, v["ctas_per_sm"] * props["multiprocessor_count"])


_orig = {"init_handles": None}


def install() -> None:
    """Wrap CompiledKernel._init_handles to attach each loaded kernel's variant (once)."""
    from triton.compiler.compiler import CompiledKernel
    if _orig["init_handles"] is not None:
        return
    orig = CompiledKernel.__dict__["_init_handles"]

    def init_handles_with_grid_variant(self):
        # Triton calls _init_handles before every launch through kernel[grid] and for every
        # launch_metadata: only the call that loads the kernel decides.
        loading = self.module is None
        orig(self)
        if loading:
            attach(self)

    init_handles_with_grid_variant.__wrapped__ = orig
    CompiledKernel._init_handles = init_handles_with_grid_variant
    _orig["init_handles"] = orig


def uninstall() -> None:
    """Give CompiledKernel its own _init_handles back (kernels already loaded keep their choice)."""
    orig = _orig["init_handles"]
    if orig is None:
        return
    from triton.compiler.compiler import CompiledKernel
    CompiledKernel._init_handles = orig
    _orig["init_handles"] = None
