# fuzz: target=ptx arch=sm_90 num-warps=4 kernel=kernel
# fuzz: signature=*u1:16, *fp8e4b15:16, *fp64:16, 128
# fuzz: found as broken from 8c9b78c685f8e351.py (fp8e4b15 > fp64: the fp8e4b15 operand converted to fp16, an arith.cmpf of fp16 and fp64)
# fuzz:   sig-type: entry 1 *i8:16 -> *fp8e4b15:16
import triton
import triton.language as tl



@triton.jit
def kernel(Z, X, Y, SIZE: tl.constexpr):
    off = tl.arange(0, SIZE)
    x = tl.load(X + off)
    y = tl.load(Y + off)
    z = x > y
    tl.store(Z + off, z)
