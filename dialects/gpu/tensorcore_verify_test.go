package gpu_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// wrapTC puts body into a function with the values the tensor-core ops
// take: %h f16 and %b i8 elements, %f f32, %i i32, %l i64 descriptors,
// %c i1, shared %s, global %g and generic %m pointers.
func wrapTC(body string) string {
	return `llvm.func @f(%g: !llvm.ptr<1>, %s: !llvm.ptr<3>, %m: !llvm.ptr, %c: i1, %f: f32, %i: i32, %l: i64, %h: f16, %b: i8) {
  %k0 = llvm.mlir.constant(0 : i32) : i32
  %k16 = llvm.mlir.constant(16 : i32) : i32
  %k48 = llvm.mlir.constant(48 : i32) : i32
  %k32 = llvm.mlir.constant(32 : i32) : i32
` + body + `
  llvm.return
}`
}

func rep(v string, n int) string {
	vs := make([]string, n)
	for i := range vs {
		vs[i] = v
	}
	return strings.Join(vs, ", ")
}

// TestTensorCoreVerifierErrors checks the diagnostics of the tensor-core,
// async-copy and barrier ops: wrong fragment counts, wrong types, shapes
// and options no instruction has.
func TestTensorCoreVerifierErrors(t *testing.T) {
	h8, h4, f4 := rep("%h", 8), rep("%h", 4), rep("%f", 4)
	cases := []struct{ body, want string }{
		// mma_sync
		{`%d:4 = gpu.mma_sync m16n8k16 f32.f16.f16 [` + rep("%h", 7) + `], [` + h4 + `], [` + f4 + `]`, "expected 8 A elements, got 7"},
		{`%d:4 = gpu.mma_sync m16n8k16 f32.f16.f16 [` + h8 + `], [` + h4 + `], [%f, %f]`, "expected 4 C elements, got 2"},
		{`%d:4 = gpu.mma_sync m16n8k4 f32.f16.f16 [` + h8 + `], [` + h4 + `], [` + f4 + `]`, "unsupported mma shape m16n8k4"},
		{`%d:4 = gpu.mma_sync m16n8k16 f32.tf32.tf32 [` + rep("%f", 8) + `], [` + f4 + `], [` + f4 + `]`, "no m16n8k16 form with types f32.tf32.tf32"},
		{`%d:4 = gpu.mma_sync m16n8k16 f32.f16.f17 [` + h8 + `], [` + h4 + `], [` + f4 + `]`, "expected dtype.atype.btype"},
		{`%d:4 = gpu.mma_sync m16n8k16 f32.f16.f16 [` + h8 + `], [` + h4 + `], [` + f4 + `] {satfinite}`, "satfinite applies to integer"},
		{`%d:4 = "gpu.mma_sync"(` + rep("%f", 8) + `, ` + h4 + `, ` + f4 + `) {shape = array<i32: 16, 8, 16>, d_type = 8 : i32, a_type = 1 : i32, b_type = 1 : i32} : (` + rep("f32", 8) + `, ` + rep("f16", 4) + `, ` + rep("f32", 4) + `) -> (f32, f32, f32, f32)`, "A elements #0 has type 'f32', expected 'f16'"},
		{`%d:3 = "gpu.mma_sync"(` + h8 + `, ` + h4 + `, ` + f4 + `) {shape = array<i32: 16, 8, 16>, d_type = 8 : i32, a_type = 1 : i32, b_type = 1 : i32} : (` + rep("f16", 8) + `, ` + rep("f16", 4) + `, ` + rep("f32", 4) + `) -> (f32, f32, f32)`, "expected 4 results, got 3"},
		{`%d:4 = "gpu.mma_sync"(` + h8 + `, ` + h4 + `, ` + f4 + `) {d_type = 8 : i32, a_type = 1 : i32, b_type = 1 : i32} : (` + rep("f16", 8) + `, ` + rep("f16", 4) + `, ` + rep("f32", 4) + `) -> (f32, f32, f32, f32)`, "requires attribute 'shape'"},
		{`%d:4 = gpu.mma_sync m16n8k32 f64.f64.f64 [` + rep("%f", 16) + `], [` + rep("%f", 8) + `], [` + f4 + `]`, "unsupported f64 mma shape m16n8k32"},
		{`%d:2 = gpu.mma_sync m8n8k4 f64.f32.f32 [%f], [%f], [%f, %f]`, "f64 multiplies f64 only"},
		{`%d:4 = gpu.mma_sync m8n8k8 f32.f16.f16 [` + h8 + `], [` + h4 + `], [` + f4 + `]`, "unsupported mma shape m8n8k8"},
		// ldmatrix, stmatrix
		{`%e:3 = gpu.ldmatrix %s : !llvm.ptr<3> -> f16, f16, f16`, "3 results of 16 bits are not 1, 2 or 4 matrices"},
		{`%e:4 = gpu.ldmatrix %s {trans} : !llvm.ptr<3> -> i8, i8, i8, i8`, "'trans' transposes 16-bit units"},
		{`%e:2 = gpu.ldmatrix %g : !llvm.ptr<1> -> f16, f16`, "address must be an !llvm.ptr<3>"},
		{`%e:2 = gpu.ldmatrix %s : !llvm.ptr<3> -> f16, i16`, "all results must have one type"},
		{`%e = gpu.ldmatrix %s : !llvm.ptr<3> -> i64`, "must be 8, 16 or 32-bit"},
		{`gpu.stmatrix %s, %h : !llvm.ptr<3>, f16`, "1 values of 16 bits are not 1, 2 or 4 matrices"},
		// cp.async
		{`gpu.cp_async %s, %g {cache = ca, size = 12} : !llvm.ptr<3>, !llvm.ptr<1>`, "copies 4, 8 or 16 bytes, not 12"},
		{`gpu.cp_async %s, %g {cache = cg, size = 8} : !llvm.ptr<3>, !llvm.ptr<1>`, "'cg' copies 16 bytes only"},
		{`gpu.cp_async %s, %g {cache = cv, size = 4} : !llvm.ptr<3>, !llvm.ptr<1>`, "must be 'ca' or 'cg'"},
		{`gpu.cp_async %g, %g {cache = ca, size = 4} : !llvm.ptr<1>, !llvm.ptr<1>`, "destination must be an !llvm.ptr<3>"},
		{`gpu.cp_async %s, %g {cache = ca} : !llvm.ptr<3>, !llvm.ptr<1>`, "requires option 'size'"},
		{`gpu.cp_async %s, %g, %k48 {cache = ca, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>, i32`, "src-size 48 is not between 0 and the copy size 16"},
		{`gpu.cp_async %s, %g, %c, %i {cache = ca, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>, i1, i32`, "the third must be the i32 src-size"},
		{`gpu.cp_async_wait -1`, "between 0 and 255"},
		// wgmma
		{`%d:6 = gpu.wgmma m64n12k16 f32.f16.f16 %l, %l, %c, [` + rep("%f", 6) + `]`, "has no N = 12"},
		{`%d:4 = gpu.wgmma m64n8k8 f32.f16.f16 %l, %l, %c, [` + f4 + `]`, "has K = 16, not 8"},
		{`%d:4 = gpu.wgmma m64n8k16 f32.f16.f16 [%i, %i, %i, %i], %l, %c, [` + f4 + `] {trans_a}`, "'trans_a' applies to an A operand in shared memory"},
		{`%d:4 = gpu.wgmma m64n8k8 f32.tf32.tf32 %l, %l, %c, [` + f4 + `] {trans_b}`, "only f16 and bf16 wgmma can transpose"},
		{`%d:4 = gpu.wgmma m64n8k16 f32.f16.f16 %l, %l, %c`, "without C operands scale_d must be the constant false"},
		{`%d:4 = gpu.wgmma m64n8k16 f32.f16.f16 %l, %l, %c, [%f, %f, %f]`, "expected 4 C elements, got 3"},
		{`%d:20 = gpu.wgmma m64n40k32 s32.s8.s8 %l, %l, %c, [` + rep("%i", 20) + `]`, "has no N = 40"},
		{`%d:4 = gpu.wgmma m64n8k32 s32.s8.u8 %l, %l, %c, [` + rep("%i", 4) + `] {neg_a}`, "only float wgmma can negate"},
		{`%d:4 = gpu.wgmma m64n8k16 f32.bf16.bf16 %l, %l, %c, [` + f4 + `] {satfinite}`, "satfinite applies to integer"},
		{`%d:4 = gpu.wgmma m64n8k16 f32.f16.f16 [%i, %i], %l, %c, [` + f4 + `]`, "A in registers is 4 i32 words"},
		{`%d:2 = gpu.wgmma m32n8k16 f16.f16.f16 %l, %l, %c, [%i, %i]`, "wgmma has M = 64"},
		{`%w = gpu.wgmma_wait 0, %l : i64`, "ties 32-bit registers"},
		{`%w = "gpu.wgmma_wait"(%f) {pending = 0 : i32} : (f32) -> i32`, "result #0 has type 'i32' but operand #0 has type 'f32'"},
		{`%d = gpu.wgmma_desc %s {swizzle = 16, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i64`, "swizzle must be 0 (none), 32, 64 or 128"},
		{`%d = gpu.wgmma_desc %s {swizzle = 128, lbo = 20, sbo = 1024} : !llvm.ptr<3> -> i64`, "lbo must be a multiple of 16"},
		{`%d = gpu.wgmma_desc %s {swizzle = 128, sbo = 1024} : !llvm.ptr<3> -> i64`, "requires option 'lbo'"},
		{`%d = gpu.wgmma_desc %s {swizzle = 128, lbo = 16, sbo = 1024} : !llvm.ptr<3> -> i32`, "result must be i64"},
		// mbarrier
		{`gpu.mbarrier_init %s {count = 0} : !llvm.ptr<3>`, "count must be between 1 and 2^20-1"},
		{`gpu.mbarrier_init %s : !llvm.ptr<3>`, "requires option 'count'"},
		{`gpu.mbarrier_arrive %g : !llvm.ptr<1>`, "barrier must be an !llvm.ptr<3>"},
		{`gpu.mbarrier_wait %s : !llvm.ptr<3>`, "expected 2 operands and an optional predicate"},
		{`gpu.mbarrier_arrive_expect_tx %s {tx = 2000000} : !llvm.ptr<3>`, "tx must be between 0 and 2^20-1"},
		{`gpu.cp_async_mbarrier_arrive %g {noinc} : !llvm.ptr<1>`, "barrier must be an !llvm.ptr<3>"},
		{`gpu.cp_async_mbarrier_arrive %s {noinc = 1} : !llvm.ptr<3>`, "'noinc' is a flag and takes no value"},
		{`"gpu.cp_async_mbarrier_arrive"(%s, %i) : (!llvm.ptr<3>, i32) -> ()`, "predicate must be i1, got 'i32'"},
		{`gpu.cp_async_mbarrier_arrive %s, %c, %c : !llvm.ptr<3>`, "expected 1 operands and an optional predicate, got 3"},
		{`"gpu.cp_async_mbarrier_arrive"(%s) {noinc = 1 : i32} : (!llvm.ptr<3>) -> ()`, "attribute 'noinc' must be a unit attribute"},
		{`gpu.mbarrier_arrive_cluster %s : !llvm.ptr<3>`, "expected 2 operands and an optional predicate"},
		{`"gpu.mbarrier_arrive_cluster"(%s, %c) : (!llvm.ptr<3>, i1) -> ()`, "rank must be i32, got 'i1'"},
		{`gpu.mbarrier_arrive_cluster %s, %i {count = 0} : !llvm.ptr<3>`, "count must be between 1 and 2^20-1"},
		// the cluster's barrier
		{`gpu.cluster_arrive {relaxed = 1}`, "'relaxed' is a flag and takes no value"},
		{`"gpu.cluster_wait"(%i) : (i32) -> ()`, "expected 0 operands"},
		// TMA
		{`gpu.tma_load %s, %s, %m[%i] {multicast = 0 : i32} : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr`, "'multicast' must be an i32 mask"},
		{`gpu.tma_load %s, %s, %m[%i] {multicast = 65536 : i32} : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr`, "'multicast' must be an i32 mask"},
		{`gpu.tma_load %s, %s, %m[%i, %i, %i, %i, %i, %i] : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr`, "rank 1 to 5, got 6"},
		{`gpu.tma_load %s, %s, %s[%i] : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<3>`, "tensor map must be an !llvm.ptr"},
		{`gpu.tma_store %m[%i], %g : !llvm.ptr, !llvm.ptr<1>`, "shared-memory box must be an !llvm.ptr<3>"},
		{`gpu.tma_reduce mul %m[%i], %s : !llvm.ptr, !llvm.ptr<3>`, "expected a reduction kind (add, min, max, inc, dec, and, or, xor), got 'mul'"},
		{`"gpu.tma_reduce"(%m, %s, %i) : (!llvm.ptr, !llvm.ptr<3>, i32) -> ()`, "requires attribute 'kind'"},
		{`gpu.tma_reduce add %m[%i], %g : !llvm.ptr, !llvm.ptr<1>`, "shared-memory box must be an !llvm.ptr<3>"},
		// tensor maps made in the kernel
		{`gpu.tensormap_replace %s, %i, %c {field = "box_size", ord = 0 : i32} : !llvm.ptr<3>, i32, i1`, "unknown tensor map field 'box_size'"},
		{`gpu.tensormap_replace %s, %i, %c {field = "box_dim"} : !llvm.ptr<3>, i32, i1`, "field 'box_dim' needs an ord between 0 and 4"},
		{`gpu.tensormap_replace %s, %i, %c {field = "box_dim", ord = 5 : i32} : !llvm.ptr<3>, i32, i1`, "field 'box_dim' needs an ord between 0 and 4"},
		{`gpu.tensormap_replace %s, %l, %c {field = "box_dim", ord = 0 : i32} : !llvm.ptr<3>, i64, i1`, "field 'box_dim' takes a 32-bit value, got 'i64'"},
		{`gpu.tensormap_replace %s, %i, %c {field = "global_stride", ord = 0 : i32} : !llvm.ptr<3>, i32, i1`, "field 'global_stride' takes a 64-bit value"},
		{`gpu.tensormap_replace %s, %c {field = "swizzle_mode", value = 5 : i32} : !llvm.ptr<3>, i1`, "field 'swizzle_mode' needs a value between 0 and 4"},
		{`gpu.tensormap_replace %s, %i, %c {field = "elemtype", value = 7 : i32} : !llvm.ptr<3>, i32, i1`, "expected 2 operands, but found 3"},
		{`gpu.tensormap_replace %s, %c {field = "rank", value = 1 : i32, ord = 0 : i32} : !llvm.ptr<3>, i1`, "field 'rank' takes no ord"},
		{`gpu.tensormap_replace %g, %c {field = "rank", value = 1 : i32} : !llvm.ptr<1>, i1`, "the template must be an !llvm.ptr<3>"},
		{`gpu.tensormap_replace %s, %i {field = "rank", value = 1 : i32} : !llvm.ptr<3>, i32`, "the last operand must be the i1 predicate"},
		{`gpu.tensormap_cp_fenceproxy %s, %s, %c : !llvm.ptr<3>, !llvm.ptr<3>, i1`, "the destination must be an !llvm.ptr<1>"},
		{`gpu.tensormap_cp_fenceproxy %g, %s : !llvm.ptr<1>, !llvm.ptr<3>`, "expected 3 operands, but found 2"},
		{`gpu.fence_proxy_tensormap_acquire %s, %c : !llvm.ptr<3>, i1`, "tensor map must be an !llvm.ptr"},
		{`gpu.fence_proxy_tensormap_acquire %g, %i : !llvm.ptr<1>, i32`, "the last operand must be the i1 predicate"},
		{`gpu.bulk_wait 300`, "between 0 and 255"},
		// warp specialization
		{`gpu.named_barrier %k16, %k32`, "barrier id must be between 0 and 15, not 16"},
		{`gpu.named_barrier_arrive %k0, %k48`, "thread count must be a positive multiple of 32, not 48"},
		{`gpu.named_barrier %k0, %k32 {unaligned = 1 : i32}`, "'unaligned' must be a unit attribute"},
		{`gpu.setmaxnreg inc 20`, "multiple of 8 between 24 and 256"},
		{`gpu.setmaxnreg up 40`, "expected 'inc' or 'dec'"},
		{`%e = gpu.elect_sync : i32`, "result must be i1"},
	}
	for _, c := range cases {
		src := wrapTC("  " + c.body)
		op, err := asm.Parse(newContext(), src, asm.ParseConfig{Filename: "t.mlir"})
		if err == nil {
			err = ir.Verify(op)
		}
		if err == nil {
			t.Errorf("%s: no error, want %q", c.body, c.want)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, c.want) {
			t.Errorf("%s:\n got: %s\nwant: %s", c.body, msg, c.want)
		}
		if !strings.Contains(msg, "t.mlir:") {
			t.Errorf("%s: diagnostic is not located: %s", c.body, msg)
		}
	}
}
