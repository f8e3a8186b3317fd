package nvidia

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/analysis/membar"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "triton-nvidia-gpu-proxy-fence-insertion",
		DisplayName: "TritonGPUProxyFenceInsertion",
		Summary:     "Insert fences between generic-proxy shared-memory accesses and later TMA writes of overlapping memory (after shared-memory allocation).",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			cc := fs.Int("compute-capability", 90, "device compute capability")
			return func(op *ir.Operation, st *passmgr.State) error {
				if *cc < 90 || !membar.WritesThroughAsyncProxy(op) {
					return nil
				}
				// What allocate-shared-memory-nv recorded for the same
				// capability, where no pass since changed what it read.
				if r, ok := passmgr.CachedAnalysis[allocation.NvidiaRecorded](st, op); ok && r.CC == *cc {
					return membar.InsertProxyFences(op, r.ModuleAllocation, *cc)
				}
				// After allocate-shared-memory the offsets the lowering
				// will use are the recorded ones, as the conversion's
				// barrier analysis reads them. Scratch buffers are sized
				// by the NVIDIA rule, as allocate-shared-memory-nv and
				// the lowering size them (Triton's pass sizes them by
				// the generic rule, which can differ from the buffers the
				// lowering uses and so misjudge an overlap).
				analyze := allocation.Analyze
				if op.Attr(ttg.AttrShared) != nil {
					analyze = allocation.AnalyzeRecorded
				}
				alloc, err := analyze(op, allocation.Options{Scratch: allocation.NvidiaScratchSize(*cc)})
				if err != nil {
					return err
				}
				return membar.InsertProxyFences(op, alloc, *cc)
			}
		},
	})
}
