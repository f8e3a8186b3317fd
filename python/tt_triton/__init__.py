"""tt as Triton's compiler.

    import tt_triton
    tt_triton.enable()          # or run Python with TRITON_TT=1 (the installed tt_triton.pth)

From then on every ``@triton.jit`` kernel launched on an NVIDIA GPU is compiled by tt after
Triton's TTIR stage (``tt-translate``: TTGIR, per-thread IR and PTX); ptxas, the launcher and
the rest of Triton are unchanged. The binary is ``$TT_TRANSLATE`` or ``tt-translate`` on PATH.
A kernel tt cannot compile raises :class:`TTTranslateError` with tt's diagnostic; nothing falls
back to Triton's compiler. A kernel that needs more shared memory than the GPU has raises
Triton's ``OutOfResources``, as Triton does (its autotuner skips such configurations). Kernels compiled by tt and by Triton never share a cache entry.
"""
from __future__ import annotations

from .binary import Identity, TTTranslateNotFound, find_tt_translate
from .metadata import METADATA_KEY
from .translate import TTTranslateError

__all__ = ["enable", "disable", "enabled", "info", "TTTranslateError", "TTTranslateNotFound", "Identity",
           "METADATA_KEY", "__version__"]
__version__ = "0.1.0"


def enable(tt_translate: str | None = None) -> Identity:
    """Compile CUDA kernels with tt from now on (idempotent); returns the tt build used.
    ``tt_translate`` overrides ``$TT_TRANSLATE`` / PATH."""
    from . import hook
    return hook.enable(tt_translate)


def disable() -> None:
    """Compile with Triton's own stages again."""
    from . import hook
    hook.disable()


def enabled() -> bool:
    """Whether tt compiles CUDA kernels now."""
    from . import hook
    return hook.enabled()


def info(tt_translate: str | None = None) -> Identity:
    """The tt build enable() would use (without enabling it)."""
    from . import binary
    return binary.identity(find_tt_translate(tt_translate))
