# fuzz: target=ptx arch=sm_90 num-warps=2 kernel=_attn_bwd_preprocess
# fuzz: signature=*fp16:16, *fp16:16, *fp32:16, i32, i32:16, i32:16, 128, 2**20
# fuzz: found as broken from 06-fused-attention.py (HEAD_DIM 2**20: a 128x1048576 broadcast, past TRITON_MAX_TENSOR_NUMEL, built) (the kernel alone, minimized from its file)
# fuzz:   kwarg-drop: line 69: "warp_specialize=warp_specialize" -> 1
# fuzz:   constexpr: HEAD_DIM = 2**20 (was 64)
# fuzz:   if-store: line 259: store under `if False:`
import triton
import triton.language as tl


@triton.jit
def _attn_bwd_preprocess(O, DO,  #
                         Delta,  #
                         Z, H, N_CTX,  #
                         BLOCK_M: tl.constexpr, HEAD_DIM: tl.constexpr  #
                         ):
    off_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    off_hz = tl.program_id(1)
    off_n = tl.arange(0, HEAD_DIM)
    # load
    o = tl.load(O + off_hz * HEAD_DIM * N_CTX + off_m[:, None] * HEAD_DIM + off_n[None, :])
    do = tl.load(DO + off_hz * HEAD_DIM * N_CTX + off_m[:, None] * HEAD_DIM + off_n[None, :]).to(tl.float32)
    delta = tl.sum(o * do, axis=1)
    # write-back
    if False:
        tl.store(Delta + off_hz * N_CTX + off_m, delta)
