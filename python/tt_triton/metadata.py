"""Triton's kernel metadata from tt-translate's, and the checks that the two agree."""
from __future__ import annotations

import re

from .translate import TTTranslateError

# Added to the metadata of every kernel tt compiled: the tt build (binary.Identity.cache_key).
METADATA_KEY = "tt_translate"

# Triton 3.6's launcher passes these after the kernel's own arguments.
SCRATCH_PARAMS = 2

# The fields make_llir fills (Triton 3.6's NVIDIA backend) and their values when a module has
# no attribute for them: make_llir reads tmem_size as None without tensor memory.
LAUNCH_FIELDS = {
    "tmem_size": None,
    "global_scratch_size": 0,
    "global_scratch_align": 1,
    "profile_scratch_size": 0,
    "profile_scratch_align": 1,
}

# A tensordesc_meta entry of tt's metadata: Triton's keys plus the parameter index.
TENSORDESC_KEYS = ("swizzle", "elem_size", "elem_type", "block_size", "fp4_padded")

_ENTRY = re.compile(r"\.visible\s+\.entry\s+([A-Za-z_$][\w$]*)\s*\(([^)]*)\)", re.S)


def ptx_entries(ptx: str) -> dict[str, int]:
    """The PTX's kernel entries (``.visible .entry``): name -> number of parameters."""
    out: dict[str, int] = {}
    for name, params in _ENTRY.findall(ptx):
        if name in out:
            raise TTTranslateError(f"tt_triton: tt's PTX has two .visible .entry kernels named {name}")
        out[name] = len([p for p in params.split(",") if p.strip()])
    return out


_OPEN = {"(": ")", "<": ">", "{": "}", "[": "]"}


def count_func_args(ir_text: str, name: str) -> int | None:
    """The number of arguments of ``tt.func ... @name(...)`` in MLIR text (None if absent).

    Commas count outside brackets and strings only: types (``!tt.ptr<f32>``), attribute
    dictionaries and locations (``loc("x"(#loc))``) hold commas of their own.
    """
    m = re.search(r"tt\.func\s+(?:public\s+|private\s+|nested\s+)?@" + re.escape(name) + r"\s*\(", ir_text)
    if not m:
        return None
    i, count, empty = m.end(), 0, True
    stack: list[str] = []
    while i < len(ir_text):
        c = ir_text[i]
        if c == '"':
            i += 1
            while i < len(ir_text) and ir_text[i] != '"':
                i += 2 if ir_text[i] == "\\" else 1
            i, empty = i + 1, False
            continue
        if ir_text.startswith("->", i):
            i += 2  # a function type's arrow closes no '<'
            continue
        if c in _OPEN:
            stack.append(_OPEN[c])
        elif stack and c == stack[-1]:
            stack.pop()
        elif not stack and c == ")":
            return 0 if empty else count + 1
        elif not stack and c == ",":
            count += 1
        if not c.isspace():
            empty = False
        i += 1
    return None


def check_abi(ptx: str, ir_text: str, kernel: str, variant: str | None = None) -> str:
    """Check that tt's kernel takes what Triton's launcher passes -- the kernel's arguments and
    the two scratch pointers -- and return the entry's name. The PTX holds the kernel's entry
    and, when the metadata names one (``variant``), tt's grid-schedule variant of it
    (grid_variant.py), launched with the same arguments; any other entry is an error."""
    entries = ptx_entries(ptx)
    if kernel not in entries:
        raise TTTranslateError(f"tt_triton: tt's PTX has no entry {kernel!r} (its entries: {sorted(entries)})")
    extra = sorted(set(entries) - {kernel, variant})
    if extra:
        raise TTTranslateError(f"tt_triton: tt's PTX has .visible .entry kernels {extra} beside {kernel!r}"
                               + (f" and its grid variant {variant!r}" if variant else ""))
    n_params = entries[kernel]
    n_args = count_func_args(ir_text, kernel)
    if n_args is None:
        raise TTTranslateError(f"tt_triton: no tt.func @{kernel} in the IR given to tt")
    if n_params != n_args + SCRATCH_PARAMS:
        raise TTTranslateError(f"tt_triton: ABI mismatch: tt's entry {kernel} declares {n_params} parameters; Triton's "
                               f"launcher passes the kernel's {n_args} arguments and {SCRATCH_PARAMS} scratch pointers")
    if variant is not None:
        if variant == kernel:
            raise TTTranslateError(f"tt_triton: tt's metadata names the kernel {kernel!r} as its own grid variant")
        if variant not in entries:
            raise TTTranslateError(f"tt_triton: tt's metadata names the grid variant {variant!r}, which its PTX lacks")
        if entries[variant] != n_params:
            raise TTTranslateError(f"tt_triton: ABI mismatch: tt's grid variant {variant} declares {entries[variant]} "
                                   f"parameters, its kernel {kernel} {n_params}")
    return kernel


def tensordesc_meta(tt_meta: dict) -> list[dict]:
    """Triton's tensordesc_meta (one dict per descriptor parameter, in order) from tt's."""
    entries = sorted(tt_meta.get("tensordesc_meta") or [], key=lambda d: d.get("param", 0))
    return [{k: d[k] for k in TENSORDESC_KEYS if k in d} for d in entries]


def launch_metadata(tt_meta: dict, num_warps: int, num_ctas: int = 1) -> dict:
    """The fields Triton's make_llir puts into the metadata, from tt-translate's JSON, and the
    launch geometry Triton's launcher reads (num_warps; num_ctas: a program of num_ctas > 1 is a
    cluster of num_ctas CTAs, launched as grid.x * num_ctas CTAs with the cluster dimension
    (num_ctas, 1, 1)), checked against the compilation's options."""
    if "shared" not in tt_meta:
        raise TTTranslateError("tt_triton: tt-translate's metadata has no 'shared'")
    got = tt_meta.get("num_warps", num_warps)
    # A warp-specialized kernel launches its partitions' warps too, whole warpgroups beyond
    # num_warps (3.6's make_llir reports ttg.total-num-warps as num_warps, which the launcher uses).
    if got != num_warps and not (got > num_warps and (got - num_warps) % 4 == 0):
        raise TTTranslateError(f"tt_triton: tt reports num_warps={got} for a kernel compiled with num_warps={num_warps}")
    ctas = tt_meta.get("num_ctas", 1)
    if ctas != num_ctas:
        raise TTTranslateError(f"tt_triton: tt reports num_ctas={ctas} for a kernel compiled with num_ctas={num_ctas}")
    dims = list(tt_meta.get("cluster_dims", [ctas, 1, 1]))
    if dims != [ctas, 1, 1]:
        # Triton's launcher launches clusters of (num_ctas, 1, 1) and nothing else.
        raise TTTranslateError(f"tt_triton: tt's kernel needs clusters of {dims} CTAs; Triton's launcher "
                               f"launches clusters of ({ctas}, 1, 1)")
    for k in ("global_scratch_size", "profile_scratch_size"):
        if k not in tt_meta:
            raise TTTranslateError(f"tt_triton: tt-translate's metadata has no {k!r} (was --kernel-abi=triton given?)")
    out = {"num_warps": got, "num_ctas": ctas, "shared": int(tt_meta["shared"])}
    for k, default in LAUNCH_FIELDS.items():
        out[k] = tt_meta.get(k, default)
    return out
