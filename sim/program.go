package sim

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// Program is a loaded per-thread module: its launch geometry and its
// functions, compiled on first use.
type Program struct {
	module *ir.Operation
	// NumWarps, Lanes and Shared are the module's ttg.num-warps (or, for
	// a warp-specialized kernel, ttg.total-num-warps: the default warps
	// and the partitions' warps), ttg.threads-per-warp and ttg.shared
	// (bytes of dynamic shared memory per CTA).
	NumWarps, Lanes, Shared int
	// NumCTAs is the module's ttg.num-ctas: above 1 its kernels require
	// clusters of (NumCTAs, 1, 1) CTAs (PTX .reqnctapercluster).
	NumCTAs int
	// CTACluster is the module's tt.cta-cluster: above 1 its kernels
	// require clusters of (CTACluster, 1, 1) CTAs that stay one program
	// each (program ids are block ids), so the grid's x must be a
	// multiple of it.
	CTACluster int

	mu    sync.Mutex
	funcs map[*ir.Operation]*function
}

// Load prepares a per-thread module (the lowering's output) for launches.
func Load(module *ir.Operation) (*Program, error) {
	if module == nil || module.NumRegions() == 0 || module.Region(0).Empty() {
		return nil, fmt.Errorf("sim: not a module")
	}
	p := &Program{module: module, NumWarps: ttg.NumWarps(module), Lanes: ttg.ThreadsPerWarp(module),
		Shared: ttg.SharedBytes(module), NumCTAs: ttg.NumCTAs(module), CTACluster: ttg.CTACluster(module),
		funcs: map[*ir.Operation]*function{}}
	if a, ok := module.Attr(ttg.AttrTotalNumWarps).(*ir.IntegerAttr); ok {
		p.NumWarps = int(a.Int())
	}
	switch {
	case p.NumWarps < 1 || p.NumWarps > 32:
		return nil, ir.OpErrorf(module, "cannot launch %d warps per CTA (ttg.num-warps)", p.NumWarps)
	case p.Lanes != 32 && p.Lanes != 64:
		return nil, ir.OpErrorf(module, "warps of %d threads (ttg.threads-per-warp) are not simulated; 32 and 64 are", p.Lanes)
	case p.Shared < 0 || p.Shared > 1<<20:
		return nil, ir.OpErrorf(module, "%d bytes of shared memory (ttg.shared) per CTA is out of range", p.Shared)
	case p.NumCTAs < 1 || p.NumCTAs > maxClusterCTAs || p.NumCTAs&(p.NumCTAs-1) != 0:
		return nil, ir.OpErrorf(module, "clusters of %d CTAs (ttg.num-ctas) cannot be launched; 1, 2, 4, 8 and 16 can", p.NumCTAs)
	case p.CTACluster > maxClusterCTAs:
		return nil, ir.OpErrorf(module, "clusters of %d CTAs (%s) cannot be launched; at most %d can", p.CTACluster, ttg.AttrCTACluster, maxClusterCTAs)
	case p.CTACluster > 1 && p.NumCTAs > 1:
		return nil, ir.OpErrorf(module, "'%s' = %d and 'ttg.num-ctas' = %d cannot both be set: a program is either a whole cluster or one CTA of it", ttg.AttrCTACluster, p.CTACluster, p.NumCTAs)
	}
	return p, nil
}

// Kernel is a kernel of a Program, ready to launch.
type Kernel struct {
	prog *Program
	fn   *function
	// ctas keeps the CTAs of finished launches for the next ones (their
	// threads' register files and the race detector's cells are large).
	ctas sync.Pool
	Name string
	// Params are the kernel's parameter types, in order.
	Params []ir.Type
	// shares is sharesAcrossCTAs of the kernel's module.
	shares bool
}

// Kernel returns the llvm.func kernel (marked gpu.kernel) named name.
func (p *Program) Kernel(name string) (*Kernel, error) {
	var fn *ir.Operation
	var names []string
	for _, op := range p.module.Region(0).Front().Ops() {
		if op.Name() != "llvm.func" || !llvm.IsKernel(op) {
			continue
		}
		names = append(names, ir.SymbolName(op))
		if ir.SymbolName(op) == name {
			fn = op
		}
	}
	if fn == nil {
		return nil, fmt.Errorf("sim: the module has no kernel @%s (kernels: %v)", name, names)
	}
	p.mu.Lock()
	f, err := p.function(fn)
	p.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return &Kernel{prog: p, fn: f, Name: name, Params: fn.Region(0).Front().ArgumentTypes(), shares: sharesAcrossCTAs(p.module)}, nil
}

// sharesAcrossCTAs reports whether a module has ops through which the
// CTAs of a cluster act on one another (multicast TMA loads, arrivals on
// another CTA's mbarrier, the cluster barrier): only then do a cluster's
// CTAs run together (cluster.go).
func sharesAcrossCTAs(module *ir.Operation) bool {
	found := false
	ir.WalkOps(module, func(op *ir.Operation) {
		switch op.Name() {
		case gpu.MBarrierArriveClusterOp.Name, gpu.ClusterArriveOp.Name, gpu.ClusterWaitOp.Name:
			found = true
		case gpu.TMALoadOp.Name:
			found = found || gpu.Multicast(op) != 0
		}
	})
	return found
}

// Config are the settings of a launch.
type Config struct {
	// Stdout receives the kernel's printf output (nil: discarded).
	Stdout io.Writer
	// Workers is how many CTAs run at once (0: GOMAXPROCS).
	Workers int
	// NoRaceCheck turns the shared-memory race detector off.
	NoRaceCheck bool
	// Context, when set, bounds the launch: once it is done, threads stop
	// at their next branch, no other CTA starts, and Launch returns an
	// error wrapping the context's.
	Context context.Context
	// Progress, when set, counts the programs as they finish (the CTAs;
	// with ttg.num-ctas, the first CTA of each cluster).
	Progress *atomic.Int64
	// Cluster is the launch's cluster dimensions in CTAs (CUDA's
	// cluster-dimension launch attribute); zero means the kernel's own
	// (Kernel.ClusterDims). A kernel that requires clusters runs only in
	// those, and the grid must be a whole number of clusters.
	Cluster [3]int
	// SMs is the number of streaming multiprocessors the launch
	// simulates: gpu.num_sm_ids reads it, and gpu.sm_id of a CTA is its
	// linear index in the grid (x fastest) modulo SMs. 0 means
	// DefaultSMs; at most MaxSMs.
	SMs int
}

// DefaultSMs is the simulated SM count of a launch that does not set one.
// It is small so that a persistent kernel (P programs walking the tiles
// with stride P, P from gpu.num_sm_ids) gives each program several tiles
// in the few-tile problems simulator tests use, and odd so that the
// power-of-two tile counts of those problems do not divide evenly: the
// last programs run one tile fewer, as on a 132-SM H100.
const DefaultSMs = 3

// MaxSMs is the largest simulated SM count: the kernel reads it as an
// i32, which a count beyond would turn negative.
const MaxSMs = 1<<31 - 1

// smsOf returns a launch's simulated SM count.
func smsOf(cfg Config) (int, error) {
	switch {
	case cfg.SMs == 0:
		return DefaultSMs, nil
	case cfg.SMs < 0 || cfg.SMs > MaxSMs:
		return 0, fmt.Errorf("sim: a launch on %d SMs cannot be simulated (1 to %d)", cfg.SMs, MaxSMs)
	}
	return cfg.SMs, nil
}

// maxClusterCTAs is the largest cluster a launch may ask for (16, the
// non-portable size Hopper allows).
const maxClusterCTAs = 16

// ClusterDims is the cluster shape the kernel requires: (NumCTAs, 1, 1)
// for ttg.num-ctas, (CTACluster, 1, 1) for tt.cta-cluster, (1, 1, 1) for
// a kernel without clusters.
func (k *Kernel) ClusterDims() [3]int { return [3]int{k.prog.NumCTAs * k.prog.CTACluster, 1, 1} }

// CTAGrid is the grid of CTAs that runs a grid of programs, as Triton's
// launcher computes it: one cluster of NumCTAs CTAs per program; with
// tt.cta-cluster a program is a CTA and the grids are the same.
func (k *Kernel) CTAGrid(programs [3]int) [3]int {
	return [3]int{programs[0] * k.prog.NumCTAs, programs[1], programs[2]}
}

// ctasPerProgram is how many CTAs one program of the kernel runs on.
func (k *Kernel) ctasPerProgram() int { return k.prog.NumCTAs }

// clusterOf checks a launch's cluster dimensions against the kernel's and
// the grid, and returns them.
func (k *Kernel) clusterOf(grid [3]int, cfg Config) ([3]int, error) {
	c := cfg.Cluster
	if c == [3]int{} {
		c = k.ClusterDims()
	}
	attr := "ttg.num-ctas"
	if k.prog.CTACluster > 1 {
		attr = ttg.AttrCTACluster
	}
	if req := k.ClusterDims(); req != [3]int{1, 1, 1} && c != req {
		return c, fmt.Errorf("sim: @%s requires clusters of %v CTAs (%s), the launch asks for %v", k.Name, req, attr, c)
	}
	if n := k.prog.CTACluster; n > 1 && grid[0]%n != 0 {
		return c, fmt.Errorf("sim: @%s runs in clusters of %d CTAs along x (%s = %d), each CTA a program: the grid's x, %d, must be a multiple of %d", k.Name, n, attr, n, grid[0], n)
	}
	if c[0] < 1 || c[1] < 1 || c[2] < 1 || c[0]*c[1]*c[2] > maxClusterCTAs {
		return c, fmt.Errorf("sim: clusters of %v CTAs cannot be launched (at most %d CTAs)", c, maxClusterCTAs)
	}
	for d := range grid {
		if grid[d]%c[d] != 0 {
			return c, fmt.Errorf("sim: the grid %v is not a whole number of %v clusters", grid, c)
		}
	}
	return c, nil
}

// IntArg is the bit pattern of an integer or pointer argument of type t.
func IntArg(t ir.Type, v int64) uint64 { return uint64(v) & maskOf(t) }

// FloatArg is the bit pattern of a float argument of type t (rounded to
// nearest even), or of an integer argument of type t with value v.
func FloatArg(t ir.Type, v float64) uint64 {
	if _, ok := t.(*ir.FloatType); ok {
		return fromF64(t, v)
	}
	return IntArg(t, int64(v))
}

// FloatValue is the value of a float bit pattern of type t.
func FloatValue(t ir.Type, bits uint64) float64 {
	if _, ok := t.(*ir.FloatType); ok {
		return toF64(t, bits)
	}
	return float64(numeric.Int64(bits, bitWidth(t)))
}

// bitWidth is the size in bits of a register type: integers, floats,
// pointers (64) and vectors of integers or floats.
func bitWidth(t ir.Type) int {
	switch t := t.(type) {
	case *llvm.PointerType:
		return 64
	case *ir.IntegerType:
		return t.Width
	case *ir.FloatType:
		return t.Width()
	case *ir.VectorType:
		n := 1
		for _, d := range t.Dims {
			n *= int(d)
		}
		return n * bitWidth(t.Elem)
	}
	return 64
}

func maskOf(t ir.Type) uint64 { return numeric.Mask(min(bitWidth(t), 64)) }

// isShared reports whether a pointer type addresses shared memory.
func isShared(t ir.Type) bool {
	p, ok := t.(*llvm.PointerType)
	return ok && p.AddrSpace == llvm.SharedAddrSpace
}

// dimOf is the dimension of a gpu index op.
func dimOf(op *ir.Operation) int { return int(gpu.DimensionOf(op)) }
