
import sys, torch, triton, triton.language as tl
@triton.jit
def kernel_r(ptrs, BLOCK_SIZE: tl.constexpr):
    numel = 512
    offset = tl.program_id(0) * BLOCK_SIZE
    index = offset
    mask = index < numel
    a = tl.load(ptrs, mask=mask)
    tl.store(ptrs, a)
data = torch.zeros((128, ), device="cuda", dtype=torch.float32)
k = kernel_r[(2, )](data, BLOCK_SIZE=128, num_ctas=4, launch_cooperative_grid=True)
for key in ("ttir", "ttgir", "llir", "ptx"):
    open(sys.argv[1] + "." + key, "w").write(k.asm[key])
