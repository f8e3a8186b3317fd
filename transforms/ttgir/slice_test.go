package ttgir

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// connectedSliceWith finds the ops getSlice finds: the backward and the
// forward slice of every op of the slice, to a fixed point.
func TestConnectedSliceIsGetSlice(t *testing.T) {
	getSlice := func(op *ir.Operation, opts sliceOptions) *opSet {
		slice := newOpSet()
		slice.insert(op)
		for i := 0; i < len(slice.list); i++ {
			backwardSliceWith(slice.list[i], slice, opts)
			forwardSliceWith(slice.list[i], slice, opts)
		}
		return slice
	}
	for _, k := range []string{"matmul_f16_128x128x64_w4_s3.ttgir", "softmax_f32_b1024_w4.ttgir"} {
		src, err := os.ReadFile(filepath.Join("../../../shared/kernels", k))
		if err != nil {
			t.Skipf("kernel not found: %v", err)
		}
		module, err := asm.ParseString(all.NewContext(), string(src))
		if err != nil {
			t.Fatal(err)
		}
		ir.WalkOps(module, func(op *ir.Operation) {
			region := op.ParentRegion()
			for _, opts := range []sliceOptions{
				{},
				{omitBlockArgs: true},
				{filter: func(o *ir.Operation) bool { return o.ParentRegion() == region && o.Name() != "tt.trans" }},
			} {
				got, want := connectedSliceWith(op, opts), getSlice(op, opts)
				if len(got) != len(want.list) {
					t.Fatalf("%s: %s: %d ops in the slice, want %d", k, op.Name(), len(got), len(want.list))
				}
				in := map[*ir.Operation]bool{}
				for _, o := range got {
					in[o] = true
				}
				for _, o := range want.list {
					if !in[o] {
						t.Fatalf("%s: %s: the slice lacks %s", k, op.Name(), o.Name())
					}
				}
			}
		})
	}
}

// sliceWidths folds over slice components what coalescedEncoding took
// from each memory op's own connected slice: the widest vector among the
// slice's memory ops of the same pointer shape and order. Checked against
// the slices themselves on Triton's kernels after convert-triton-to-
// tritongpu, and on a function where the slices are not symmetric: the
// loads outside the scf.if reach the two inside it (through the program
// id that feeds both their offsets and the if's condition), the inner
// loads reach neither the outer ones nor each other.
func TestSliceWidthsAreSliceMaxima(t *testing.T) {
	const asymmetric = `#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c7 = arith.constant dense<7> : tensor<128xi32, #b>
    %k = tt.get_program_id x : i32
    %c128 = arith.constant 128 : i32
    %base = arith.muli %k, %c128 : i32
    %off = tt.splat %base : i32 -> tensor<128xi32, #b>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
    %a = tt.addptr %ps, %off : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
    %x = tt.load %a : tensor<128x!tt.ptr<f32>, #b>
    %cond = arith.cmpi eq, %k, %c0 : i32
    scf.if %cond {
      %qs = tt.splat %q : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
      %b = tt.addptr %qs, %c7 : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
      %y = tt.load %b : tensor<128x!tt.ptr<f32>, #b>
      tt.store %b, %y : tensor<128x!tt.ptr<f32>, #b>
      %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
      %qs2 = tt.splat %q : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #b>
      %c = tt.addptr %qs2, %r : tensor<128x!tt.ptr<f32>, #b>, tensor<128xi32, #b>
      %z = tt.load %c : tensor<128x!tt.ptr<f32>, #b>
      tt.store %c, %z : tensor<128x!tt.ptr<f32>, #b>
    }
    tt.store %a, %x : tensor<128x!tt.ptr<f32>, #b>
    tt.return
  }
}
`
	check := func(t *testing.T, name string, module *ir.Operation) (widths []int) {
		ai := axisinfo.Analyze(module)
		w := &sliceWidths{ai: ai, root: module}
		ir.WalkOps(module, func(op *ir.Operation) {
			ptr := memAccessPtr(op)
			if ptr == nil || ptr.DefiningOp() == nil {
				return
			}
			pt, ok := tensorType(ptr)
			if !ok {
				return
			}
			info, ok := ai.Info(ptr)
			if !ok {
				return
			}
			order := orderFromContiguity(info.Contiguity)
			perCTA := shapePerCTA(pt)
			want := elemsPerThread(ai, op, order, perCTA)
			for _, u := range connectedSlice(op) {
				v := memAccessPtr(u)
				if v == nil {
					continue
				}
				if vt, ok := tensorType(v); !ok || !ir.EqualShape(vt.Dims, pt.Dims) {
					continue
				}
				if vi, ok := ai.Info(v); ok && equalOrder(orderFromContiguity(vi.Contiguity), order) {
					want = max(want, elemsPerThread(ai, u, order, perCTA))
				}
			}
			got := w.widest(op, pt.Dims, order, perCTA)
			if got != want {
				t.Errorf("%s: %s at %v: %d elements a thread from the components, %d from its slice", name, op.Name(), op.Loc(), got, want)
			}
			widths = append(widths, got)
		})
		return widths
	}
	module, err := asm.ParseString(all.NewContext(), asymmetric)
	if err != nil {
		t.Fatal(err)
	}
	// In walk order: the outer load (1 f32 a thread alone) gets the
	// second inner pair's 4 (16-byte aligned, 128 contiguous); the first
	// inner pair (constant offsets) keeps 1; the outer store is the
	// outer load's.
	if got := check(t, "asymmetric", module); !slices.Equal(got, []int{4, 1, 1, 4, 4, 4}) {
		t.Errorf("asymmetric: widths %v, want [4 1 1 4 4 4]", got)
	}
	files, _ := filepath.Glob("../../../shared/kernels/*.ttir")
	perf, _ := filepath.Glob("../../../shared/kernels/perf/*.ttir")
	files = append(files, perf...)
	if len(files) == 0 {
		t.Skip("kernels not found")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		module, err := asm.ParseString(all.NewContext(), string(src))
		if err != nil {
			t.Fatal(err)
		}
		pm, err := passmgr.Parse(passmgr.Default, "builtin.module(convert-triton-to-tritongpu{num-warps=4 target=cuda:90})")
		if err != nil {
			t.Fatal(err)
		}
		if err := pm.Run(module, &passmgr.Config{}); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		check(t, filepath.Base(f), module)
	}
}
