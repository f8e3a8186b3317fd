// RUN-TARGETS: gfx90a gfx942 gfx950 gfx1030 gfx1100 gfx1200
// gpu.memory_counter_wait on every AMD generation tt encodes: one
// s_waitcnt on gfx9 (vmcnt for loads and stores, the smaller count when
// both are named; lgkmcnt for ds), s_waitcnt plus s_waitcnt_vscnt for
// stores on gfx10 and gfx11 (their own field layouts), and a wait per
// counter on gfx12. Counts over a field's maximum wait for nothing, and
// a wait that bounds nothing emits nothing. TestAMDWaitcntAssembly
// assembles each translation with llc and checks the lines below against
// the fields LLVM decodes from the immediates: prefix GFX9 for gfx90a,
// gfx942 and gfx950, RDNA for gfx1030 and gfx1100, GFX12 for gfx1200.
//
// GFX9-LABEL: {{^}}ds0:
// GFX9-NEXT:   ; %bb.0:
// GFX9-NEXT:   s_waitcnt lgkmcnt(0){{$}}
// GFX9-NEXT:   s_endpgm
// GFX9-LABEL: {{^}}load3_ds2:
// GFX9-NEXT:   ; %bb.0:
// GFX9-NEXT:   s_waitcnt vmcnt(3) lgkmcnt(2){{$}}
// GFX9-NEXT:   s_endpgm
// GFX9-LABEL: {{^}}load5_store1:
// GFX9-NEXT:   ; %bb.0:
// GFX9-NEXT:   s_waitcnt vmcnt(1){{$}}
// GFX9-NEXT:   s_endpgm
// GFX9-LABEL: {{^}}load40:
// GFX9-NEXT:   ; %bb.0:
// GFX9-NEXT:   s_waitcnt vmcnt(40){{$}}
// GFX9-NEXT:   s_endpgm
// GFX9-LABEL: {{^}}ds20:
// GFX9-NEXT:   ; %bb.0:
// GFX9-NEXT:   s_endpgm
// GFX9-LABEL: {{^}}clamped:
// GFX9-NEXT:   ; %bb.0:
// GFX9-NEXT:   s_endpgm
// GFX9-LABEL: {{^}}none:
// GFX9-NEXT:   ; %bb.0:
// GFX9-NEXT:   s_endpgm
//
// RDNA-LABEL: {{^}}ds0:
// RDNA-NEXT:   ; %bb.0:
// RDNA-NEXT:   s_waitcnt lgkmcnt(0){{$}}
// RDNA-NEXT:   s_endpgm
// RDNA-LABEL: {{^}}load3_ds2:
// RDNA-NEXT:   ; %bb.0:
// RDNA-NEXT:   s_waitcnt vmcnt(3) lgkmcnt(2){{$}}
// RDNA-NEXT:   s_endpgm
// RDNA-LABEL: {{^}}load5_store1:
// RDNA-NEXT:   ; %bb.0:
// RDNA-NEXT:   s_waitcnt vmcnt(5){{$}}
// RDNA-NEXT:   ;;#ASMSTART
// RDNA-NEXT:   s_waitcnt_vscnt null, 0x1{{$}}
// RDNA-NEXT:   ;;#ASMEND
// RDNA-NEXT:   s_endpgm
// RDNA-LABEL: {{^}}load40:
// RDNA-NEXT:   ; %bb.0:
// RDNA-NEXT:   s_waitcnt vmcnt(40){{$}}
// RDNA-NEXT:   s_endpgm
// RDNA-LABEL: {{^}}ds20:
// RDNA-NEXT:   ; %bb.0:
// RDNA-NEXT:   s_waitcnt lgkmcnt(20){{$}}
// RDNA-NEXT:   s_endpgm
// RDNA-LABEL: {{^}}clamped:
// RDNA-NEXT:   ; %bb.0:
// RDNA-NEXT:   s_endpgm
// RDNA-LABEL: {{^}}none:
// RDNA-NEXT:   ; %bb.0:
// RDNA-NEXT:   s_endpgm
//
// GFX12-LABEL: {{^}}ds0:
// GFX12-NEXT:   ; %bb.0:
// GFX12-NEXT:   s_wait_dscnt 0x0{{$}}
// GFX12-NEXT:   s_endpgm
// GFX12-LABEL: {{^}}load3_ds2:
// GFX12-NEXT:   ; %bb.0:
// GFX12-NEXT:   s_wait_loadcnt_dscnt 0x302{{$}}
// GFX12-NEXT:   s_endpgm
// GFX12-LABEL: {{^}}load5_store1:
// GFX12-NEXT:   ; %bb.0:
// GFX12-NEXT:   s_wait_loadcnt 0x5{{$}}
// GFX12-NEXT:   s_wait_storecnt 0x1{{$}}
// GFX12-NEXT:   s_endpgm
// GFX12-LABEL: {{^}}load40:
// GFX12-NEXT:   ; %bb.0:
// GFX12-NEXT:   s_wait_loadcnt 0x28{{$}}
// GFX12-NEXT:   s_endpgm
// GFX12-LABEL: {{^}}ds20:
// GFX12-NEXT:   ; %bb.0:
// GFX12-NEXT:   s_wait_dscnt 0x14{{$}}
// GFX12-NEXT:   s_endpgm
// GFX12-LABEL: {{^}}clamped:
// GFX12-NEXT:   ; %bb.0:
// GFX12-NEXT:   s_endpgm
// GFX12-LABEL: {{^}}none:
// GFX12-NEXT:   ; %bb.0:
// GFX12-NEXT:   s_endpgm
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @ds0() attributes {gpu.kernel} {
    gpu.memory_counter_wait {ds = 0}
    llvm.return
  }
  llvm.func @load3_ds2() attributes {gpu.kernel} {
    gpu.memory_counter_wait {load = 3, ds = 2}
    llvm.return
  }
  llvm.func @load5_store1() attributes {gpu.kernel} {
    gpu.memory_counter_wait {load = 5, store = 1}
    llvm.return
  }
  llvm.func @load40() attributes {gpu.kernel} {
    gpu.memory_counter_wait {load = 40}
    llvm.return
  }
  llvm.func @ds20() attributes {gpu.kernel} {
    gpu.memory_counter_wait {ds = 20}
    llvm.return
  }
  llvm.func @clamped() attributes {gpu.kernel} {
    gpu.memory_counter_wait {load = 100, store = 64, ds = 63}
    llvm.return
  }
  llvm.func @none() attributes {gpu.kernel} {
    gpu.memory_counter_wait
    llvm.return
  }
}
