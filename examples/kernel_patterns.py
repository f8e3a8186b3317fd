"""Triton patterns compared with CUDA (shared/seeds/003): vector add,
fused and wide-row (three-pass) softmax, a grouped-order matmul for L2
reuse, residual + layernorm + dropout fused in one kernel, and a kernel
that prints at compile time.
"""
import triton
import triton.language as tl


@triton.jit
def vector_add_kernel(
    a_ptr,  # Pointer to first input
    b_ptr,  # Pointer to second input
    c_ptr,  # Pointer to output
    n_elements,  # Total number of elements
    BLOCK_SIZE: tl.constexpr,  # Number of elements per program instance
):
    # Program ID: which block of data this instance processes
    pid = tl.program_id(axis=0)
    # Compute the range of offsets this program handles
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    # Create a mask for out-of-bounds elements
    mask = offsets < n_elements
    # Load blocks of data (automatic coalescing)
    a = tl.load(a_ptr + offsets, mask=mask)
    b = tl.load(b_ptr + offsets, mask=mask)
    # Compute
    c = a + b
    # Store results
    tl.store(c_ptr + offsets, c, mask=mask)


@triton.autotune(
    configs=[
        triton.Config({'BLOCK_SIZE': 128}, num_warps=4),
        triton.Config({'BLOCK_SIZE': 1024}, num_warps=8),
    ],
    key=['n_elements'],  # Re-tune when this argument changes
)
@triton.jit
def vector_add_autotuned(
    a_ptr, b_ptr, c_ptr,
    n_elements,
    BLOCK_SIZE: tl.constexpr,
):
    pid = tl.program_id(0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    a = tl.load(a_ptr + offsets, mask=mask)
    b = tl.load(b_ptr + offsets, mask=mask)
    tl.store(c_ptr + offsets, a + b, mask=mask)


@triton.jit
def softmax_kernel(
    input_ptr,
    output_ptr,
    n_cols,
    input_row_stride,
    output_row_stride,
    BLOCK_SIZE: tl.constexpr,
):
    # Each program instance processes one row
    row_idx = tl.program_id(0)
    # Pointers to the start of the current row
    row_start_input = input_ptr + row_idx * input_row_stride
    row_start_output = output_ptr + row_idx * output_row_stride
    # Load the entire row into SRAM
    col_offsets = tl.arange(0, BLOCK_SIZE)
    mask = col_offsets < n_cols
    # Load input row
    row = tl.load(row_start_input + col_offsets, mask=mask, other=-float('inf'))
    # Step 1: Numerically stable max
    row_max = tl.max(row, axis=0)
    # Step 2: Subtract max and exponentiate
    row = row - row_max
    numerator = tl.exp(row)
    # Step 3: Sum of exponentials
    denominator = tl.sum(numerator, axis=0)
    # Step 4: Normalize
    softmax_output = numerator / denominator
    # Store result
    tl.store(row_start_output + col_offsets, softmax_output, mask=mask)


@triton.jit
def softmax_wide_kernel(
    input_ptr,
    output_ptr,
    n_cols,
    input_row_stride,
    output_row_stride,
    BLOCK_SIZE: tl.constexpr,
):
    row_idx = tl.program_id(0)
    row_input = input_ptr + row_idx * input_row_stride
    row_output = output_ptr + row_idx * output_row_stride
    # Pass 1: Find max across the entire row (online max)
    row_max = -float('inf')
    for block_start in range(0, n_cols, BLOCK_SIZE):
        col_offsets = block_start + tl.arange(0, BLOCK_SIZE)
        mask = col_offsets < n_cols
        block_data = tl.load(row_input + col_offsets, mask=mask,
                             other=-float('inf'))
        block_max = tl.max(block_data, axis=0)
        row_max = tl.maximum(row_max, block_max)
    # Pass 2: Compute exp(x - max) and accumulate sum
    sum_exp = 0.0
    for block_start in range(0, n_cols, BLOCK_SIZE):
        col_offsets = block_start + tl.arange(0, BLOCK_SIZE)
        mask = col_offsets < n_cols
        block_data = tl.load(row_input + col_offsets, mask=mask,
                             other=-float('inf'))
        block_exp = tl.exp(block_data - row_max)
        sum_exp += tl.sum(block_exp, axis=0)
    # Pass 3: Normalize and write output
    for block_start in range(0, n_cols, BLOCK_SIZE):
        col_offsets = block_start + tl.arange(0, BLOCK_SIZE)
        mask = col_offsets < n_cols
        block_data = tl.load(row_input + col_offsets, mask=mask,
                             other=-float('inf'))
        block_exp = tl.exp(block_data - row_max)
        softmax_out = block_exp / sum_exp
        tl.store(row_output + col_offsets, softmax_out, mask=mask)


@triton.jit
def matmul_kernel(
    a_ptr, b_ptr, c_ptr,
    M, N, K,
    stride_am, stride_ak,
    stride_bk, stride_bn,
    stride_cm, stride_cn,
    BLOCK_M: tl.constexpr,
    BLOCK_N: tl.constexpr,
    BLOCK_K: tl.constexpr,
    GROUP_M: tl.constexpr,
):
    pid = tl.program_id(0)
    # Swizzle: group adjacent blocks for better L2 cache locality
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + (pid % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    # Pointers to first blocks of A and B
    offs_am = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_bn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am +
                      offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk +
                      offs_bn[None, :] * stride_bn)
    # Accumulator
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    # Main loop over K dimension
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=(offs_am[:, None] < M) &
                    (offs_k[None, :] + k < K), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] + k < K) &
                    (offs_bn[None, :] < N), other=0.0)
        # tl.dot compiles to tensor core instructions
        acc += tl.dot(a, b)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    # Store output
    offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    c_ptrs = c_ptr + (offs_cm[:, None] * stride_cm +
                      offs_cn[None, :] * stride_cn)
    mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, acc, mask=mask)


@triton.jit
def fused_residual_layernorm_dropout(
    x_ptr, residual_ptr, weight_ptr, bias_ptr, output_ptr,
    n_cols, eps,
    p_drop,  # Dropout probability
    seed,  # RNG seed
    stride,
    BLOCK_SIZE: tl.constexpr,
):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE)
    mask = cols < n_cols
    # Load input and residual
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    res = tl.load(residual_ptr + row * stride + cols, mask=mask, other=0.0)
    # Fused residual add
    x = x + res
    # LayerNorm: compute mean and variance
    mean = tl.sum(x, axis=0) / n_cols
    x_centered = x - mean
    var = tl.sum(x_centered * x_centered, axis=0) / n_cols
    inv_std = 1.0 / tl.sqrt(var + eps)
    # Normalize
    x_norm = x_centered * inv_std
    # Scale and bias
    w = tl.load(weight_ptr + cols, mask=mask, other=1.0)
    b = tl.load(bias_ptr + cols, mask=mask, other=0.0)
    x_out = x_norm * w + b
    # Dropout (using Triton's PRNG)
    rng_offsets = row * n_cols + cols
    random = tl.rand(seed, rng_offsets)
    drop_mask = random > p_drop
    x_out = tl.where(drop_mask, x_out / (1.0 - p_drop), 0.0)
    # Store
    tl.store(output_ptr + row * stride + cols, x_out, mask=mask)


@triton.jit
def debug_kernel(x_ptr, n, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    x = tl.load(x_ptr + offs, mask=offs < n)
    # tl.debug_barrier()  # Force synchronization for debugging
    # Print from the first program
    if pid == 0:
        tl.static_print("Block 0 loaded")
