# fuzz: target=ptx arch=sm_90 num-warps=4 kernel=kernel_broadcast_rhs
# fuzz: signature=*fp32:16, *fp32:16, *fp8e4nv:16, 128
# fuzz: found as broken from 2ca17f8850d6f9b8.py
# fuzz:   line-drop: line 12: "tl.store(Z + off, z)" dropped
# fuzz:   sig-type: entry 2 *fp32:16 -> *fp8e4nv:16
import triton
import triton.language as tl



@triton.jit
def kernel_broadcast_rhs(Z, X, Y, SIZE: tl.constexpr):
    off = tl.arange(0, SIZE)
    x = tl.load(X + off)
    y = tl.load(Y)
    z = tl.math.fdiv(x, y)
    pass
