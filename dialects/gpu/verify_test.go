package gpu_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// wrap puts body into a function with handy arguments.
func wrap(body string) string {
	return `llvm.func @f(%p1: !llvm.ptr<1>, %p3: !llvm.ptr<3>, %c: i1, %x: f32, %i: i32, %h: vector<2xf16>, %l: i64, %d: f64) {
` + body + `
  llvm.return
}`
}

// checkLocatedErrors checks that each case's body, in a function of
// wrap's arguments, fails to parse or verify with a diagnostic located in
// the file that contains want.
func checkLocatedErrors(t *testing.T, cases []struct{ body, want string }) {
	t.Helper()
	for _, c := range cases {
		op, err := asm.Parse(newContext(), wrap("  "+c.body), asm.ParseConfig{Filename: "t.mlir"})
		if err == nil {
			err = ir.Verify(op)
		}
		if err == nil {
			t.Errorf("%s: no error, want %q", c.body, c.want)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, c.want) || !strings.Contains(msg, "t.mlir:") {
			t.Errorf("%s:\n got: %s\nwant a located %q", c.body, msg, c.want)
		}
	}
}

// TestVerifierErrors checks that malformed ops get the located diagnostic
// that says what is wrong, from the parser or the verifier.
func TestVerifierErrors(t *testing.T) {
	cases := []struct{ body, want string }{
		{`%0 = gpu.thread_id w : i32`, "expected dimension x, y or z"},
		{`%0 = gpu.fma %i, %i, %i {rounding = rm} : i32`, "operates on f32 or f64, got 'i32'"},
		{`%0 = gpu.fadd %d, %d {rounding = rn, ftz} : f64`, "ftz applies to f32 only"},
		{`%0 = gpu.saturate %d : f64`, "operates on f32, got 'f64'"},
		{`%0 = gpu.fadd %x, %x : f32`, "requires rounding rn, rz, rm or rp"},
		{`%0 = gpu.fmul %x, %x {rounding = rna} : f32`, "requires rounding rn, rz, rm or rp"},
		{`%0 = gpu.fma %x, %x {rounding = rn} : f32`, "expected 3 operands, got 2"},
		{`%0 = gpu.saturate %x {rounding = rz} : f32`, "expected attribute value"},
		{`%0 = gpu.fdiv %x, %x {ftz} : f32`, "requires rounding rn, rz, rm or rp"},
		{`%0 = gpu.frcp %x, %x {rounding = rn} : f32`, "expected 1 operands, got 2"},
		{`%0 = gpu.fsqrt %d {rounding = rz, ftz} : f64`, "ftz applies to f32 only"},
		{`%0 = gpu.fsub %i, %i {rounding = rp} : i32`, "operates on f32 or f64, got 'i32'"},
		{`%0 = gpu.thread_id x : i64`, "result must be i32"},
		{`%0 = gpu.lane_id : f32`, "result must be i32"},
		{`%0 = gpu.cluster_id w : i32`, "expected dimension x, y or z"},
		{`%0 = gpu.cluster_dim x : i64`, "result must be i32"},
		{`%0 = gpu.cluster_block_rank : i16`, "result must be i32"},
		{`%0 = gpu.cluster_num_blocks %i : i32`, "expected ':'"},
		{`gpu.memory_counter_wait {ds = -1}`, "'ds' is a count of accesses in flight and cannot be negative (-1)"},
		{`gpu.memory_counter_wait {load = 1.0}`, "expected integer"},
		{`%0 = gpu.sm_id : i64`, "result must be i32"},
		{`%0 = gpu.num_sm_ids %i : i32`, "expected ':'"},
		{`%0 = gpu.shared_base : !llvm.ptr<1>`, "result must be !llvm.ptr<3>"},
		{`%0 = gpu.shuffle bfly %x, %i, %i : f32`, "expected shuffle mode"},
		{`%0 = gpu.shuffle xor %d, %i, %i : f64`, "shuffles a 32-bit value"},
		{`%w = llvm.mlir.constant(3 : i32) : i32
  %0 = gpu.shuffle xor %x, %i, %w : f32`, "width must be a power of two"},
		{`%0 = gpu.ballot %c : i16`, "result must be i32 or i64"},
		{`%0:3 = gpu.load %p1 : !llvm.ptr<1> -> f32, f32, f32`, "accesses 1, 2 or 4 words"},
		{`%0:4 = gpu.load %p1 : !llvm.ptr<1> -> f64, f64, f64, f64`, "at most 128 bits"},
		{`%0:2 = gpu.load %p1 : !llvm.ptr<1> -> f32, i32`, "all words must have one type"},
		{`%0 = gpu.load %p1 {space = shared} : !llvm.ptr<1> -> f32`, "does not match the pointer's address space"},
		{`%0 = gpu.load %p3 {space = shared, cache = cg} : !llvm.ptr<3> -> f32`, "cache modifiers apply to global memory only"},
		{`%0 = gpu.load %p1 {cache = wb} : !llvm.ptr<1> -> f32`, "'wb' is not valid for a load"},
		{`%0 = gpu.load %p1 {cache = ca, volatile} : !llvm.ptr<1> -> f32`, "volatile access takes no cache modifier"},
		{`%0 = gpu.load %p1 {cache = fast} : !llvm.ptr<1> -> f32`, "expected one of [none, ca, cg, wb, cs, wt, cv] for 'cache'"},
		{`%0:2 = gpu.load %p1, %c, %x : !llvm.ptr<1> -> f32, f32`, "expected 2 'other' operands"},
		{`%0 = gpu.load %p1 : !llvm.ptr<1> -> i1`, "words must be 8, 16, 32 or 64-bit"},
		{`gpu.store %p1, %x {cache = ca} : !llvm.ptr<1>, f32`, "'ca' is not valid for a store"},
		{`gpu.store %p1, %c, %x, %i : !llvm.ptr<1>, f32, i32`, "all words must have one type"},
		{`%0 = gpu.atomic_rmw fadd, acq_rel, gpu, %p1, %i : !llvm.ptr<1>, i32 -> i32`, "'fadd' does not apply to values of type 'i32'"},
		{`%0 = gpu.atomic_rmw add, acq_rel, gpu, %p1, %x : !llvm.ptr<1>, f32 -> f32`, "'add' does not apply"},
		{`%0 = gpu.atomic_rmw add, weird, gpu, %p1, %i : !llvm.ptr<1>, i32 -> i32`, "expected one of [relaxed, acquire, release, acq_rel] for 'sem'"},
		{`%0 = gpu.atomic_rmw add, relaxed, gpu, %p1, %i : !llvm.ptr<1>, i32 -> i64`, "result type must be the value type"},
		{`%0 = gpu.atomic_cas relaxed, gpu, %p1, %h, %h : !llvm.ptr<1>, vector<2xf16> -> vector<2xf16>`, "compares 16, 32 or 64-bit integers or floats"},
		{`%0 = gpu.lg2_approx %d : f64`, "operates on f32"},
		{`%0 = gpu.cvt %x : f32 -> bf16`, "requires rounding rn, rz, rm, rp"},
		{`%0 = gpu.cvt %x {rounding = rn} : f32 -> f64`, "widening conversion is exact"},
		{`%0 = gpu.cvt %x, %x {rounding = rn} : f32, f32 -> vector<2xf8E4M3FN>`, "require satfinite"},
		{`%0 = gpu.cvt %i {rounding = rn} : i32 -> f16`, "unsupported conversion"},
		{`%0 = gpu.cvt %i {rounding = rn} : i32 -> i64`, "unsupported conversion"},
		{`%0 = gpu.cvt %x : f32 -> i32`, "requires rounding rn, rz, rm, rp"},
		{`%0 = gpu.cvt %l {rounding = rna} : i64 -> f64`, "requires rounding rn, rz, rm, rp"},
		{`%0 = gpu.cvt %d {rounding = rm, ftz} : f64 -> i64`, "ftz applies to f64 -> f32 and f32 -> integer"},
		{`%0 = gpu.cvt %i {rounding = rm, ftz} : i32 -> f32`, "ftz applies to f64 -> f32 and f32 -> integer"},
		{`%0 = gpu.cvt %x {rounding = rz, unsigned} : f32 -> bf16`, "unsigned applies to conversions between integers and floats"},
		{`%0 = gpu.cvt %x {rounding = rz, satfinite} : f32 -> i32`, "takes no satfinite or relu"},
		{`%b = llvm.trunc %i : i32 to i16
  %0 = gpu.cvt %b {rounding = rn} : i16 -> vector<2xf16>`, "needs the fp8 option"},
		{`%0 = gpu.cvt %x, %x {rounding = rn, fp8 = e4m3} : f32, f32 -> vector<2xf16>`, "applies to a pair of 8-bit floats"},
		{`%0 = gpu.cvt %x, %x {rounding = rn, fp8 = e4m3} : f32, f32 -> i16`, "require satfinite"},
		{`%0 = gpu.cvt %x, %x {rounding = rn, satfinite} : f32, f32 -> i16`, "needs the fp8 option"},
		{`%0 = gpu.cvt %x, %x {rounding = rz, satfinite, fp8 = e5m2} : f32, f32 -> i16`, "requires rounding rn"},
		{`%0 = gpu.cvt %h {rounding = rn, satfinite} : vector<2xf16> -> vector<2xf8E4M3FN>
  %1 = gpu.cvt %0 {rounding = rn, fp8 = e5m2} : vector<2xf8E4M3FN> -> vector<2xf16>`, "in an i16 only"},
		{`%0 = gpu.cvt %x {rounding = rn, fp8 = e3m4} : f32 -> f16`, "e3m4"},
		{`%0 = gpu.mulhi %x, %x : f32`, "operates on i32 or i64"},
		{`%0 = gpu.prmt %l, %l, %l : i64`, "must be i32"},
		{`gpu.printf "%d", %h : vector<2xf16>`, "printf takes integers, floats and pointers"},
		{`gpu.assert %i, "m", "f", 1`, "use of value '%i' expects different type"},
	}
	checkLocatedErrors(t, cases)
}
