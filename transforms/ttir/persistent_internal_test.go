package ttir

import (
	"fmt"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/numeric"
)

// groupColumns' walk is a permutation of the positions 0..G-1 for every
// grid of X rows and G programs, whole columns or not, X bigger than G
// or not, and a group of rows that divides X or not: each program runs
// exactly once. It keeps `group` rows together (Triton's grouping) and
// positions past the last whole column in place; a kernel that splits
// its program id any other way keeps its order.
func TestGroupColumnsWalk(t *testing.T) {
	const src = `
tt.func @k(%t: i32, %g: i32, %x: i32) -> (i32, i32) {
  %c128 = arith.constant 128 : i32
  %m = arith.remsi %t, %x : i32
  %n = arith.divsi %t, %x : i32
  %om = arith.muli %m, %c128 : i32
  %on = arith.muli %c128, %n : i32
  tt.return %om, %on : i32, i32
}`
	fn := parseFunc(t, src)
	body := fn.Region(0).Front()
	tile, grid, rows := body.Argument(0), body.Argument(1), body.Argument(2)
	ctx := fn.Context()
	const group = 4
	groupColumns(ir.NewBuilder(ctx), fn.Loc(), tile, grid, group)
	// The kernel's own split, %m (the walk adds a remsi of its own).
	walk := body.Terminator().Operand(0).DefiningOp().Operand(0).DefiningOp().Operand(0)
	if walk == ir.Value(tile) {
		t.Fatal("the walk was not built")
	}
	for _, x := range []int64{1, 2, 3, 4, 5, 8, 9, 13} {
		for _, g := range []int64{1, 2, 7, 12, 20, 37, 64} {
			seen := map[int64]bool{}
			for pos := int64(0); pos < g; pos++ {
				v, err := evalI32(walk, map[ir.Value]int64{tile: pos, grid: g, rows: x})
				if err != nil {
					t.Fatal(err)
				}
				if v < 0 || v >= g || seen[v] {
					t.Fatalf("X=%d G=%d: position %d walks to tile %d (seen before: %v)", x, g, pos, v, seen[v])
				}
				seen[v] = true
				if y := g / x; pos >= x*y && v != pos {
					t.Errorf("X=%d G=%d: position %d past the whole columns walks to %d", x, g, pos, v)
				}
			}
			// The first group's rows, then down to the next column:
			// position 1 is row 1 of column 0 and position min(X,
			// group) row 0 of column 1, where a whole column follows.
			if x >= 2 && g >= 2*x {
				if v, _ := evalI32(walk, map[ir.Value]int64{tile: min(x, group), grid: g, rows: x}); v != x {
					t.Errorf("X=%d G=%d: position %d walks to %d, want row 0 of column 1 (%d)", x, g, min(x, group), v, x)
				}
			}
		}
	}

	// Left in their order: a split by two different X, and Triton's
	// grouping (the part pid % X split again by the group's rows).
	for _, src := range []string{`
tt.func @k(%t: i32, %g: i32, %x: i32, %y: i32) -> (i32, i32) {
  %c128 = arith.constant 128 : i32
  %m = arith.remsi %t, %x : i32
  %n = arith.divsi %t, %y : i32
  %om = arith.muli %m, %c128 : i32
  %on = arith.muli %n, %c128 : i32
  tt.return %om, %on : i32, i32
}`, `
tt.func @k(%t: i32, %g: i32, %x: i32, %y: i32) -> (i32, i32) {
  %c128 = arith.constant 128 : i32
  %r = arith.remsi %t, %x : i32
  %gid = arith.divsi %t, %x : i32
  %m = arith.remsi %r, %y : i32
  %n = arith.divsi %r, %y : i32
  %om = arith.muli %m, %c128 : i32
  %on = arith.muli %n, %gid : i32
  tt.return %om, %on : i32, i32
}`} {
		fn := parseFunc(t, src)
		body := fn.Region(0).Front()
		groupColumns(ir.NewBuilder(fn.Context()), fn.Loc(), body.Argument(0), body.Argument(1), group)
		if body.First().Next().Name() != "arith.remsi" || body.First().Next().Operand(0) != ir.Value(body.Argument(0)) {
			t.Errorf("a kernel that splits its program id otherwise was walked in another order:%s", src)
		}
	}
}

// parseFunc parses src and returns its last tt.func.
func parseFunc(t *testing.T, src string) *ir.Operation {
	t.Helper()
	mod, err := asm.ParseString(all.NewContext(), src)
	if err != nil {
		t.Fatal(err)
	}
	var fn *ir.Operation
	ir.WalkOps(mod, func(op *ir.Operation) {
		if op.Name() == "tt.func" {
			fn = op
		}
	})
	if fn == nil {
		t.Fatal("no tt.func in the source")
	}
	return fn
}

// evalI32 evaluates the i32 arith ops that define v (the ones the walks
// of tt-persistent-programs build) with the semantics of package numeric
// (the interpreter's), with args for the block arguments and the values
// no arith op defines (program ids, the SM count). A division by zero is
// an error: the walks must never divide by zero, even in a value they
// then select away.
func evalI32(v ir.Value, args map[ir.Value]int64) (int64, error) {
	if a, ok := args[v]; ok {
		return a, nil
	}
	if c, ok := arith.MatchConstantInt(v); ok {
		return c, nil
	}
	op := v.DefiningOp()
	if op == nil {
		return 0, fmt.Errorf("no value for %v", v)
	}
	var x []uint64
	for i := 0; i < op.NumOperands(); i++ {
		o, err := evalI32(op.Operand(i), args)
		if err != nil {
			return 0, err
		}
		x = append(x, uint64(o))
	}
	const w = 32
	result := func(r uint64) (int64, error) { return numeric.Int64(r, w), nil }
	checked := map[string]func(a, b uint64, w int) (uint64, bool){
		"arith.divsi": numeric.DivSIChecked, "arith.remsi": numeric.RemSIChecked, "arith.ceildivsi": numeric.CeilDivSIChecked,
	}
	plain := map[string]func(a, b uint64, w int) uint64{
		"arith.addi": numeric.AddI, "arith.subi": numeric.SubI, "arith.muli": numeric.MulI,
		"arith.minsi": numeric.MinSI, "arith.maxsi": numeric.MaxSI,
		"arith.andi": func(a, b uint64, w int) uint64 { return a & b & numeric.Mask(w) },
		"arith.ori":  func(a, b uint64, w int) uint64 { return (a | b) & numeric.Mask(w) },
	}
	if f, ok := checked[op.Name()]; ok {
		r, ok := f(x[0], x[1], w)
		if !ok {
			return 0, fmt.Errorf("%s of %d by %d is undefined", op.Name(), numeric.Int64(x[0], w), numeric.Int64(x[1], w))
		}
		return result(r)
	}
	if f, ok := plain[op.Name()]; ok {
		return result(f(x[0], x[1], w))
	}
	switch op.Name() {
	case "arith.select":
		if x[0]&1 != 0 {
			return result(x[1])
		}
		return result(x[2])
	case "arith.cmpi":
		p, ok := op.Attr("predicate").(*ir.IntegerAttr)
		if !ok {
			break
		}
		a, b := numeric.Int64(x[0], w), numeric.Int64(x[1], w)
		var holds bool
		switch p.Int() {
		case int64(arith.CmpISLT):
			holds = a < b
		case int64(arith.CmpISLE):
			holds = a <= b
		case int64(arith.CmpISGT):
			holds = a > b
		default:
			return 0, fmt.Errorf("cannot evaluate cmpi predicate %d", p.Int())
		}
		if holds {
			return 1, nil
		}
		return 0, nil
	}
	return 0, fmt.Errorf("cannot evaluate %s", op.Name())
}

// checkPairs fails t unless the positions a program walks (of G, with P
// = min(SMs, G) programs) come in pairs 2j, 2j+1 of adjacent positions,
// but for one lone last position where the partial block holds P tiles
// or fewer, in which case the walk of that block is x + iP.
func checkPairs(t *testing.T, walked []int64, g, sms int64) {
	t.Helper()
	p := min(sms, g)
	r := g % (2 * p)
	for j := 0; j+1 < len(walked); j += 2 {
		if walked[j+1] != walked[j]+1 || walked[j]%2 != 0 {
			if r <= p && j+2 == len(walked) {
				continue // the partial block's x + iP
			}
			t.Errorf("G=%d, %d SMs: the walk %v does not go in pairs of adjacent positions", g, sms, walked)
			return
		}
	}
}

// makePersistent on a kernel of a 2-D grid: every program (x, y) of the
// Gx by Gy grid runs exactly once over the persistent programs' walks,
// with the consumers' chunks and the grouped walk (chunk 8, groups of 8
// and of 2 rows) and without; where Gx Gy does not fit an i32 every
// program runs its own tile, once.
func TestPersistentWalk2D(t *testing.T) {
	const src = `
tt.func public @k(%c: !tt.ptr<f32>, %n: i32) {
  %px = tt.get_program_id x : i32
  %py = tt.get_program_id y : i32
  %c128 = arith.constant 128 : i32
  %om = arith.muli %px, %c128 : i32
  %on = arith.muli %py, %c128 : i32
  %off = arith.addi %om, %on : i32
  %base = tt.addptr %c, %off : !tt.ptr<f32>, i32
  tt.return
}`
	for _, walk := range []struct {
		chunk, group int
		pairs        bool
	}{{8, 8, false}, {8, 2, false}, {0, 2, false}, {0, 0, false}, {3, 0, false}, {1, 8, true}, {1, 0, true}} {
		fn := parseFunc(t, src)
		var loop, asmOp *ir.Operation
		var ids, nums [2]ir.Value
		makePersistent(fn, 1, false, walk.chunk, walk.group, walk.pairs)
		ir.WalkOps(fn, func(op *ir.Operation) {
			switch op.Name() {
			case "scf.for":
				loop = op
			case "tt.elementwise_inline_asm":
				asmOp = op
			case "tt.get_program_id":
				ids[tt.ProgramAxis(op)] = op.Result(0)
			case "tt.get_num_programs":
				nums[tt.ProgramAxis(op)] = op.Result(0)
			}
		})
		var om, on ir.Value
		for _, op := range loop.Region(0).Front().Ops() {
			if op.Name() == "arith.muli" {
				if c, ok := arith.MatchConstantInt(op.Operand(1)); ok && c == 128 {
					if om == nil {
						om = op.Operand(0)
					} else {
						on = op.Operand(0)
					}
				}
			}
		}
		if om == nil || on == nil {
			t.Fatalf("%+v: the kernel's ids are not in the loop", walk)
		}
		iv := loop.Region(0).Front().Argument(0)
		for _, g := range [][3]int64{{3, 2, 1}, {3, 2, 2}, {5, 7, 3}, {16, 9, 4}, {1, 40, 6}, {40, 1, 5}, {7, 7, 100}} {
			gx, gy, sms := g[0], g[1], g[2]
			seen := map[[2]int64]int{}
			for y := int64(0); y < gy; y++ {
				for x := int64(0); x < gx; x++ {
					vals := map[ir.Value]int64{ids[0]: x, ids[1]: y, nums[0]: gx, nums[1]: gy, asmOp.Result(0): sms}
					trips, err := evalI32(loop.Operand(1), vals)
					if err != nil {
						t.Fatal(err)
					}
					var walked []int64
					for i := int64(0); i < trips; i++ {
						vals[iv] = i
						tx, err1 := evalI32(om, vals)
						ty, err2 := evalI32(on, vals)
						if err1 != nil || err2 != nil {
							t.Fatal(err1, err2)
						}
						seen[[2]int64{tx, ty}]++
						walked = append(walked, tx+ty*gx)
					}
					if walk.pairs && walk.group == 0 {
						checkPairs(t, walked, gx*gy, sms)
					}
				}
			}
			for y := int64(0); y < gy; y++ {
				for x := int64(0); x < gx; x++ {
					if n := seen[[2]int64{x, y}]; n != 1 {
						t.Errorf("%+v, grid %dx%d, %d SMs: tile (%d, %d) runs %d times", walk, gx, gy, sms, x, y, n)
					}
				}
			}
			if len(seen) != int(gx*gy) {
				t.Errorf("%+v, grid %dx%d, %d SMs: %d tiles run, some outside the grid", walk, gx, gy, sms, len(seen))
			}
		}
		// Gx Gy over 2^31 - 1: one trip each, its own tile.
		for _, p := range [][2]int64{{0, 0}, {5, 7}, {1<<20 - 1, 1<<12 - 1}} {
			vals := map[ir.Value]int64{ids[0]: p[0], ids[1]: p[1], nums[0]: 1 << 20, nums[1]: 1 << 12, asmOp.Result(0): 132, iv: 0}
			trips, _ := evalI32(loop.Operand(1), vals)
			tx, _ := evalI32(om, vals)
			ty, _ := evalI32(on, vals)
			if trips != 1 || tx != p[0] || ty != p[1] {
				t.Errorf("%+v, a grid of 2^32 programs: program %v runs %d trips, the first on tile (%d, %d)", walk, p, trips, tx, ty)
			}
		}
	}
}
