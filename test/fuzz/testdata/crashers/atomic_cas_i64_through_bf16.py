# fuzz: target=ptx arch=sm_90 num-warps=4 kernel=change_value
# fuzz: signature=*bf16:16, 256, 'acq_rel', triton.language.int64
# fuzz: found as broken from 536fd75923e41df9.py (cmp and val of int64 through a *bf16: a tt.atomic_cas its verifier refuses)
# fuzz:   sig-type: entry 0 *i64:16 -> *bf16:16
# fuzz:   block: line 12: 2 -> 1000
import triton
import triton.language as tl



@triton.jit
def change_value(X, BLOCK_SIZE: tl.constexpr, sem: tl.constexpr, dtype: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    t1 = tl.full((BLOCK_SIZE, ), 0, dtype=dtype)
    t2 = tl.full((BLOCK_SIZE, ), 1000, dtype=dtype)
    tl.atomic_cas(X + offsets, t1, t2, sem=sem)
