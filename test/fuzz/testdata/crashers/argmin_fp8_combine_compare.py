# fuzz: target=ptx arch=sm_90 num-warps=4 kernel=kernel
# fuzz: signature=*fp8e4nv:16, *i32:16, 2, 32, 16, True, 0, False, False
# fuzz: found as broken from 189335d2bbc21d8b.py
# fuzz:   sig-type: entry 0 *fp32:16 -> *fp8e4nv:16
# fuzz:   line-drop: line 23: "z_ptr = z_ptr[None, None, None, :]" dropped
# fuzz:   kwarg-drop: line 19: "keep_dims=KEEP_DIMS" dropped
import triton
import triton.language as tl



@triton.jit
def kernel(X, Z, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, IS_3D: tl.constexpr,
           AXIS: tl.constexpr, KEEP_DIMS: tl.constexpr, USE_I1: tl.constexpr):
    range_m = tl.arange(0, BLOCK_M)
    range_n = tl.arange(0, BLOCK_N)
    range_k = tl.arange(0, BLOCK_K)
    if IS_3D:
        x = tl.load(X + range_m[:, None, None] * BLOCK_N * BLOCK_K + range_n[None, :, None] * BLOCK_K +
                    range_k[None, None, :])
    else:
        x = tl.load(X + range_m[:, None] * BLOCK_N + range_n[None, :])
    if USE_I1:
        x = tl.cast(x, tl.int1)
    z = tl.argmin(x, axis=AXIS)
    z_ptr = Z
    if KEEP_DIMS and AXIS is None:
        if IS_3D:
            pass
        else:
            z_ptr = z_ptr[None, None, :]
    if IS_3D:
        if AXIS == 0:
            z_ptr = Z + range_n[:, None] * BLOCK_K + range_k[None, :]
        elif AXIS == 1 or AXIS == -2:
            z_ptr = Z + range_m[:, None] * BLOCK_K + range_k[None, :]
        elif AXIS == 2 or AXIS == -1:
            z_ptr = Z + range_m[:, None] * BLOCK_N + range_n[None, :]
    else:
        if AXIS == 0:
            z_ptr = Z + range_n
        elif AXIS == 1 or AXIS == -1:
            z_ptr = Z + range_m
    if KEEP_DIMS and AXIS is not None:
        z_ptr = tl.expand_dims(z_ptr, axis=AXIS)
    tl.store(z_ptr, z)
