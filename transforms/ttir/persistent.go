package ttir

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// tt-persistent-programs (tt's own pass, not Triton's) gives a matmul-like
// kernel a persistent schedule inside the grid its launcher computes: of
// the G programs along axis x, the first P (one per SM) each compute the
// tiles x, x+P, x+2P, ... < G in a loop, and the others return at once.
// The tile loop carries tt.flatten, so tritongpu-fuse-nested-loops fuses
// it with the kernel's K loop and the software pipeliner loads the next
// tile's first blocks while this tile's epilogue runs: each SM fills its
// pipeline once instead of once per tile. Triton gets the same from
// kernels written persistent (its tutorial 09), whose launcher picks the
// grid; behind Triton's launcher a compiler cannot change the grid, but
// the surplus programs cost little: they start when an SM frees up, at
// the end, and exit (measured on an H200, 2026-11-28: launching the full
// grid and launching P programs time the same, docs/PERFORMANCE.md).
//
// P is the number of SMs (PTX %nsmid, read with the scalar inline
// assembly a Triton user would write) times the CTAs an SM holds, which
// the pass must know before register allocation. It rewrites only
// kernels whose loop-carried dot accumulator fills half the register
// file or more (BM*BN >= 32768 elements: 32768 32-bit registers for the
// accumulator alone), so that one CTA per SM is all the hardware runs
// anyway; with two or more CTAs per SM a persistent kernel would need
// the final shared-memory size to pick P, and at one CTA per SM smaller
// tiles lose more than a persistent schedule gains (0.87x measured).
//
// Programs must not depend on running concurrently or in their own CTA:
// kernels with atomics (possible inter-program protocols), prints or
// assertions (which report the hardware program id), inline assembly
// (which may read %ctaid), while loops, calls or tensor descriptors made
// in the kernel (per-program global scratch) are left alone, as are
// kernels that use program ids along y or z, kernels not for sm_90 (where
// it was measured), clusters, and kernels whose body is not one block
// around one top-level K loop. TT_X_PERSISTENT=off (experimental)
// disables the pass. tt-translate compiles a kernel that the schedule
// makes overflow shared memory (the pipeline's buffers stay live across
// the tile's epilogue) again without it.

// persistentAccElems is the accumulator size, in 32-bit elements, from
// which a CTA holding it cannot share an SM's 65536 registers.
const persistentAccElems = 32768

// persistentCapability is the target the schedule was measured on.
const persistentCapability = 90

func persistentPass() *passmgr.Pass {
	return &passmgr.Pass{
		Name:        "tt-persistent-programs",
		DisplayName: "PersistentPrograms",
		Anchor:      "builtin.module",
		Summary:     "the first programs of a big-accumulator dot kernel loop over the tiles of the others, which exit (tt's own)",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			capability := fs.Int("capability", 0, "CUDA compute capability (major*10 + minor); 0: not an NVIDIA target")
			numCTAs := fs.Int("num-ctas", 1, "CTAs in a cluster")
			mode := fs.String("persistent", "auto", "auto (kernels the pass can prove fit one CTA per SM) or off")
			return func(op *ir.Operation, st *passmgr.State) error {
				m := *mode
				if env := os.Getenv("TT_X_PERSISTENT"); env != "" {
					m = env
				}
				switch m {
				case "off":
					st.PreserveAll()
					return nil
				case "auto":
				default:
					return fmt.Errorf("tt-persistent-programs: unknown mode %q (auto, off)", m)
				}
				if *capability != persistentCapability || *numCTAs != 1 {
					st.PreserveAll()
					return nil
				}
				n := 0
				for _, fn := range persistentKernels(op) {
					makePersistent(fn)
					n++
				}
				st.Stat("num-kernels", "Number of kernels made persistent").Add(int64(n))
				if n == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	}
}

// PersistentCandidates counts the kernels of module that
// tt-persistent-programs rewrites for sm_90.
func PersistentCandidates(module *ir.Operation) int { return len(persistentKernels(module)) }

func persistentKernels(module *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return nil
	}
	for _, fn := range module.Region(0).Front().Ops() {
		if fn.Name() == "tt.func" && persistentCandidate(fn) {
			out = append(out, fn)
		}
	}
	return out
}

// persistentCandidate reports whether fn is a public kernel the pass
// rewrites (see the pass comment).
func persistentCandidate(fn *ir.Operation) bool {
	if v, ok := fn.Attr("sym_visibility").(*ir.StringAttr); ok && v.Value != "public" {
		return false
	}
	if fn.NumRegions() != 1 || len(fn.Region(0).Blocks()) != 1 {
		return false
	}
	body := fn.Region(0).Front()
	ret := body.Terminator()
	if ret == nil || ret.Name() != "tt.return" || ret.NumOperands() != 0 {
		return false
	}
	var kLoops int
	usesX, bigAcc, ok := false, false, true
	ir.Walk(fn, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op == fn {
			return ir.Advance
		}
		name := op.Name()
		dialect, _, _ := strings.Cut(name, ".")
		switch {
		case dialect != "tt" && dialect != "arith" && dialect != "math" && dialect != "scf" && dialect != "ub":
			ok = false
		case strings.HasPrefix(name, "tt.atomic"), name == "tt.print", name == "tt.assert",
			name == "tt.elementwise_inline_asm", name == "tt.call", name == "tt.make_tensor_descriptor",
			name == "scf.while", name == "scf.execute_region":
			ok = false
		case name == "tt.get_program_id":
			if tt.ProgramAxis(op) != 0 {
				ok = false
			}
			usesX = true
		case name == "scf.for":
			if op.Attr("tt.flatten") != nil || op.Attr("tt.warp_specialize") != nil {
				ok = false
			} else if op.Block() != body {
				ok = false // nested loops: fuse-nested-loops fuses one inner loop
			} else {
				kLoops++
				bigAcc = bigAcc || carriesBigAccumulator(op)
			}
		}
		if !ok {
			return ir.Interrupt
		}
		return ir.Advance
	})
	return ok && usesX && kLoops == 1 && bigAcc
}

// carriesBigAccumulator reports whether a tt.dot directly in loop's body
// accumulates into a carried value of at least persistentAccElems
// elements.
func carriesBigAccumulator(loop *ir.Operation) bool {
	body := loop.Region(0).Front()
	for _, op := range body.Ops() {
		if op.Name() != "tt.dot" || op.NumOperands() < 3 {
			continue
		}
		arg, isArg := op.Operand(2).(*ir.BlockArgument)
		rt, isTensor := op.Result(0).Type().(*ir.RankedTensorType)
		if !isArg || arg.Owner() != body || !isTensor {
			continue
		}
		n := int64(1)
		for _, d := range rt.Shape() {
			n *= d
		}
		if n >= persistentAccElems {
			return true
		}
	}
	return false
}

// makePersistent wraps fn's body (which persistentCandidate accepted) in
// the loop over the program's tiles.
func makePersistent(fn *ir.Operation) {
	body := fn.Region(0).Front()
	ret := body.Terminator()
	var ops []*ir.Operation
	for op := body.First(); op != ret; op = op.Next() {
		ops = append(ops, op)
	}
	ctx := fn.Context()
	loc := fn.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(body)
	i32 := ir.I32(ctx)
	c := func(v int64) ir.Value { return arith.NewConstant(b, loc, ir.I32Attr(ctx, v)).Result(0) }
	bin := func(name string, x, y ir.Value) ir.Value {
		return arith.NewBinary(b, "arith."+name, loc, x, y).Result(0)
	}

	x := tt.NewGetProgramID(b, loc, tt.ProgramIDDim(0)).Result(0)
	grid := tt.NewGetNumPrograms(b, loc, tt.ProgramIDDim(0)).Result(0)
	sms := b.CreateOp("tt.elementwise_inline_asm", loc, nil, []ir.Type{i32},
		ir.NamedAttr{Name: "asm_string", Value: ir.StringAttrOf(ctx, "mov.u32 $0, %nsmid;")},
		ir.NamedAttr{Name: "constraints", Value: ir.StringAttrOf(ctx, "=r")},
		ir.NamedAttr{Name: "pure", Value: ir.BoolAttrOf(ctx, true)},
		ir.NamedAttr{Name: "packed_element", Value: ir.I32Attr(ctx, 1)}).Result(0)
	// P = min(SMs, G) programs are persistent; program x < P runs
	// ceil((G - x) / P) tiles (x + i*P < G: no index overflows), the
	// others none.
	zero, one := c(0), c(1)
	p := bin("minsi", bin("maxsi", sms, one), grid)
	active := arith.NewCmpI(b, loc, arith.CmpISLT, x, p).Result(0)
	trips := arith.NewSelect(b, loc, active, bin("ceildivsi", bin("subi", grid, x), p), zero).Result(0)

	b.SetInsertionPoint(ret)
	loop := scf.NewForShell(b, loc, zero, trips, one, nil)
	loop.SetAttr("tt.flatten", ir.Unit(ctx))
	lb := loop.Region(0).Front()
	b.SetInsertionPointToEnd(lb)
	tile := bin("addi", x, bin("muli", lb.Argument(0), p))
	for _, op := range ops {
		op.Remove()
		lb.Append(op)
	}
	b.SetInsertionPointToEnd(lb)
	scf.NewYield(b, loc, nil)
	for _, op := range ops {
		if op.Name() == "tt.get_program_id" {
			ir.ReplaceAllUsesWith(op.Result(0), tile)
			op.Erase()
		}
	}
}
