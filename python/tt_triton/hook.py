"""Triton 3.6's stage hook with tt compiling everything after the TTIR.

``enable()`` sets ``triton.knobs.runtime.add_stages_inspection_hook``. For every CUDA
compilation the stages ``CUDABackend.add_stages`` builds become:

    ttir   Triton's make_ttir (unchanged)
    ttgir      tt-translate compiles the TTIR to PTX with the compilation's options (the
               kernel gets Triton's launcher ABI); returns tt's TTGIR text
    llvm_mlir  (added by tt, before llir) returns tt's per-thread IR (MLIR llvm+gpu
               dialects) and fills the metadata make_llir fills (num_warps, shared,
               tmem_size, global/profile scratch) and num_ctas (checked against the
               options: Triton's launcher launches a kernel of num_ctas > 1 in clusters)
    llir       returns tt's LLVM IR of the kernel (what tt-translate --target=llvmir
               prints; written into its --dump-stages directory), as Triton's make_llir
               returns LLVM IR
    ptx        returns tt's PTX unchanged (compiled by tt from the per-thread IR, not from
               the LLVM IR), after checking that its entry takes what Triton's launcher
               passes; fills the name
    cubin  Triton's make_cubin (ptxas: the newest on the machine that the driver supports, unless
           the user chose one; ptxas.py)

A Gluon kernel keeps Triton's gluon_to_ttgir and tt compiles from TTGIR; so does a TTGIR
source or an ir_override. Nothing falls back to Triton's compiler: a kernel tt refuses raises
TTTranslateError with tt's diagnostic.

Cache: Triton's cache key (``get_cache_key``) does not see the stage hook, so ``enable()``
wraps ``CUDABackend.hash`` (a part of the key) to append the tt build's identity while the hook
is installed; a kernel compiled by Triton is never served to a tt run or the reverse, and
kernels a process already compiled in memory are forgotten when the compiler changes.
"""
from __future__ import annotations

import gc
import os
import re
import sys
import threading

from . import binary, grid_variant, metadata, ptxas, translate
from .translate import TTTranslateError

_lock = threading.Lock()
# ptxas: whether enable() set Triton's ptxas (it does only where TRITON_PTXAS_PATH is unset).
_state = {"identity": None, "prev_hook": None, "orig_hash": None, "ptxas": False}


def _is_ours(hook) -> bool:
    return hook is _stages_hook


def active_identity():
    """The tt build compiling CUDA kernels now, or None (the hook is not installed)."""
    ident = _state["identity"]
    if ident is None:
        return None
    from triton import knobs
    return ident if _is_ours(knobs.runtime.add_stages_inspection_hook) else None


class _Compilation:
    """The tt side of one Triton compilation: stage functions sharing one tt-translate run."""

    def __init__(self, ident, backend, options, capability):
        self.ident = ident
        self.backend = backend
        self.options = options
        self.capability = capability
        self.result = None
        self.input_text = None
        self.kernel = None
        self.ttgir_out = None
        self.mlir_out = None
        self.llir_out = None
        # With a grid variant (grid_variant.py) the ptx stage returns the kernel's PTX alone, what
        # Triton's asm["ptx"] shows and its tests read, and the cubin stage assembles the module
        # with both entries.
        self.ptx_kernel = None
        self.ptx_module = None

    def _ptx_version(self) -> int:
        from triton.backends.nvidia.compiler import get_ptx_version_from_options
        return get_ptx_version_from_options(self.options, self.backend.target.arch)

    def compile(self, src, ext: str):
        """Run tt-translate on a module (ext ttir or ttgir) or its text."""
        text = src if isinstance(src, str) else (src.str() if hasattr(src, "str") else str(src))
        kernel = _kernel_name(text)
        from triton import knobs
        args = translate.build_args(self.options, self.capability, self._ptx_version(),
                                    line_info=not knobs.compilation.disable_line_info,
                                    grid_variant=grid_variant.flag_supported(self.ident))
        self.result = translate.run(self.ident.path, text, ext, kernel, args)
        self.input_text, self.kernel = text, kernel
        self.ttgir_out, self.mlir_out, self.llir_out = self.result.ttgir, self.result.llvm_mlir, self.result.llir
        if self.ttgir_out is None and ext == "ttgir":
            # From TTGIR tt-translate runs no TTGIR pass and dumps no TTGIR stage: the TTGIR
            # stage's output is its input.
            self.ttgir_out = text
        if self.ttgir_out is None or self.mlir_out is None:
            raise TTTranslateError(f"tt_triton: tt-translate wrote no TTGIR or per-thread IR stage dump for {kernel}")
        if self.llir_out is None:
            raise TTTranslateError(f"tt_triton: tt-translate wrote no LLVM IR (out.ll in --dump-stages) for {kernel}")

    def stage_ttgir(self, src, md):
        self.compile(src, "ttir")
        md["tensordesc_meta"] = metadata.tensordesc_meta(self.result.meta)
        return self.ttgir_out

    def _from_ttgir(self, src, md):
        """Compile src unless it is what the ttgir stage returned, and fill make_llir's metadata."""
        if self.result is None or src is not self.ttgir_out:
            # Gluon (gluon_to_ttgir's module), a .ttgir source or an ir_override: from TTGIR.
            self.compile(src, "ttgir")
            md["tensordesc_meta"] = metadata.tensordesc_meta(self.result.meta)
        md.update(metadata.launch_metadata(self.result.meta, self.options.num_warps, self.options.num_ctas))

    def stage_llvm_mlir(self, src, md):
        self._from_ttgir(src, md)
        return self.mlir_out

    def stage_llir(self, src, md):
        if self.result is None or src is not self.mlir_out:
            self._from_ttgir(src, md)
        return self.llir_out

    def stage_ptx(self, src, md):
        if self.result is None or src is not self.llir_out:
            raise TTTranslateError("tt_triton: the ptx stage got IR that tt did not produce (an .llir source or "
                                   "override?); tt-translate does not read LLVM IR")
        from triton import knobs
        ptx = self.result.ptx
        grid_variant.carry(self.result.meta, md)
        md["name"] = metadata.check_abi(ptx, self.input_text, self.kernel, grid_variant.entry_name(md))
        md[metadata.METADATA_KEY] = self.ident.cache_key()
        self.ptx_kernel = self.ptx_module = None
        if (variant := grid_variant.entry_name(md)) is not None:
            self.ptx_module, ptx = ptx, grid_variant.without_entry(ptx, variant)
            self.ptx_kernel = ptx
        if knobs.nvidia.dump_nvptx:
            print("// -----// NVPTX Dump (tt) //----- //")
            print(ptx)
        translate.log_event({**self.result.log, "status": "ok", "shared": md.get("shared"),
                             "ptx_bytes": len(ptx)})
        return ptx

    def cubin_stage(self, make_cubin):
        """Triton's cubin stage, given the module with the kernel's grid variant where the ptx
        stage returned the kernel alone."""
        def stage_cubin(src, md):
            if self.ptx_module is not None and src is self.ptx_kernel:
                src = self.ptx_module
            return make_cubin(src, md)
        return stage_cubin


# The kernel is the module's first public function, as Triton's get_entry_func_name finds it: MLIR
# prints `public` where the function says so, and a function with no visibility is public too
# (Triton's own test_warp_specialize_basic_ir writes `tt.func @kernel`); `private` ones are not.
_FUNC = re.compile(r"tt\.func\s+(?:public\s+)?@([\w$.-]+)")


def _kernel_name(text: str) -> str:
    m = _FUNC.search(text)
    if not m:
        raise TTTranslateError("tt_triton: the module has no public tt.func (no kernel) for tt to compile")
    return m.group(1)


def _stages_hook(backend, stages, options, language, capability):
    prev = _state["prev_hook"]
    if prev is not None:
        prev(backend, stages, options, language, capability)
    if getattr(getattr(backend, "target", None), "backend", None) != "cuda":
        return
    ident = active_identity()
    if ident is None:
        raise TTTranslateError("tt_triton's stage hook ran while another hook is installed over it: Triton's "
                               "cache key cannot tell tt's kernels apart. Call tt_triton.enable() after "
                               "installing the other hook (tt_triton chains to it).")
    from triton import knobs
    from triton.backends.compiler import Language
    if knobs.compilation.use_ir_loc in ("ttgir", "llir"):
        raise TTTranslateError(f"tt_triton: use_ir_loc={knobs.compilation.use_ir_loc!r} needs Triton's own IR "
                               "objects; tt's stages produce text")
    c = _Compilation(ident, backend, options, capability)
    if language == Language.TRITON:
        stages["ttgir"] = c.stage_ttgir
    # tt's per-thread IR goes in as a stage of its own before llir (asm["llvm_mlir"]); the
    # stages run in the dict's order.
    order = list(stages.items())
    stages.clear()
    for name, fn in order:
        if name == "llir":
            stages["llvm_mlir"] = c.stage_llvm_mlir
        stages[name] = fn
    stages.setdefault("llvm_mlir", c.stage_llvm_mlir)
    stages["llir"] = c.stage_llir
    stages["ptx"] = c.stage_ptx
    if "cubin" in stages:
        stages["cubin"] = c.cubin_stage(stages["cubin"])


def _patch_cache_key():
    """Wrap CUDABackend.hash (part of every CUDA kernel's cache key) once."""
    from triton.backends.nvidia.compiler import CUDABackend
    if _state["orig_hash"] is not None:
        return
    orig = CUDABackend.__dict__["hash"]

    def hash_with_tt(self):
        base = orig(self)
        ident = active_identity()
        return base if ident is None else f"{base}-{ident.cache_key()}"

    hash_with_tt.__wrapped__ = orig
    CUDABackend.hash = hash_with_tt
    _state["orig_hash"] = orig


def forget_compiled_kernels() -> int:
    """Drop the kernels every JITFunction compiled in this process (they are looked up by
    their arguments alone, not by the cache key); returns how many functions had some."""
    jit = sys.modules.get("triton.runtime.jit")
    if jit is None:
        return 0
    n = 0
    for obj in gc.get_objects():
        if isinstance(obj, jit.JITFunction) and obj.device_caches:
            obj.device_caches.clear()
            n += 1
    return n


def enable(tt_translate: str | None = None):
    """Compile every CUDA kernel after its TTIR with tt (idempotent); returns the tt build."""
    ident = binary.identity(binary.find_tt_translate(tt_translate))
    from triton import knobs
    with _lock:
        _patch_cache_key()
        grid_variant.install()
        changed = _state["identity"] != ident or not _is_ours(knobs.runtime.add_stages_inspection_hook)
        _state["identity"] = ident
        if not _is_ours(knobs.runtime.add_stages_inspection_hook):
            _state["prev_hook"] = knobs.runtime.add_stages_inspection_hook
            knobs.runtime.add_stages_inspection_hook = _stages_hook
        if changed:
            forget_compiled_kernels()
        _choose_ptxas(knobs)
    return ident


def _choose_ptxas(knobs):
    """Point Triton's ptxas knob at ptxas.choose()'s pick (once, until disable())."""
    tool = vars(type(knobs.nvidia)).get("ptxas")
    if _state["ptxas"] or tool is None:
        return
    path = ptxas.choose(tool.default_path)
    if path is None:
        return
    _state["ptxas"] = True
    knobs.nvidia.ptxas = path  # Triton's knob also sets TRITON_PTXAS_PATH, for child processes
    _forget_ptxas_version()


def _restore_ptxas(knobs):
    if not _state["ptxas"]:
        return
    tool = vars(type(knobs.nvidia))["ptxas"]
    del knobs.nvidia.ptxas
    os.environ.pop(tool.key, None)  # unset before enable(): choose() leaves a user's setting alone
    _state["ptxas"] = False
    _forget_ptxas_version()


def _forget_ptxas_version():
    """Triton caches ptxas's version, which its cache key and PTX version are read from."""
    try:
        from triton.backends.nvidia.compiler import get_ptxas_version
    except ImportError:
        return
    get_ptxas_version.cache_clear()


def disable():
    """Give Triton its compiler back (the hook that was there before enable())."""
    from triton import knobs
    with _lock:
        if _is_ours(knobs.runtime.add_stages_inspection_hook):
            knobs.runtime.add_stages_inspection_hook = _state["prev_hook"]
            forget_compiled_kernels()
        _state["identity"] = None
        _state["prev_hook"] = None
        _restore_ptxas(knobs)
        grid_variant.uninstall()


def enabled() -> bool:
    return active_identity() is not None
