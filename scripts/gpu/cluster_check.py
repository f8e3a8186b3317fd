#!/usr/bin/env python3
"""gpu_check.py for kernels that run in clusters of CTAs (Triton's num_ctas > 1).

    python3 cluster_check.py CASES_DIR PTX_DIR [--only a,b] [--time]

Runs gpu_check.py (shared/tools, copied beside this script by scripts/gpu/prepare.sh) with one
change to how it launches: a PTX entry that declares `.reqnctapercluster N` is launched as
Triton's launcher launches a kernel of num_ctas = N, with grid.x * N CTAs in clusters of
(N, 1, 1) (cuLaunchKernelEx with the cluster-dimension and spread-scheduling attributes,
called through ctypes on the CUfunction CuPy loaded). The case's grid counts programs. Every
other entry launches through CuPy as before. Loading, arguments, the poisoning of outputs and
the comparisons are gpu_check.py's own.
"""
import ctypes
import re
import sys

import numpy as np
import cupy as cp

import gpu_check

# cuda.h: CUlaunchAttributeID, CUclusterSchedulingPolicy.
CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4
CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 5
CU_CLUSTER_SCHEDULING_POLICY_SPREAD = 1


class CUlaunchAttribute(ctypes.Structure):
    _fields_ = [("id", ctypes.c_uint32), ("pad", ctypes.c_uint32), ("value", ctypes.c_uint32 * 16)]


class CUlaunchConfig(ctypes.Structure):
    _fields_ = [("gridDimX", ctypes.c_uint), ("gridDimY", ctypes.c_uint), ("gridDimZ", ctypes.c_uint),
                ("blockDimX", ctypes.c_uint), ("blockDimY", ctypes.c_uint), ("blockDimZ", ctypes.c_uint),
                ("sharedMemBytes", ctypes.c_uint), ("hStream", ctypes.c_void_p),
                ("attrs", ctypes.POINTER(CUlaunchAttribute)), ("numAttrs", ctypes.c_uint)]


_libcuda = ctypes.CDLL("libcuda.so.1")
_libcuda.cuLaunchKernelEx.argtypes = [ctypes.POINTER(CUlaunchConfig), ctypes.c_void_p,
                                      ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p)]
_libcuda.cuLaunchKernelEx.restype = ctypes.c_int

_SCALARS = {np.dtype(np.int8): ctypes.c_int8, np.dtype(np.int32): ctypes.c_int32, np.dtype(np.int64): ctypes.c_int64,
            np.dtype(np.uint64): ctypes.c_uint64, np.dtype(np.float32): ctypes.c_float,
            np.dtype(np.float64): ctypes.c_double}


def _param(a):
    """A kernel parameter's value as the driver reads it."""
    if isinstance(a, cp.ndarray):
        return ctypes.c_uint64(a.data.ptr)
    a = np.asarray(a)
    if a.dtype == np.float16:
        return ctypes.c_uint16(int(a.view(np.uint16)))
    return _SCALARS[a.dtype](a.item())


def _handle(fn):
    """The CUfunction of a CuPy RawKernel (its Function's pointer)."""
    k = getattr(fn, "kernel", None)
    return k.ptr if k is not None else fn.ptr


class ClusterFunction:
    """A CuPy kernel function launched in clusters of (n, 1, 1) CTAs, one cluster a program."""

    def __init__(self, fn, n):
        self.__dict__["_fn"], self.__dict__["_n"] = fn, n

    def __getattr__(self, name):
        return getattr(self._fn, name)

    def __setattr__(self, name, value):  # max_dynamic_shared_size_bytes and the like
        setattr(self._fn, name, value)

    def __call__(self, grid, block, args, shared_mem=0):
        params = [_param(a) for a in args]
        ptrs = (ctypes.c_void_p * max(len(params), 1))(*[ctypes.addressof(p) for p in params])
        attrs = (CUlaunchAttribute * 2)()
        attrs[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION
        attrs[0].value[0], attrs[0].value[1], attrs[0].value[2] = self._n, 1, 1
        attrs[1].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE
        attrs[1].value[0] = CU_CLUSTER_SCHEDULING_POLICY_SPREAD
        grid = tuple(grid) + (1,) * (3 - len(grid))
        block = tuple(block) + (1,) * (3 - len(block))
        cfg = CUlaunchConfig(grid[0] * self._n, grid[1], grid[2], block[0], block[1], block[2], shared_mem,
                             cp.cuda.get_current_stream().ptr, attrs, 2)
        r = _libcuda.cuLaunchKernelEx(ctypes.byref(cfg), _handle(self._fn), ptrs, None)
        if r != 0:
            raise RuntimeError(f"cuLaunchKernelEx failed with CUresult {r} (clusters of {self._n} CTAs)")


_RawModule = cp.RawModule
_REQ = re.compile(r"^\.reqnctapercluster\s+(\d+)", re.M)


class ClusterModule:
    """cp.RawModule(path=...) whose entries that require clusters launch in them."""

    def __init__(self, path, **kw):
        self._mod = _RawModule(path=path, **kw)
        m = _REQ.search(open(path).read())
        self._n = int(m.group(1)) if m else 1

    def get_function(self, name):
        fn = self._mod.get_function(name)
        return ClusterFunction(fn, self._n) if self._n > 1 else fn


if __name__ == "__main__":
    cp.RawModule = ClusterModule
    sys.argv[0] = "gpu_check.py"
    gpu_check.main()
