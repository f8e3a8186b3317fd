package ttgtogpu_test

import (
	"slices"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// twoOverPiWordsIn returns the constants of the lowered module m whose
// value is a word of a gpu.table_load's table (other than 0): what the
// select chains that picked a table word by comparing the index with
// each position were made of.
func twoOverPiWordsIn(m *ir.Operation, table []int64) int {
	words := map[int64]bool{}
	for _, w := range table {
		if w != 0 {
			words[w] = true
		}
	}
	n := 0
	for _, c := range ops(m, "llvm.mlir.constant") {
		if a, ok := c.Attr("value").(*ir.IntegerAttr); ok && ir.IsInteger(a.Type(), 64) && words[a.Int()] {
			n++
		}
	}
	return n
}

// TestTrigReductionTableLoads: the Payne-Hanek reductions read the words
// of 2/pi with gpu.table_load, one load a word, and no longer pick them
// by a chain of compares and selects (four chains of 15-16 selects a
// reduction). __nv_j0 (f64) reduces twice by libdevice's reduction
// (tanHugeLibdeviceF64), whose table is libdevice's 18 words and a zero
// word (which the last index's window reads); f64 math.sin on gfx942
// reduces by tt's own (payneHanek), whose table is a zero word and 19
// words of 2/pi. Both tables' words appear in no constant of the
// lowered module, and the selects left are a few dozen where there were
// 159 and 81.
func TestTrigReductionTableLoads(t *testing.T) {
	for _, c := range []struct {
		sym        string
		tg         gpuTarget
		loads, len int
		top, zero  int // where the table holds 2/pi's first 64 bits, and a zero word
		maxSelects int
	}{
		{"__nv_j0", sm90, 8, 19, 17, 18, 40},
		{"math.sin", gfx942, 4, 20, 1, 0, 20},
	} {
		t.Run(c.sym+"/"+c.tg.name, func(t *testing.T) {
			m := ttirKernelFor(t, c.tg, externCase{args: []string{"f64"}, res: "f64", syms: []string{c.sym}}.src(128), 4)
			lower(t, m)
			loads := ops(m, gpu.TableLoadOp.Name)
			if len(loads) != c.loads {
				t.Fatalf("%d gpu.table_load, want %d:\n%s", len(loads), c.loads, print(m))
			}
			table := gpu.TableLoadView{Operation: loads[0]}.Table()
			for _, l := range loads {
				v := gpu.TableLoadView{Operation: l}
				if got := v.Table(); len(got) != c.len || !slices.Equal(got, table) {
					t.Errorf("table of %d words %x, want the %d words of the first load", len(got), got, c.len)
				}
				if !ir.IsInteger(l.Result(0).Type(), 64) || !ir.IsInteger(v.Index().Type(), 32) && !ir.IsInteger(v.Index().Type(), 64) {
					t.Errorf("%s: want an i64 word by an integer index", print(l))
				}
			}
			if uint64(table[c.top]) != 0xA2F9836E4E441529 || table[c.zero] != 0 {
				t.Errorf("table %x: want 2/pi's first word at %d and 0 at %d", table, c.top, c.zero)
			}
			if n := twoOverPiWordsIn(m, table); n > 0 {
				t.Errorf("%d constants of the module are words of the table: a select chain is left", n)
			}
			if n := len(ops(m, "llvm.select")); n > c.maxSelects {
				t.Errorf("%d llvm.select, want at most %d", n, c.maxSelects)
			}
		})
	}
}
