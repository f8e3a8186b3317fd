package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// stCase stores a tile held in a Hopper accumulator layout (#mma v3, as a
// matmul's epilogue holds it) into an NVMMA-swizzled buffer, the store that
// Triton 3.6 lowers with stmatrix, then reads the buffer back in a blocked
// layout that ldmatrix cannot serve (plain ld.shared), so a wrong store is
// not undone by a matching wrong load. The simulator's result must be the
// interpreter's.
type stCase struct {
	name   string
	elem   string // f16 or i16
	rows   int
	cols   int
	warps  int
	shared string // the buffer's encoding
	sliced bool   // local_store into the right half of a buffer twice as wide
	stm    int    // gpu.stmatrix expected in the kernel
	trans  bool   // they are .trans
}

// mmaTile returns TTGIR loading a rows x cols tile of T at ptr into
// %<name>_v in layout L.
func mmaTile(name string, rows, cols int, ptr, T, L string) string {
	r := strings.NewReplacer("NAME", name, "R", fmt.Sprint(rows), "C", fmt.Sprint(cols), "PTR", ptr, "T", T, "#L", L)
	return r.Replace(`    %NAME_r = tt.make_range {end = R : i32, start = 0 : i32} : tensor<Rxi32, #ttg.slice<{dim = 1, parent = #L}>>
    %NAME_c = tt.make_range {end = C : i32, start = 0 : i32} : tensor<Cxi32, #ttg.slice<{dim = 0, parent = #L}>>
    %NAME_re = tt.expand_dims %NAME_r {axis = 1 : i32} : tensor<Rxi32, #ttg.slice<{dim = 1, parent = #L}>> -> tensor<Rx1xi32, #L>
    %NAME_ce = tt.expand_dims %NAME_c {axis = 0 : i32} : tensor<Cxi32, #ttg.slice<{dim = 0, parent = #L}>> -> tensor<1xCxi32, #L>
    %NAME_s = arith.constant dense<C> : tensor<Rx1xi32, #L>
    %NAME_rs = arith.muli %NAME_re, %NAME_s : tensor<Rx1xi32, #L>
    %NAME_rb = tt.broadcast %NAME_rs : tensor<Rx1xi32, #L> -> tensor<RxCxi32, #L>
    %NAME_cb = tt.broadcast %NAME_ce : tensor<1xCxi32, #L> -> tensor<RxCxi32, #L>
    %NAME_o = arith.addi %NAME_rb, %NAME_cb : tensor<RxCxi32, #L>
    %NAME_ps = tt.splat PTR : !tt.ptr<T> -> tensor<RxCx!tt.ptr<T>, #L>
    %NAME_p = tt.addptr %NAME_ps, %NAME_o : tensor<RxCx!tt.ptr<T>, #L>, tensor<RxCxi32, #L>
    %NAME_v = tt.load %NAME_p : tensor<RxCx!tt.ptr<T>, #L>
`)
}

func (c stCase) kernel() string {
	store := `    %buf = ttg.local_alloc %a_v : (tensor<$Rx$Cx$T, #mma>) -> !ttg.memdesc<$Rx$Cx$T, #shared, #smem>
    %r = ttg.local_load %buf : !ttg.memdesc<$Rx$Cx$T, #shared, #smem> -> tensor<$Rx$Cx$T, #blk>
`
	if c.sliced {
		store = `    %whole = ttg.local_alloc : () -> !ttg.memdesc<$Rx$2Cx$T, #shared, #smem, mutable>
    %buf = ttg.memdesc_subslice %whole[0, $C] : !ttg.memdesc<$Rx$2Cx$T, #shared, #smem, mutable> -> !ttg.memdesc<$Rx$Cx$T, #shared, #smem, mutable, $Rx$2C>
    ttg.local_store %a_v, %buf : tensor<$Rx$Cx$T, #mma> -> !ttg.memdesc<$Rx$Cx$T, #shared, #smem, mutable, $Rx$2C>
    %r = ttg.local_load %buf : !ttg.memdesc<$Rx$Cx$T, #shared, #smem, mutable, $Rx$2C> -> tensor<$Rx$Cx$T, #blk>
`
	}
	src := `#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [$W, 1], instrShape = [16, $C, 16]}>
#blk = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [$W, 1], order = [1, 0]}>
#shared = $SHARED
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = $W : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @epilogue(%pa: !tt.ptr<$T> {tt.divisibility = 16 : i32}, %po: !tt.ptr<$T> {tt.divisibility = 16 : i32}) {
$TILE_A$TILE_O$STORE    tt.store %o_p, %r : tensor<$Rx$Cx!tt.ptr<$T>, #blk>
    tt.return
  }
}`
	src = strings.NewReplacer("$STORE", store, "$TILE_A", mmaTile("a", c.rows, c.cols, "%pa", c.elem, "#mma"),
		"$TILE_O", tile("o", c.rows, c.cols, "%po", c.elem)).Replace(src)
	return strings.NewReplacer("$SHARED", c.shared, "$2C", fmt.Sprint(2*c.cols), "$R", fmt.Sprint(c.rows),
		"$C", fmt.Sprint(c.cols), "$W", fmt.Sprint(c.warps), "$T", c.elem).Replace(src)
}

var stCases = []stCase{
	{name: "f16-128B", elem: "f16", rows: 64, cols: 64, warps: 4,
		shared: "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>", stm: 4},
	{name: "f16-128B-8warps", elem: "f16", rows: 128, cols: 128, warps: 8,
		shared: "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>", stm: 8},
	{name: "i16-64B", elem: "i16", rows: 64, cols: 32, warps: 4,
		shared: "#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>", stm: 2},
	{name: "f16-transposed", elem: "f16", rows: 64, cols: 64, warps: 4,
		shared: "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>", stm: 4, trans: true},
	{name: "f16-sliced", elem: "f16", rows: 64, cols: 64, warps: 4, sliced: true,
		shared: "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>", stm: 4},
}

// TestStMatrixStoreDiff: the stores take stmatrix (x4, .trans into a
// transposed buffer) and leave the buffer as the interpreter's.
func TestStMatrixStoreDiff(t *testing.T) {
	for _, c := range stCases {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, c.kernel())
			r := rand.New(rand.NewSource(7))
			n := c.rows * c.cols
			in := f16Buf(randF32(r, n, 4))
			in.kind = c.elem
			diffTestCheck(t, m, "epilogue", [3]int{1, 1, 1}, []diffArg{in, zeroBuf(c.elem, n)}, 0, func(low *ir.Operation) {
				st := ops(low, "gpu.stmatrix")
				if len(st) != c.stm {
					t.Fatalf("%d gpu.stmatrix, want %d", len(st), c.stm)
				}
				for _, op := range st {
					if op.NumOperands() != 9 || (op.Attr("trans") != nil) != c.trans {
						t.Fatalf("want x4 stmatrix (trans %v), got %d values, trans %v", c.trans, op.NumOperands()-1, op.Attr("trans") != nil)
					}
				}
				if k := count(low, "gpu.ldmatrix"); k != 0 {
					t.Fatalf("the read-back uses %d gpu.ldmatrix; the test wants plain loads", k)
				}
			})
		})
	}
}

// TestStMatrixWrongOrderFails swaps two stored words of every stmatrix
// in the lowered kernel: the differential comparison must see it.
func TestStMatrixWrongOrderFails(t *testing.T) {
	c := stCases[0]
	r := rand.New(rand.NewSource(7))
	n := c.rows * c.cols
	args := []diffArg{f16Buf(randF32(r, n, 4)), zeroBuf("f16", n)}
	ref := cloneArgs(args)
	interpret(t, parse(t, c.kernel()), "epilogue", [3]int{1, 1, 1}, ref)
	got := cloneArgs(args)
	simulateLowered(t, parse(t, c.kernel()), "epilogue", [3]int{1, 1, 1}, got, func(low *ir.Operation) {
		for _, op := range ops(low, "gpu.stmatrix") {
			// Words 0 and 1 are operands 1-2 and 3-4 (two f16 each).
			a, b := op.Operand(1), op.Operand(2)
			op.SetOperand(1, op.Operand(3))
			op.SetOperand(2, op.Operand(4))
			op.SetOperand(3, a)
			op.SetOperand(4, b)
		}
	})
	if compareBuf("f16", ref[1].buf, got[1].buf, 0) == "" {
		t.Fatal("swapping stmatrix words left the output unchanged")
	}
}
