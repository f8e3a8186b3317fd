package resources

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/ir"
)

// sharedCapacity is the shared memory one block may use (CUDA's opt-in
// maximum per block, AMD's LDS per workgroup), in bytes.
var sharedCapacity = map[string]int{
	"sm_70": 96 << 10, "sm_75": 64 << 10,
	"sm_80": 163 << 10, "sm_86": 99 << 10, "sm_87": 163 << 10, "sm_89": 99 << 10,
	"sm_90": 227 << 10, "sm_100": 227 << 10, "sm_120": 99 << 10,
	"gfx90a": 64 << 10, "gfx942": 64 << 10, "gfx950": 160 << 10,
	"gfx1100": 64 << 10, "gfx1200": 64 << 10,
}

// SharedMemoryCapacity returns the shared memory a block may use on arch
// ("sm_90", "sm_90a", "gfx942"), and whether arch is known.
func SharedMemoryCapacity(arch string) (int, bool) {
	n, ok := sharedCapacity[strings.TrimSuffix(arch, "a")]
	if !ok {
		n, ok = sharedCapacity[arch]
	}
	return n, ok
}

// OutOfResources is the error of a kernel that needs more of a resource
// than its target has: the located diagnostic, and the numbers in a form
// callers act on without reading the message (the Triton plugin raises
// Triton's OutOfResources(required, limit, name) from them, which its
// autotuner takes as "skip this configuration").
type OutOfResources struct {
	Diag     *ir.Diagnostic
	Resource string // what ran out, in Triton's words: "shared memory"
	Required int    // bytes the kernel needs
	Limit    int    // bytes the target has
	Arch     string
}

func (e *OutOfResources) Error() string { return e.Diag.Error() }

// Unwrap gives the diagnostic, so that renderers find it with errors.As.
func (e *OutOfResources) Unwrap() error { return e.Diag }

// maxNamedBuffers is how many buffers an over-capacity error names.
const maxNamedBuffers = 4

// CheckSharedMemory allocates module's shared memory (without changing
// the IR) and checks that every kernel fits the capacity of arch; Triton
// raises OutOfResources for such a kernel when it is loaded, tt says so
// when it is compiled. The error, an *OutOfResources, is located at the
// kernel and carries a note at each of its largest buffers. An unknown
// arch is not checked.
func CheckSharedMemory(module *ir.Operation, arch string) error {
	_, err := SharedMemory(module, arch)
	return err
}

// SharedMemory is CheckSharedMemory that also returns the shared memory
// the largest kernel of the module needs (0 for an arch it does not know).
func SharedMemory(module *ir.Operation, arch string) (int, error) {
	n, _, err := SharedMemoryPlan(module, arch)
	return n, err
}

// SharedMemoryPlan is SharedMemory that also returns the allocation it
// computed for an sm_NN arch (none for others, and with an error), which
// allocate-shared-memory-nv for that capability would compute again on
// the same IR (passmgr.Offer hands it over).
func SharedMemoryPlan(module *ir.Operation, arch string) (int, *allocation.NvidiaPlan, error) {
	capacity, ok := SharedMemoryCapacity(arch)
	if !ok {
		return 0, nil, nil
	}
	cc, scratch := scratchSizes(arch)
	m, err := allocation.Analyze(module, allocation.Options{Scratch: scratch})
	if err != nil {
		return 0, nil, err
	}
	var plan *allocation.NvidiaPlan
	if cc > 0 {
		plan = &allocation.NvidiaPlan{CC: cc, ModuleAllocation: m}
	}
	n, err := sharedMemoryUse(m, arch, capacity)
	if err != nil {
		return n, nil, err
	}
	return n, plan, nil
}

// sharedMemoryUse returns the shared memory the largest kernel of
// allocation m needs, with SharedMemory's error when one is over arch's
// capacity.
func sharedMemoryUse(m *allocation.ModuleAllocation, arch string, capacity int) (int, error) {
	most := 0
	for _, fn := range m.Graph.Roots {
		a := m.Func(fn)
		if a == nil {
			continue
		}
		most = max(most, a.SharedMemorySize())
		if a.SharedMemorySize() <= capacity {
			continue
		}
		d := ir.OpErrorf(fn, "needs %s of shared memory, over the %s of %s; use fewer pipeline stages (--num-stages) or smaller blocks",
			KB(a.SharedMemorySize()), KB(capacity), arch)
		bufs := append([]*allocation.Buffer(nil), a.Buffers()...)
		sort.SliceStable(bufs, func(i, j int) bool { return bufs[i].Size > bufs[j].Size })
		for i, b := range bufs {
			if i == maxNamedBuffers {
				d.Note(fn.Loc(), "and %d more buffers, none larger", len(bufs)-i)
				break
			}
			d.Note(b.Owner.Loc(), "%s for this '%s' (%s buffer at offset %d)", KB(b.Size), b.Owner.Name(), b.Kind, b.Offset)
		}
		return a.SharedMemorySize(), &OutOfResources{Diag: d, Resource: "shared memory", Required: a.SharedMemorySize(), Limit: capacity, Arch: arch}
	}
	return most, nil
}

// smShared is the shared memory of one SM and what the hardware reserves
// for each resident block (CUDA's per-SM capacity and
// reservedSharedMemPerBlock), for the architectures whose occupancy tt
// reasons about.
var smShared = map[string][2]int{
	"sm_80": {164 << 10, 1 << 10}, "sm_90": {228 << 10, 1 << 10},
}

// BlocksPerSMByShared returns how many blocks needing shared bytes of
// shared memory an SM of arch holds at once (shared memory alone
// considered), and whether arch is known.
func BlocksPerSMByShared(arch string, shared int) (int, bool) {
	c, ok := smShared[strings.TrimSuffix(arch, "a")]
	if !ok || shared < 0 {
		return 0, false
	}
	return c[0] / (shared + c[1]), true
}

// scratchSizes is how the allocation of arch sizes scratch buffers:
// NVIDIA's allocate-shared-memory-nv for sm_NN (and NN), the generic
// sizes else (and 0).
func scratchSizes(arch string) (int, allocation.ScratchSizeFunc) {
	if cc, ok := strings.CutPrefix(arch, "sm_"); ok {
		if n, err := strconv.Atoi(strings.TrimSuffix(cc, "a")); err == nil {
			return n, allocation.NvidiaScratchSize(n)
		}
	}
	return 0, nil
}

// kb renders a byte count the way GPU documentation gives capacities.
// KB prints a byte count as the diagnostics do: in KB, with the bytes
// where the count is not a whole number of KB.
func KB(n int) string {
	if n%1024 == 0 {
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes (%.1f KB)", n, float64(n)/1024)
}
