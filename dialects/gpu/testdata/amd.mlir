module {
  llvm.func @amd_ops(%arg0: f16, %arg1: f32, %arg2: i8, %arg3: i32, %arg4: i1, %arg5: !llvm.ptr<1>) attributes {gpu.kernel} {
    %0:16 = gpu.mfma m32n32k8 f32.f16.f16 [%arg0, %arg0, %arg0, %arg0], [%arg0, %arg0, %arg0, %arg0], [%arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg1]
    %1:4 = gpu.mfma m16n16k32 i32.i8.i8 [%arg2, %arg2, %arg2, %arg2, %arg2, %arg2, %arg2, %arg2], [%arg2, %arg2, %arg2, %arg2, %arg2, %arg2, %arg2, %arg2], [%arg3, %arg3, %arg3, %arg3]
    %2:4 = gpu.mfma m16n16k8 f32.xf32.xf32 [%arg1, %arg1], [%arg1, %arg1], [%0#0, %0#1, %0#2, %0#3]
    gpu.sched_barrier {mask = 0}
    gpu.sched_group_barrier {mask = 8, size = 1, group = 0}
    gpu.set_priority {priority = 1}
    gpu.cond_barrier %arg4
    gpu.memory_counter_wait {ds = 0}
    gpu.memory_counter_wait {load = 3, store = 1, ds = 2}
    %3:2 = gpu.buffer_load %arg5[%arg3], %arg4, %arg1, %arg1 {cache = cg} : !llvm.ptr<1> -> f32, f32
    %4 = gpu.buffer_load %arg5[%arg3], %arg4 : !llvm.ptr<1> -> vector<2xf16>
    gpu.buffer_store %arg5[%arg3], %arg4, %3#0, %3#1 : !llvm.ptr<1>, f32, f32
    llvm.return
  }
}
