package deadcode_test

import (
	"testing"

	"github.com/ttcompiler/tt/analysis/deadcode"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Branches on conditions that fold to constants (through arith on
// constants) keep only the way they take; others keep every way.
func TestConstantConditions(t *testing.T) {
	src := `tt.func @f(%c: i1, %x: i32) {
  %t = arith.constant true
  %f = arith.xori %t, %t : i1
  scf.if %f {
    %a = arith.addi %x, %x : i32
  } else {
    %b = arith.subi %x, %x : i32
  }
  scf.if %c {
    %d = arith.muli %x, %x : i32
  }
  cf.cond_br %t, ^bb1, ^bb2
^bb1:
  tt.return
^bb2:
  tt.return
}`
	m, err := asm.ParseString(all.NewContext(), src)
	if err != nil {
		t.Fatal(err)
	}
	fn := m.Region(0).Front().First()
	l := deadcode.Analyze(fn)
	var ifs []*ir.Operation
	ir.WalkOps(fn, func(o *ir.Operation) {
		if o.Name() == "scf.if" {
			ifs = append(ifs, o)
		}
	})
	if l.RegionOf(ifs[0], 0) || !l.RegionOf(ifs[0], 1) {
		t.Errorf("scf.if false: then live %v, else live %v", l.RegionOf(ifs[0], 0), l.RegionOf(ifs[0], 1))
	}
	if !l.RegionOf(ifs[1], 0) {
		t.Error("scf.if on an argument: then region not live")
	}
	blocks := fn.Region(0).Blocks()
	if !l.Block(blocks[1]) || l.Block(blocks[2]) || !l.Edge(blocks[0], blocks[1]) || l.Edge(blocks[0], blocks[2]) {
		t.Errorf("cf.cond_br true: live ^bb1 %v ^bb2 %v", l.Block(blocks[1]), l.Block(blocks[2]))
	}
}
