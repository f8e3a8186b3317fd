# fuzz: target=ptx arch=sm_90 num-warps=4 kernel=where_kernel
# fuzz: signature=*u1:16, *i64:16, 16, *i64:16, i32, 1024, True, True
# fuzz: found as broken from 2c5c965af9095ae3.py
# fuzz:   sig-kind: entry 2 *i64:16 -> 16
# fuzz:   if-store: line 23: store under `if False:`
import triton
import triton.language as tl



@triton.jit
def where_kernel(cond_ptr, a_ptr, b_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr,
                 TEST_POINTERS: tl.constexpr, TEST_SCALAR_POINTERS: tl.constexpr):
    offsets = tl.program_id(axis=0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    decide = tl.load(cond_ptr + offsets, mask=mask)
    if TEST_SCALAR_POINTERS:
        ptr = tl.where(tl.load(cond_ptr), a_ptr, b_ptr)
        output = tl.load(ptr + offsets, mask=mask)
    else:
        if TEST_POINTERS:
            a = tl.load(a_ptr + offsets, mask=mask).to(tl.pi32_t)
            b = tl.load(b_ptr + offsets, mask=mask).to(tl.pi32_t)
        else:
            a = tl.load(a_ptr + offsets, mask=mask)
            b = tl.load(b_ptr + offsets, mask=mask)
        output = tl.where(decide, a, b)
    if False:
        tl.store(output_ptr + offsets, output, mask=mask)
