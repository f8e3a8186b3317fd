# fuzz: target=ptx arch=sm_90 num-warps=2 kernel=kernel
# fuzz: signature=*u8:16, *u8:16, 512
# fuzz: found as broken from 9a493f23065ff144.py (an inline asm result of dtype fp8e4b15 stored through a *u8: a tt.store of fp16 values)
# fuzz:   dtype: line 14: tl.int8 -> tl.float8e4b15
import triton
import triton.language as tl



@triton.jit
def kernel(X, Y, BLOCK: tl.constexpr):
    x = tl.load(X + tl.arange(0, BLOCK))
    # shift 4x8bits values together.
    y = tl.inline_asm_elementwise(
        "and.b32 $0, $1, 0x1F1F1F1F; \
                                   shl.b32 $0, $0, 3;", "=r,r", [
            x,
        ], dtype=tl.float8e4b15, is_pure=True, pack=4)
    tl.store(Y + tl.arange(0, BLOCK), y)
