// fuzz: target=ptx arch=sm_90 num-warps=4
// fuzz: found as broken: frontend/testdata/reference/runs/tutorials.06.attn_fwd_device_desc.ttir@sm_90.ttgir with every i64 made i8, minimized (ttng.tensormap_create took an i8 global stride; gpu.tensormap_replace refused it after convert-triton-gpu-to-gpu)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @make_desc(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) {
    %c64 = arith.constant 64 : i32
    %c1 = arith.constant 1 : i32
    %stride = arith.constant 128 : i8
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %p, %a, [%c64, %c64], [%c64, %n], [%stride], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i8, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %p : !tt.ptr<i8>
    tt.return
  }
}
