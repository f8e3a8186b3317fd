"""TRITON_TT=1: enable tt as soon as Triton is imported.

The installed ``tt_triton.pth`` imports this module at interpreter start-up when TRITON_TT is
set (and only then). Importing Triton there would slow every Python start and could import
it before the program configures it, so this module waits: a finder on ``sys.meta_path``
lets the real ``triton`` package load and then calls :func:`tt_triton.enable`. If Triton is
already imported, it enables at once.
"""
from __future__ import annotations

import importlib.abc
import os
import sys

ENV = "TRITON_TT"


def requested(environ=os.environ) -> bool:
    """Whether TRITON_TT asks for tt (1, true, yes, on)."""
    return environ.get(ENV, "").strip().lower() in ("1", "true", "yes", "on")


def _enable():
    import tt_triton
    tt_triton.enable()


class _EnableAfterLoad(importlib.abc.Loader):
    """The real loader of ``triton``, then tt_triton.enable(); the module keeps the real one."""

    def __init__(self, loader):
        self.loader = loader

    def __getattr__(self, name):  # get_resource_reader, is_package, ...: the real loader's
        return getattr(self.loader, name)

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        module.__loader__ = self.loader
        if module.__spec__ is not None:
            module.__spec__.loader = self.loader
        self.loader.exec_module(module)
        _enable()


class TritonImportHook(importlib.abc.MetaPathFinder):
    """Finds ``triton`` with the other finders and enables tt once it has loaded."""

    def find_spec(self, fullname, path, target=None):
        if fullname != "triton":
            return None
        sys.meta_path.remove(self)
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            spec = find(fullname, path, target) if find is not None else None
            if spec is not None:
                break
        else:
            return None
        if spec.loader is not None:
            spec.loader = _EnableAfterLoad(spec.loader)
        return spec


def install():
    if "triton" in sys.modules:
        _enable()
    elif not any(isinstance(f, TritonImportHook) for f in sys.meta_path):
        sys.meta_path.insert(0, TritonImportHook())


if requested():
    install()
