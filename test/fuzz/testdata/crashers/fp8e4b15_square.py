# fuzz: target=ptx arch=sm_90 num-warps=8 kernel=my_kernel
# fuzz: signature=*fp8e4b15:16, *fp32:16, i32, 1024
# fuzz: found as broken from first_kernels.py (x * x on fp8e4b15 values: an arith.mulf on i8)
# fuzz:   sig-type: entry 0 *fp32:16 -> *fp8e4b15:16
"""The first kernels of a Triton introduction (shared/seeds/002): an
element-wise square, a fused row softmax, a square root (autotuned over
BLOCK_SIZE in the article) and a 2D matrix add.
"""
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


@triton.jit
def softmax_kernel(
    output_ptr, input_ptr,
    input_row_stride, output_row_stride,
    n_cols,
    BLOCK_SIZE: tl.constexpr,
):
    # Each program handles one row
    row_idx = tl.program_id(0)
    row_start_ptr = input_ptr + row_idx * input_row_stride
    col_offsets = tl.arange(0, BLOCK_SIZE)
    input_ptrs = row_start_ptr + col_offsets
    mask = col_offsets < n_cols
    # Load the row, masking padding with -inf
    row = tl.load(input_ptrs, mask=mask, other=-float('inf'))
    # Subtract max for numerical stability
    row_max = tl.max(row, axis=0)
    row = row - row_max
    # Exponentiate and sum
    numerator = tl.exp(row)
    denominator = tl.sum(numerator, axis=0)
    softmax_output = numerator / denominator
    out_start_ptr = output_ptr + row_idx * output_row_stride
    out_ptrs = out_start_ptr + col_offsets
    tl.store(out_ptrs, softmax_output, mask=mask)


@triton.autotune(
    configs=[
        triton.Config({'BLOCK_SIZE': 128}),
        triton.Config({'BLOCK_SIZE': 256}),
        triton.Config({'BLOCK_SIZE': 512}),
        triton.Config({'BLOCK_SIZE': 1024}),
    ],
    key=['n_elements'],  # retune when n_elements changes
)
@triton.jit
def autotuned_kernel(x_ptr, y_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(y_ptr + offsets, tl.sqrt(x), mask=mask)


@triton.jit
def add_matrix_kernel(
    a_ptr, b_ptr, c_ptr,
    M, N,
    stride_am, stride_an,
    stride_bm, stride_bn,
    stride_cm, stride_cn,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
):
    # 2D program grid: one program per (BLOCK_M x BLOCK_N) tile
    pid_m = tl.program_id(axis=0)
    pid_n = tl.program_id(axis=1)
    # Compute offsets for this tile
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    # 2D pointer arithmetic
    a_ptrs = a_ptr + offs_m[:, None] * stride_am + offs_n[None, :] * stride_an
    b_ptrs = b_ptr + offs_m[:, None] * stride_bm + offs_n[None, :] * stride_bn
    c_ptrs = c_ptr + offs_m[:, None] * stride_cm + offs_n[None, :] * stride_cn
    # Boundary masks
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    a = tl.load(a_ptrs, mask=mask)
    b = tl.load(b_ptrs, mask=mask)
    tl.store(c_ptrs, a + b, mask=mask)
