# fuzz: target=ptx arch=sm_90 num-warps=8 kernel=my_kernel
# fuzz: signature=*fp8e4b15:16, *fp32:16, i32, 1024
# fuzz: found as broken from first_kernels.py (x * x on fp8e4b15 values: an arith.mulf on i8) (the kernel alone, minimized from its file)
# fuzz:   sig-type: entry 0 *fp32:16 -> *fp8e4b15:16
import triton
import triton.language as tl


@triton.jit
def my_kernel(
    x_ptr,  # pointer to first element of input
    y_ptr,  # pointer to output
    n_elements,  # total number of elements
    BLOCK_SIZE: tl.constexpr,  # tile size, must be power of 2
):
    # Each program instance handles one tile
    pid = tl.program_id(axis=0)  # which tile am I?
    # Compute the range of indices this program handles
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    # Mask out-of-bounds accesses
    mask = offsets < n_elements
    # Load input tile
    x = tl.load(x_ptr + offsets, mask=mask)
    # Compute
    y = x * x  # element-wise square
    # Store output tile
    tl.store(y_ptr + offsets, y, mask=mask)
