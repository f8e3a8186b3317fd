# fuzz: target=ptx arch=sm_90 num-warps=4 kernel=dot_scale_kernel
# fuzz: signature=*u8:16, 1, i32:16, None, *u8:16, 1, i32:16, *u8:16, *bf16:16, 64, 128, 64, 'e5m2', 'e4m3'
# fuzz: found as broken from bb9301468f043b89.py (tl.store of fp8e4b15 values through a *bf16: the front end built a tt.store of fp16 values)
# fuzz:   dtype: line 32: tl.bfloat16 -> tl.float8e4b15
import triton
import triton.language as tl



@triton.jit
def dot_scale_kernel(a_base, stride_a0, stride_a1, a_scale, b_base, stride_b0, stride_b1, b_scale, out,
                     BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, type_a: tl.constexpr,
                     type_b: tl.constexpr):
    DIV_FACTOR_A: tl.constexpr = 2 if type_a == "e2m1" else 1
    DIV_FACTOR_B: tl.constexpr = 2 if type_b == "e2m1" else 1
    PACKED_BLOCK_K_A: tl.constexpr = BLOCK_K // DIV_FACTOR_A
    PACKED_BLOCK_K_B: tl.constexpr = BLOCK_K // DIV_FACTOR_B
    a_ptr = a_base + tl.arange(0, BLOCK_M)[:, None] * stride_a0 + tl.arange(0,
                                                                            PACKED_BLOCK_K_A)[None, :] * stride_a1
    b_ptr = b_base + tl.arange(0, PACKED_BLOCK_K_B)[:, None] * stride_b0 + tl.arange(0,
                                                                                     BLOCK_N)[None, :] * stride_b1

    a = tl.load(a_ptr)
    b = tl.load(b_ptr)
    SCALE_BLOCK_K: tl.constexpr = BLOCK_K // 32
    if a_scale is not None:
        scale_a_ptr = a_scale + tl.arange(0, BLOCK_M)[:, None] * SCALE_BLOCK_K + tl.arange(0,
                                                                                           SCALE_BLOCK_K)[None, :]
        a_scale = tl.load(scale_a_ptr)
    if b_scale is not None:
        scale_b_ptr = b_scale + tl.arange(0, BLOCK_N)[:, None] * SCALE_BLOCK_K + tl.arange(0,
                                                                                           SCALE_BLOCK_K)[None, :]
        b_scale = tl.load(scale_b_ptr)
    c = tl.dot_scaled(a, a_scale, type_a, b, b_scale, type_b)
    out_ptr = out + tl.arange(0, BLOCK_M)[:, None] * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]
    tl.store(out_ptr, c.to(tl.float8e4b15))
