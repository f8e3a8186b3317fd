package ttir

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// tt-persistent-programs (tt's own pass, not Triton's) gives a matmul-like
// kernel a persistent schedule inside the grid its launcher computes: of
// the G programs along axis x, the first P (as many as the SMs hold at
// once) each compute the tiles x, x+P, x+2P, ... < G in a loop, and the
// others return at once.
// The tile loop carries tt.flatten, so tritongpu-fuse-nested-loops fuses
// it with the kernel's K loop and the software pipeliner loads the next
// tile's first blocks while this tile's epilogue runs: each SM fills its
// pipeline once instead of once per tile. Triton gets the same from
// kernels written persistent (its tutorial 09), whose launcher picks the
// grid; behind Triton's launcher a compiler cannot change the grid, but
// the surplus programs cost little: they start when an SM frees up, at
// the end, and exit (measured on an H200, 2026-11-28: launching the full
// grid and launching P programs time the same, docs/PERFORMANCE.md).
// Since the programs are independent, the order of the walk is the
// pass's to choose: a kernel whose program id only indexes a
// column-major grid of tiles walks it in groups of eight rows
// (groupColumns), and the walk of consumers taking turns alternates
// chunks of eight tiles between them (turnChunk).
//
// P is the number of SMs (PTX %nsmid, read with the scalar inline
// assembly a Triton user would write) times the CTAs an SM holds at once.
// Fewer would leave SM slots empty; more would start the surplus
// persistent CTAs only when others finish, a tail of whole tile walks.
// Before register allocation the pass knows two bounds of that number:
// the schedulers' 2048 threads, and the register file's 65536 registers
// over the accumulator plus 64 registers a thread (ctas-per-sm, when
// given, caps it further). Shared memory, the third, is known only after
// make_ttgir: tt-translate compiles the kernel again without the schedule
// when the kernel's shared memory holds fewer CTAs per SM than P assumed
// (including none: the pipeline's buffers now stay live across each
// tile's epilogue, which can overflow the SM). Only kernels with at least
// 128 accumulator elements a thread are rewritten (128x128 tiles on 4
// warps, 128x256 on 8), the shapes where the schedule was measured to
// pay; with one CTA per SM where two fit the same kernel ran at 0.87x.
//
// A kernel whose dot operands are loaded element by element (vectors of
// less than 4 bytes: strides Triton's specialization does not promise to
// be multiples of 16) keeps its programs too: the software pipeliner
// cannot copy such loads asynchronously, and the tile loop only adds
// registers to a K loop that has none to spare (persistent_loads.go).
//
// Programs must not depend on running concurrently or in their own CTA:
// kernels with atomics (possible inter-program protocols), prints or
// assertions (which report the hardware program id), inline assembly
// (which may read %ctaid), while loops, calls or tensor descriptors made
// in the kernel (per-program global scratch) are left alone, as are
// kernels that use program ids along z, kernels not for sm_90 (where
// it was measured), clusters, and kernels whose body is not one block
// around one top-level K loop. A kernel of a 2-D grid (program ids along
// x and y) is walked as one line of its Gx Gy programs, (x, y) at x + y
// Gx, where that many fit an i32 (else every program runs its own tile). TT_X_PERSISTENT=off (experimental)
// disables the pass; TT_X_PERSISTENT=nested (or the option
// persistent=nested) keeps the schedule without tt.flatten: each tile's
// K loop then fills and drains its pipeline inside the tile loop. On a
// 256x128 tile of 8 warps that read 1.02-1.05x of the fused form, on the
// suite's 128x128 and 128x256 tiles the same or less: the fused loop's
// overheads (its epilogue's stores queued behind the next tile's copies,
// the branch to the epilogue) are paid on every tile, and what they buy,
// the copy wait hidden at each tile's end, differs by tile
// (docs/PERFORMANCE.md, 2026-11-29 15:45). Not a default: the fused loop
// should become cheaper instead.

// persistentAccPerThread is the accumulator elements per thread from
// which the schedule was measured to pay (128x128 tiles on 4 warps,
// 128x256 on 8): with less, a CTA's prologue and epilogue are short next
// to what other CTAs on the SM overlap with them.
const persistentAccPerThread = 128

// persistentOtherRegs is what a thread of such a kernel needs besides its
// accumulator, at least: addresses, loop state, the epilogue's values
// (ptxas gave tt's persistent 128x128 and 128x256 matmuls 114 and 118
// more). An underestimate only makes tt-translate compile again with
// the CTAs the shared memory allows.
const persistentOtherRegs = 64

// persistentCapability is the target the schedule was measured on.
const persistentCapability = 90

func persistentPass() *passmgr.Pass {
	return &passmgr.Pass{
		Name:        "tt-persistent-programs",
		DisplayName: "PersistentPrograms",
		Anchor:      "builtin.module",
		Summary:     "the first programs of a big-accumulator dot kernel loop over the tiles of the others, which exit (tt's own)",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			target := declareScheduleTarget(fs)
			perSM := fs.Int("ctas-per-sm", 0, "CTAs an SM holds at once (0: the bound the accumulator's registers give)")
			mode := fs.String("persistent", "auto", "auto (the kernels of the shape the pass rewrites), nested (the same, the tile loop left to run around the K loop) or off")
			return func(op *ir.Operation, st *passmgr.State) error {
				m, err := scheduleMode("tt-persistent-programs", *mode, "TT_X_PERSISTENT", "nested")
				if m == "off" || err != nil {
					st.PreserveAll()
					return err
				}
				if !target.singleCTA(persistentCapability) {
					st.PreserveAll()
					return nil
				}
				if *target.numWarps <= 0 || *perSM < 0 {
					return fmt.Errorf("tt-persistent-programs: num-warps must be positive and ctas-per-sm not negative (got %d, %d)", *target.numWarps, *perSM)
				}
				ring, err := target.withTileTurns("tt-persistent-programs")
				if err != nil {
					return err
				}
				// Through the cache: tt-translate offers the analysis
				// PersistentPlan computed on the IR this pass sees.
				axis := func() *axisinfo.Module {
					return passmgr.GetAnalysis(st, op, func(m *ir.Operation) *axisinfo.Module { return axisinfo.Analyze(m) })
				}
				n := 0
				for _, k := range persistentKernels(op, *target.numWarps, ring, axis) {
					per := k.perSM
					if *perSM > 0 {
						per = min(per, *perSM)
					}
					chunk, group, err := walkSettings(TilePairs(*target.tileTurns))
					if err != nil {
						return ir.OpErrorf(k.fn, "tt-persistent-programs: %v", err)
					}
					if !k.turns {
						chunk = 0
					}
					// Consumers taking turns over the tiles need the
					// tile loop around the K loop.
					makePersistent(k.fn, per, m != "nested" && !k.turns, chunk, group, k.turns && TilePairs(*target.tileTurns))
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

// PersistentPlan says how many kernels of module tt-persistent-programs
// rewrites for sm_90 with numWarps warps (and consumers taking turns over
// the tiles with a ring budget of ring bytes where ring is not 0:
// TileTurns, TileTurnsRing), the fewest CTAs per SM
// it assumes for them (0 when there are none), and whether one of them
// takes the turns: a compiler that finds the kernel's shared memory
// holding fewer CTAs, or the turns not built, compiles it again with
// ctas-per-sm, without the turns, or without the schedule. It also
// returns the axis analysis of module it computed on the way (nil where no
// kernel needed it), which the pass would compute again on the same IR.
func PersistentPlan(module *ir.Operation, numWarps, ring int) (kernels, ctasPerSM int, turned bool, axis *axisinfo.Module) {
	axisOf := func() *axisinfo.Module {
		if axis == nil {
			axis = axisinfo.Analyze(module)
		}
		return axis
	}
	for _, k := range persistentKernels(module, numWarps, ring, axisOf) {
		if kernels == 0 || k.perSM < ctasPerSM {
			ctasPerSM = k.perSM
		}
		kernels++
		turned = turned || k.turns
	}
	return kernels, ctasPerSM, turned, axis
}

// persistentKernel is a kernel the pass rewrites, the CTAs per SM its
// accumulator's registers allow, and whether its consumers take turns
// over its tiles (one CTA an SM: a producer warp and two consumer
// warpgroups fill the SM's registers).
type persistentKernel struct {
	fn    *ir.Operation
	perSM int
	turns bool
}

// persistentKernels returns the kernels of module the pass rewrites; ring
// is the turns' ring budget, 0 without them. axis gives module's axis
// analysis, asked for only where a kernel is a candidate.
func persistentKernels(module *ir.Operation, numWarps, ring int, axis func() *axisinfo.Module) []persistentKernel {
	if module.NumRegions() == 0 || module.Region(0).Empty() || numWarps <= 0 {
		return nil
	}
	var out []persistentKernel
	threads := int64(numWarps) * 32
	for _, fn := range module.Region(0).Front().Ops() {
		if fn.Name() != "tt.func" {
			continue
		}
		acc := persistentCandidate(fn)
		if acc == 0 || acc/threads < persistentAccPerThread {
			continue
		}
		if !dotLoadsPipeline(fn, axis()) {
			continue
		}
		// Registers bound the CTAs an SM holds: the accumulator and
		// persistentOtherRegs more a thread out of 65536; the schedulers
		// take at most 2048 threads.
		perSM := min(65536/(threads*(acc/threads+persistentOtherRegs)), 2048/threads)
		if perSM < 1 {
			continue
		}
		if ring > 0 && tileTurnsFit(fn, ring) {
			out = append(out, persistentKernel{fn, 1, true})
			continue
		}
		out = append(out, persistentKernel{fn, int(perSM), false})
	}
	return out
}

// persistentCandidate returns the elements of the accumulator of fn's K
// loop if fn is a public kernel of the shape the pass rewrites (see the
// pass comment), else 0.
func persistentCandidate(fn *ir.Operation) int64 {
	if v, ok := fn.Attr("sym_visibility").(*ir.StringAttr); ok && v.Value != "public" {
		return 0
	}
	if fn.NumRegions() != 1 || len(fn.Region(0).Blocks()) != 1 {
		return 0
	}
	body := fn.Region(0).Front()
	ret := body.Terminator()
	if ret == nil || ret.Name() != "tt.return" || ret.NumOperands() != 0 {
		return 0
	}
	var kLoops int
	var acc int64
	usesX, ok := false, true
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
			// Along x, or x and y (a 2-D grid, walked as one line).
			if tt.ProgramAxis(op) > 1 {
				ok = false
			}
			usesX = true
		case name == "scf.for":
			if op.Attr("tt.flatten") != nil || op.Attr(tt.AttrWarpSpecialize) != nil {
				ok = false
			} else if op.Block() != body {
				ok = false // nested loops: fuse-nested-loops fuses one inner loop
			} else {
				kLoops++
				acc = max(acc, carriedAccumulator(op))
			}
		}
		if !ok {
			return ir.Interrupt
		}
		return ir.Advance
	})
	if !ok || !usesX || kLoops != 1 {
		return 0
	}
	return acc
}

// carriedAccumulator returns the elements of the largest loop-carried
// accumulator of a tt.dot directly in loop's body (0 if none).
func carriedAccumulator(loop *ir.Operation) int64 {
	var most int64
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
		most = max(most, n)
	}
	return most
}

// walkSettings returns the two counts of the persistent walk (0: off),
// the experimental settings overriding their defaults of eight:
//   - chunk (TT_X_TURN_CHUNK), the tiles by which the walk of a kernel
//     whose consumers take turns over its tiles alternates between the
//     even and the odd iterations (makePersistent). Eight was measured
//     best of 1, 8 and none (H200, docs/PERFORMANCE.md "Where tt stands
//     (2026-11-30, 14:30 UTC)"): it keeps the column of a group of eight
//     program rows (Triton's tutorial grouping) in one turn, and still
//     gives each turn half the rows of a column on a walk without groups;
//   - group (TT_X_GROUP_COLUMNS), the rows of a column-major grid of
//     tiles that the walk keeps together (groupColumns): Triton's
//     tutorial's GROUP_SIZE_M.
//
// With pairs (tile-turns=pairs) the chunk's default is one: a CTA's
// consumers then take the program ids 2i and 2i+1 of a block, neighbours
// on the kernel's own walk that share an operand's tiles (B's on a walk
// down the columns or Triton's grouped one, A's on a walk along the
// rows).
//
// A value that is neither a positive count nor off is an error.
func walkSettings(pairs bool) (chunk, group int, err error) {
	count := func(env string) (int, error) {
		def := "8"
		if pairs && env == "TT_X_TURN_CHUNK" {
			def = "1"
		}
		v := passmgr.Experiment(env, def)
		if v == "off" {
			return 0, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 || n > 1<<20 {
			return 0, fmt.Errorf("%s=%q: want a positive count (at most %d) or off", env, v, 1<<20)
		}
		return n, nil
	}
	if chunk, err = count("TT_X_TURN_CHUNK"); err == nil {
		group, err = count("TT_X_GROUP_COLUMNS")
	}
	return chunk, group, err
}

// makePersistent wraps fn's body (which persistentCandidate accepted) in
// the loop over the program's tiles. With pairs (and chunks of one tile),
// the consumers work on a CTA's iterations 2j and 2j+1 together
// (pipeline/ws_pairs.go): the last, partial block of the walk is then
// cut into pairs too where it holds more than P tiles.
func makePersistent(fn *ir.Operation, perSM int, flatten bool, chunk, group int, pairs bool) {
	body := fn.Region(0).Front()
	ret := body.Terminator()
	var ops []*ir.Operation
	for op := body.First(); op != ret; op = op.Next() {
		ops = append(ops, op)
	}
	// The program ids, wherever they are read; y makes the grid 2-D.
	var ids [2][]*ir.Operation
	ir.WalkOps(fn, func(op *ir.Operation) {
		if op.Name() == "tt.get_program_id" {
			axis := tt.ProgramAxis(op)
			ids[axis] = append(ids[axis], op)
		}
	})
	twoD := len(ids[1]) > 0
	ctx := fn.Context()
	loc := fn.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(body)
	i32 := ir.I32(ctx)
	sb := scalarBuilder{b, loc}
	c, bin := sb.c, sb.bin

	var x, grid ir.Value = tt.NewGetProgramID(b, loc, tt.ProgramIDDim(0)).Result(0), tt.NewGetNumPrograms(b, loc, tt.ProgramIDDim(0)).Result(0)
	// A 2-D grid of Gx by Gy programs is walked as one line of G = Gx Gy
	// positions, program (x, y) at x + y Gx, where G fits an i32; where it
	// does not (Gy over (2^31 - 1) / Gx: the launch allows 2^31 - 1 by
	// 65535), the line is one position long for every program (G = 1,
	// x = 0: one trip), which then runs its own tile.
	var px, py, gx, fits ir.Value
	if twoD {
		px, gx = x, grid
		py = tt.NewGetProgramID(b, loc, tt.ProgramIDDim(1)).Result(0)
		gy := tt.NewGetNumPrograms(b, loc, tt.ProgramIDDim(1)).Result(0)
		fits = sb.cmp(arith.CmpISLE, gy, bin("divsi", c(1<<31-1), bin("maxsi", gx, c(1))))
		x = sb.sel(fits, bin("addi", px, bin("muli", py, gx)), c(0))
		grid = sb.sel(fits, bin("muli", gx, gy), c(1))
	}
	sms := b.CreateOp("tt.elementwise_inline_asm", loc, nil, []ir.Type{i32},
		ir.NamedAttr{Name: "asm_string", Value: ir.StringAttrOf(ctx, "mov.u32 $0, %nsmid;")},
		ir.NamedAttr{Name: "constraints", Value: ir.StringAttrOf(ctx, "=r")},
		ir.NamedAttr{Name: "pure", Value: ir.BoolAttrOf(ctx, true)},
		ir.NamedAttr{Name: "packed_element", Value: ir.I32Attr(ctx, 1)}).Result(0)
	// P = min(SMs * perSM, G) programs are persistent; program x < P
	// runs ceil((G - x) / P) tiles (x + i*P < G: no index overflows), the
	// others none.
	zero, one := c(0), c(1)
	p := bin("minsi", bin("muli", bin("maxsi", sms, one), c(int64(perSM))), grid)
	active := sb.cmp(arith.CmpISLT, x, p)
	trips := sb.sel(active, bin("ceildivsi", bin("subi", grid, x), p), zero)

	// The walk of consumers taking turns (chunk > 0): in each block of 2P
	// tiles that both fill, the even iterations take the even chunks of
	// `chunk` tiles and the odd iterations the odd ones, program x the
	// x-th tile of its chunks: its tile in the block is base, or base +
	// shift on an odd iteration. Spread so, the tiles in K loops at one
	// time are every other chunk of the 2P instead of the first P (with
	// two CTAs an SM, 2P tiles progress together): on a walk down the
	// columns of a matmul without grouped program ids, the rows that
	// share an A tile from L2 are in K loops together over twice the
	// columns (docs/PERFORMANCE.md, 2026-11-30 14:30). The last, partial
	// block keeps x + iP.
	var base, shift, lastStart ir.Value
	if chunk > 0 {
		g := c(int64(chunk))
		q := bin("divsi", p, g)
		rem := bin("subi", p, bin("muli", q, g))
		ch, within := bin("divsi", x, g), bin("remsi", x, g)
		whole := sb.cmp(arith.CmpISLT, ch, q)
		// In a whole chunk: ch*2g + within (+ g); in the last, partial
		// pair of chunks (P not a multiple of g): q*2g + within (+ rem).
		base = sb.sel(whole, bin("muli", ch, bin("addi", g, g)), bin("muli", q, bin("addi", g, g)))
		base = bin("addi", base, within)
		shift = sb.sel(whole, g, rem)
		// A block starting at s is whole when s <= G - 2P (which, as
		// G >= P, cannot overflow).
		lastStart = bin("subi", grid, bin("addi", p, p))
	}
	// Pairs in the partial block too, where it holds R > P tiles:
	// program x takes its tiles 2x and 2x + 1 (those below G), so that
	// R/2 pairs run where the walk x + iP would give R - P programs two
	// tiles apart and the others one: the same time, two tiles at most,
	// but pairs that share an operand. Where R <= P that walk runs one
	// tile a program, and pairs would take twice as long.
	var pairTail ir.Value
	if pairs && chunk == 1 {
		twoP := bin("addi", p, p)
		blocks := bin("divsi", grid, twoP)
		r := bin("subi", grid, bin("muli", blocks, twoP))
		pairTail = sb.cmp(arith.CmpISGT, r, p)
		tail := bin("maxsi", bin("minsi", bin("subi", r, bin("addi", x, x)), c(2)), zero)
		pairTrips := bin("addi", bin("addi", blocks, blocks), tail)
		trips = sb.sel(active, sb.sel(pairTail, pairTrips, trips), zero)
	}

	b.SetInsertionPoint(ret)
	loop := scf.NewForShell(b, loc, zero, trips, one, nil)
	if flatten {
		loop.SetAttr("tt.flatten", ir.Unit(ctx))
	}
	lb := loop.Region(0).Front()
	b.SetInsertionPointToEnd(lb)
	i := lb.Argument(0)
	tile := bin("addi", x, bin("muli", i, p))
	if chunk > 0 {
		// The block's start (i - i%2) P, below the tile x + iP < G,
		// cannot overflow.
		odd := bin("andi", i, one)
		start := bin("muli", bin("subi", i, odd), p)
		full := sb.cmp(arith.CmpISLE, start, lastStart)
		if pairTail != nil {
			full = bin("ori", full, pairTail)
		}
		paired := bin("addi", bin("addi", start, base), bin("muli", odd, shift))
		tile = sb.sel(full, paired, tile)
	}
	var idX, idY ir.Value = tile, nil
	if twoD {
		// The position's tile of the Gx by Gy grid, grouped as
		// groupColumns groups a 1-D kernel's split where the kernel
		// only scales its ids by block sizes; its own (x, y) where G
		// does not fit.
		walk := tile
		if group > 0 && allTileCoordinates(ids) {
			walk = sb.groupedWalk(tile, gx, grid, group)
		}
		idX = sb.sel(fits, bin("remsi", walk, gx), px)
		idY = sb.sel(fits, bin("divsi", walk, gx), py)
	}
	for _, op := range ops {
		op.Remove()
		lb.Append(op)
	}
	b.SetInsertionPointToEnd(lb)
	scf.NewYield(b, loc, nil)
	for axis, id := range []ir.Value{idX, idY} {
		for _, op := range ids[axis] {
			ir.ReplaceAllUsesWith(op.Result(0), id)
			op.Erase()
		}
	}
	if group > 0 && !twoD {
		groupColumns(b, loc, tile, grid, group)
	}
}

// allTileCoordinates reports whether every program id of ids is used
// only as a tile's coordinate (tileCoordinate).
func allTileCoordinates(ids [2][]*ir.Operation) bool {
	for _, axis := range ids {
		for _, op := range axis {
			if !tileCoordinate(op.Result(0)) {
				return false
			}
		}
	}
	return true
}

// groupColumns gives a kernel whose program id is only ever split into
// a column-major grid of tiles, (pid % X, pid / X) each only scaled by a
// block size (tileCoordinate), a walk of its tiles that
// keeps `group` consecutive rows of the grid together, as Triton's
// tutorial groups its program ids by hand (GROUP_SIZE_M): walk position t
// takes the tile Triton's grouping gives t, in the kernel's own
// numbering. A kernel that walks down whole columns of X row tiles reads
// every A tile again for each column, from DRAM once X is too big for L2;
// grouped, the tiles in flight at one time share a few rows and a few
// columns (docs/PERFORMANCE.md, 2026-11-30 14:30). The programs are
// independent (tt-persistent-programs' precondition), so any order of
// them is the kernel's meaning; positions past the last whole column
// (G not a multiple of X) keep theirs. Nothing is done where tile has
// another use, its two splits divide by different X, or a part of the
// split is used otherwise.
func groupColumns(b *ir.Builder, loc ir.Location, tile, grid ir.Value, group int) {
	uses := ir.Uses(tile)
	if len(uses) == 0 {
		return
	}
	var rows ir.Value
	first := uses[0].Owner()
	for _, use := range uses {
		u := use.Owner()
		if (u.Name() != "arith.remsi" && u.Name() != "arith.divsi") || use.Index() != 0 ||
			u.Block() != first.Block() || rows != nil && !sameValue(rows, u.Operand(1)) || !tileCoordinate(u.Result(0)) {
			return
		}
		rows = u.Operand(1)
		if u.IsBeforeInBlock(first) {
			first = u
		}
	}
	b.SetInsertionPoint(first)
	walk := scalarBuilder{b, loc}.groupedWalk(tile, rows, grid, group)
	for _, use := range uses {
		use.Set(walk)
	}
}

// scalarBuilder builds the i32 arithmetic of the walks at b's insertion
// point.
type scalarBuilder struct {
	b   *ir.Builder
	loc ir.Location
}

func (sb scalarBuilder) c(v int64) ir.Value {
	return arith.NewConstant(sb.b, sb.loc, ir.I32Attr(sb.b.Ctx, v)).Result(0)
}

func (sb scalarBuilder) bin(name string, x, y ir.Value) ir.Value {
	return arith.NewBinary(sb.b, "arith."+name, sb.loc, x, y).Result(0)
}

func (sb scalarBuilder) cmp(pred arith.CmpIPredicate, x, y ir.Value) ir.Value {
	return arith.NewCmpI(sb.b, sb.loc, pred, x, y).Result(0)
}

func (sb scalarBuilder) sel(cond, t, f ir.Value) ir.Value {
	return arith.NewSelect(sb.b, sb.loc, cond, t, f).Result(0)
}

// groupedWalk returns the tile that walk position tile takes on a
// column-major grid of rows X by G / X whole columns when the walk keeps
// `group` rows together (Triton's grouping), tile itself past the whole
// columns.
func (sb scalarBuilder) groupedWalk(tile, rows, grid ir.Value, group int) ir.Value {
	c, bin := sb.c, sb.bin
	// X and Y = G / X whole columns, as divisors at least 1 (a kernel
	// whose X is 0 divides by it itself; the walk must not). Triton's
	// grouping of position t over an X by Y grid: groups of `group` rows
	// (the last one smaller), each walked row-fastest over all Y
	// columns. t / (group Y) is computed as (t / Y) / group, and the
	// group's start as a product no bigger than t, so nothing overflows.
	one, g := c(1), c(int64(group))
	x := bin("maxsi", rows, one)
	y := bin("divsi", grid, x)
	ySafe := bin("maxsi", y, one)
	gid := bin("divsi", bin("divsi", tile, ySafe), g)
	firstRow := bin("muli", gid, g)
	// At least 1 too: past the whole columns the group starts at or
	// after X (the select below discards what it gives there).
	size := bin("maxsi", bin("minsi", bin("subi", x, firstRow), g), one)
	r := bin("subi", tile, bin("muli", firstRow, ySafe))
	m := bin("addi", firstRow, bin("remsi", r, size))
	n := bin("divsi", r, size)
	grouped := bin("addi", bin("muli", n, x), m)
	whole := sb.cmp(arith.CmpISLT, tile, bin("muli", x, y))
	return sb.sel(whole, grouped, tile)
}

// tileCoordinate reports whether v is used only as a tile's coordinate:
// times a constant (its block size). A split whose parts are split again
// (Triton's own grouping: pid % (GROUP_M * columns), then % and / by the
// group's rows) is a walk the kernel chose itself.
func tileCoordinate(v ir.Value) bool {
	for _, use := range ir.Uses(v) {
		u := use.Owner()
		if u.Name() != "arith.muli" {
			return false
		}
		if _, ok := arith.MatchConstantInt(u.Operand(1 - use.Index())); !ok {
			return false
		}
	}
	return ir.HasUses(v)
}

// sameValue reports whether two values are the same SSA value or equal
// integer constants.
func sameValue(a, b ir.Value) bool {
	if a == b {
		return true
	}
	ca, okA := arith.MatchConstantInt(a)
	cb, okB := arith.MatchConstantInt(b)
	return okA && okB && ca == cb
}
