package nvptx

import (
	"errors"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// Bad input gets a located diagnostic, never a panic or partial output.
func TestErrors(t *testing.T) {
	cases := []struct {
		name, opts, src, want string
		line                  int
	}{
		{"no kernel", "", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @f(%a: i32)
}`, "holds no kernel", 1},
		{"no warps", "", `module {
  llvm.func @k() attributes {gpu.kernel} {
    llvm.return
  }
}`, "no 'ttg.num-warps'", 1},
		{"tt level", "", `module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @k() {
    tt.return
  }
}`, "expects per-thread IR", 2},
		{"unsupported op", "", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k(%a: i32) attributes {gpu.kernel} {
    %b = arith.addi %a, %a : i32
    llvm.return
  }
}`, "does not support 'arith.addi'", 3},
		{"shared parameter", "", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k(%a: !llvm.ptr<3>) attributes {gpu.kernel} {
    llvm.return
  }
}`, "address space 3", 2},
		{"call to a declaration", "", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @__nv_erff(f32) -> f32
  llvm.func @k(%x: f32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %y = llvm.call @__nv_erff(%x) : (f32) -> f32
    llvm.store %y, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}`, "tt links no device libraries", 4},
		{"bad arch", "sm_60", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k() attributes {gpu.kernel} {
    llvm.return
  }
}`, "unsupported NVIDIA architecture", 1},
		{"ptx too old", "ptx=7.5", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k(%x: f32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %h = gpu.cvt %x {rounding = rn, satfinite} : f32 -> f16
    gpu.store %p, %h : !llvm.ptr<1>, f16
    llvm.return
  }
}`, "needs PTX 8.1", 1},
		{"fp8 on sm_80", "sm_80", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k(%x: f32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %h = gpu.cvt %x, %x {rounding = rn, satfinite} : f32, f32 -> vector<2xf8E4M3FN>
    gpu.store %p, %h : !llvm.ptr<1>, vector<2xf8E4M3FN>
    llvm.return
  }
}`, "conversion to fp8 needs sm_89 or newer; the target is sm_80", 3},
		{"bf16 atomics on sm_80", "sm_80", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k(%x: bf16, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %o = gpu.atomic_rmw fadd, relaxed, gpu, %p, %x : !llvm.ptr<1>, bf16 -> bf16
    llvm.return
  }
}`, "does not support 'gpu.atomic_rmw' on bf16", 3},
		{"clusters on sm_80", "sm_80", `module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  llvm.func @k() attributes {gpu.kernel} {
    llvm.return
  }
}`, "clusters of CTAs ('ttg.num-ctas' = 2) need sm_90 or newer; the target is sm_80", 1},
		{"cluster of 3", "", `module attributes {"ttg.num-ctas" = 3 : i32, "ttg.num-warps" = 4 : i32} {
  llvm.func @k() attributes {gpu.kernel} {
    llvm.return
  }
}`, "'ttg.num-ctas' must be a power of two from 1 to 16", 1},
		{"cta cluster and num-ctas", "", `module attributes {"tt.cta-cluster" = 2 : i32, "ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  llvm.func @k() attributes {gpu.kernel} {
    llvm.return
  }
}`, "'tt.cta-cluster' = 2 and 'ttg.num-ctas' = 2 cannot both be set", 1},
		{"cta cluster on sm_80", "sm_80", `module attributes {"tt.cta-cluster" = 2 : i32, "ttg.num-warps" = 4 : i32} {
  llvm.func @k() attributes {gpu.kernel} {
    llvm.return
  }
}`, "clusters of CTAs ('tt.cta-cluster' = 2) need sm_90 or newer; the target is sm_80", 1},
		{"cta cluster of 32", "", `module attributes {"tt.cta-cluster" = 32 : i32, "ttg.num-warps" = 4 : i32} {
  llvm.func @k() attributes {gpu.kernel} {
    llvm.return
  }
}`, "'tt.cta-cluster' must be from 1 to 16", 1},
		{"multicast on sm_80", "sm_80", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k(%m: !llvm.ptr<1>, %i: i32) attributes {gpu.kernel} {
    %s = gpu.shared_base : !llvm.ptr<3>
    gpu.tma_load %s, %s, %m[%i] {multicast = 3 : i32} : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<1>
    llvm.return
  }
}`, "cp.async.bulk.tensor needs sm_90 or newer; the target is sm_80", 4},
		{"remote arrive on sm_80", "sm_80", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k(%i: i32) attributes {gpu.kernel} {
    %s = gpu.shared_base : !llvm.ptr<3>
    gpu.mbarrier_arrive_cluster %s, %i : !llvm.ptr<3>
    llvm.return
  }
}`, "mbarrier.arrive.shared::cluster needs sm_90 or newer; the target is sm_80", 4},
		{"cluster barrier on sm_80", "sm_80", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k() attributes {gpu.kernel} {
    gpu.cluster_arrive
    gpu.cluster_wait
    llvm.return
  }
}`, "barrier.cluster.arrive needs sm_90 or newer; the target is sm_80", 3},
		{"cluster rank on sm_80", "sm_80", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k(%p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %r = gpu.cluster_block_rank : i32
    gpu.store %p, %r : !llvm.ptr<1>, i32
    llvm.return
  }
}`, "%cluster_ctarank needs sm_90 or newer; the target is sm_80", 3},
		{"xorsign min on sm_80", "sm_80", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k(%x: f32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %m = gpu.min_xorsign_abs %x, %x : f32
    gpu.store %p, %m : !llvm.ptr<1>, f32
    llvm.return
  }
}`, "needs sm_86 or later", 3},
		{"wgmma on sm_80", "sm_80", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k() attributes {gpu.kernel} {
    gpu.wgmma_fence
    llvm.return
  }
}`, "wgmma.fence needs sm_90a; the target is sm_80", 3},
		{"wgmma on sm_100", "sm_100", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k(%d: i64, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %f = llvm.mlir.constant(false) : i1
    %r:4 = gpu.wgmma m64n8k16 f32.f16.f16 %d, %d, %f
    gpu.store %p, %r#0 : !llvm.ptr<1>, f32
    llvm.return
  }
}`, "wgmma.mma_async needs sm_90a; the target is sm_100", 4},
		{"fp8 mma on sm_80", "sm_80", `module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @k(%b: i8, %x: f32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %d:4 = gpu.mma_sync m16n8k32 f32.e4m3.e4m3 [%b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b], [%b, %b, %b, %b, %b, %b, %b, %b], [%x, %x, %x, %x]
    gpu.store %p, %d#0 : !llvm.ptr<1>, f32
    llvm.return
  }
}`, "mma.sync m16n8k32 f32.e4m3.e4m3 needs sm_89 or newer; the target is sm_80", 3},
		{"f64 m16n8k16 mma on sm_80", "sm_80", `module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @k(%a: f64, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %d:4 = gpu.mma_sync m16n8k16 f64.f64.f64 [%a, %a, %a, %a, %a, %a, %a, %a], [%a, %a, %a, %a], [%a, %a, %a, %a]
    gpu.store %p, %d#0 : !llvm.ptr<1>, f64
    llvm.return
  }
}`, "mma.sync m16n8k16 f64.f64.f64 needs sm_90 or newer; the target is sm_80", 3},
		{"fp8 mma on PTX 8.3", "sm_90 ptx=8.3", `module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @k(%b: i8, %x: f32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %d:4 = gpu.mma_sync m16n8k32 f32.e4m3.e4m3 [%b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b, %b], [%b, %b, %b, %b, %b, %b, %b, %b], [%x, %x, %x, %x]
    gpu.store %p, %d#0 : !llvm.ptr<1>, f32
    llvm.return
  }
}`, "needs PTX 8.4", 1},
		{"stmatrix on sm_80", "sm_80", `module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @k(%x: i32) attributes {gpu.kernel} {
    %s = gpu.shared_base : !llvm.ptr<3>
    gpu.stmatrix %s, %x : !llvm.ptr<3>, i32
    llvm.return
  }
}`, "stmatrix needs sm_90 or newer; the target is sm_80", 4},
		{"cp.async on sm_75", "sm_75", `module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @k(%g: !llvm.ptr<1>) attributes {gpu.kernel} {
    %s = gpu.shared_base : !llvm.ptr<3>
    gpu.cp_async %s, %g {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>
    llvm.return
  }
}`, "cp.async needs sm_80 or newer; the target is sm_75", 4},
		{"cp.async.mbarrier.arrive on sm_75", "sm_75", `module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @k() attributes {gpu.kernel} {
    %s = gpu.shared_base : !llvm.ptr<3>
    gpu.cp_async_mbarrier_arrive %s {noinc} : !llvm.ptr<3>
    llvm.return
  }
}`, "cp.async.mbarrier.arrive needs sm_80 or newer; the target is sm_75", 4},
		{"setmaxnreg on sm_80", "sm_80", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k() attributes {gpu.kernel} {
    gpu.setmaxnreg inc 240
    llvm.return
  }
}`, "setmaxnreg needs sm_90a or newer; the target is sm_80", 3},
		{"TMA on sm_80", "sm_80", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k(%m: !llvm.ptr<1>, %x: i32) attributes {gpu.kernel} {
    %s = gpu.shared_base : !llvm.ptr<3>
    gpu.tma_store %m[%x], %s : !llvm.ptr<1>, !llvm.ptr<3>
    llvm.return
  }
}`, "cp.async.bulk.tensor needs sm_90 or newer", 4},
		{"accumulator copied while in flight", "sm_90", `module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @k(%d: i64, %n: i32, %p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %z = llvm.mlir.constant(0.000000e+00 : f32) : f32
    %t = llvm.mlir.constant(true) : i1
    llvm.br ^h(%c0, %z, %z, %z, %z : i32, f32, f32, f32, f32)
  ^h(%i: i32, %a0: f32, %a1: f32, %a2: f32, %a3: f32):
    %more = llvm.icmp "slt" %i, %n : i32
    llvm.cond_br %more, ^b, ^x
  ^b:
    gpu.wgmma_fence
    %e:4 = gpu.wgmma m64n8k16 f32.f16.f16 %d, %d, %t, [%a0, %a1, %a2, %a3]
    %f:4 = gpu.wgmma m64n8k16 f32.f16.f16 %d, %d, %t, [%a0, %a1, %a2, %a3]
    gpu.wgmma_commit
    %w:4 = gpu.wgmma_wait 1, %f#0, %f#1, %f#2, %f#3 : f32, f32, f32, f32
    %i1 = llvm.add %i, %c1 : i32
    llvm.br ^h(%i1, %w#0, %w#1, %w#2, %w#3 : i32, f32, f32, f32, f32)
  ^x:
    %r:4 = gpu.wgmma_wait 0, %a0, %a1, %a2, %a3 : f32, f32, f32, f32
    gpu.store %p, %r#0 : !llvm.ptr<1>, f32
    llvm.return
  }
}`, "accumulator 0 may still be written by an earlier wgmma", 13},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, c.name, c.src)
			var o Options
			for _, kv := range strings.Fields(c.opts) {
				if v, ok := strings.CutPrefix(kv, "ptx="); ok {
					o.PTXVersion = v
				} else {
					o.Arch = kv
				}
			}
			var out strings.Builder
			_, err := Emit(m, o, &out)
			if err == nil {
				t.Fatalf("no error; output:\n%s", out.String())
			}
			if out.Len() != 0 {
				t.Errorf("partial output written on error")
			}
			var d *ir.Diagnostic
			if !errors.As(err, &d) {
				t.Fatalf("error is not a diagnostic: %v", err)
			}
			if !strings.Contains(d.Message, c.want) {
				t.Errorf("message %q does not mention %q", d.Message, c.want)
			}
			if loc := ir.FindFileLineCol(d.Loc); loc == nil || loc.Line != c.line {
				t.Errorf("located at %v, want line %d", ir.LocString(d.Loc), c.line)
			}
		})
	}
}

func TestMetadata(t *testing.T) {
	m := parse(t, "meta", `module attributes {"ttg.num-warps" = 8 : i32, ttg.shared = 2048 : i32} {
  llvm.func @first() attributes {gpu.kernel} {
    llvm.return
  }
  llvm.func @second(%p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %r = llvm.inline_asm has_side_effects "wgmma.fence.sync.aligned;", "" : () -> !llvm.void
    llvm.return
  }
}`)
	var out strings.Builder
	ks, err := Emit(m, Options{Arch: "sm_90", ReqNTID: true}, &out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), ".reqntid 256, 1, 1") || strings.Contains(out.String(), ".maxntid") {
		t.Errorf("ReqNTID: want only .reqntid 256:\n%s", out.String())
	}
	if !strings.Contains(out.String(), ".target sm_90a") {
		t.Errorf("wgmma did not select sm_90a")
	}
	want := []Kernel{
		{Name: "first", NumWarps: 8, NumCTAs: 1, ClusterDims: [3]int{1, 1, 1}, Shared: 2048, Target: "sm_90a"},
		{Name: "second", NumWarps: 8, NumCTAs: 1, ClusterDims: [3]int{1, 1, 1}, Shared: 2048, Target: "sm_90a"},
	}
	if len(ks) != 2 || ks[0] != want[0] || ks[1] != want[1] {
		t.Errorf("metadata %+v, want %+v", ks, want)
	}
}
