import triton
import triton.language as tl


@triton.jit
def unmasked_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                    INT_ACC: tl.constexpr = False, GRID_2D: tl.constexpr = False,
                    ROW_MAJOR: tl.constexpr = False):
    # A matmul for shapes that are multiples of its blocks, without masks:
    # its K loads advance unmasked and its stores write whole tiles. The
    # accumulator is f32, or int32 with INT_ACC (int8 operands), and the
    # dot accumulates into it (so fp8 operands keep one dot a step); the
    # store converts it to c's element type. Its programs walk down the
    # columns of tiles of a 1-D grid (with ROW_MAJOR along its rows), or
    # with GRID_2D take the tile's row and column from the program ids
    # along x and y of a 2-D grid.
    # (scripts/gpu/turns_dtypes.py runs it on the GPU.)
    if GRID_2D:
        pid_m = tl.program_id(0)
        pid_n = tl.program_id(1)
    elif ROW_MAJOR:
        pid = tl.program_id(0)
        grid_n = tl.cdiv(N, BLOCK_N)
        pid_m = pid // grid_n
        pid_n = pid % grid_n
    else:
        pid = tl.program_id(0)
        grid_m = tl.cdiv(M, BLOCK_M)
        pid_m = pid % grid_m
        pid_n = pid // grid_m
    rm = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    rn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32 if INT_ACC else tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        acc = tl.dot(tl.load(a_ptrs), tl.load(b_ptrs), acc, out_dtype=tl.int32 if INT_ACC else tl.float32)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * stride_bk
    cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    tl.store(c_ptr + cm[:, None] * stride_cm + cn[None, :], acc.to(c_ptr.dtype.element_ty))
