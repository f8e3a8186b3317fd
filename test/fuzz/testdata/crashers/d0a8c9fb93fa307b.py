# fuzz: target=ptx arch=sm_90 num-warps=4 kernel=kernel
# fuzz: signature=*i8:16, *i16:16, *i8:16, 128
# fuzz: found as broken from fc2566c571c213e1.py
# fuzz:   sig-type: entry 1 *i8:16 -> *i16:16
import triton
import triton.language as tl



@triton.jit
def kernel(X, Y, Z, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(X + offs)
    y = tl.load(Y + offs)
    z = tl.cat(x, y, can_reorder=True)
    tl.store(Z + tl.arange(0, 2 * N), z)
