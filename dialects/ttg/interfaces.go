package ttg

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// LayoutEncoding is implemented by every layout attribute: the encodings of
// register tensors (distributed layouts), of shared-memory buffers (shared
// layouts), and the tensor-memory encodings of package ttng.
type LayoutEncoding interface {
	ir.Attribute
	// Rank is the number of tensor dims the layout describes.
	Rank() int
	// CGA returns the CTA (cluster) part of the layout.
	CGA() CGALayout
	// ToLinearLayout maps hardware locations to the coordinates of a
	// tensor (or buffer) of the given shape: (register, lane, warp, block)
	// for distributed layouts, (offset, block) for shared ones.
	ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error)
}

// DistributedLayout is a layout of a tensor held in registers (Triton's
// DistributedEncodingTrait): blocked, slice, dot_op, linear and the MMA
// layouts.
type DistributedLayout interface {
	LayoutEncoding
	// RepOrder is the order in which the layout's repetitions (registers
	// beyond the first tile) walk the tensor dims, fastest first.
	RepOrder() []int
	isDistributed()
}

// SharedLayout is a layout of a buffer in shared memory (Triton's
// SharedEncodingTrait).
type SharedLayout interface {
	LayoutEncoding
	// Alignment is the byte alignment the layout needs.
	Alignment() int
	isShared()
}

// MmaLayout is the result layout of a tensor-core dot (nvidia_mma,
// amd_mfma, amd_wmma: Triton's MmaEncodingTrait).
type MmaLayout interface {
	DistributedLayout
	// RepOrderForOperand is the repetition order of the dot operand opIdx.
	RepOrderForOperand(opIdx int) []int
	isMma()
}

// MemDescEncoding is implemented by encodings that may describe a
// !ttg.memdesc other than the shared layouts (the tensor-memory encodings
// of package ttng); VerifyMemDesc checks the type's invariants.
type MemDescEncoding interface {
	ir.Attribute
	VerifyMemDesc(shape []int64, elem ir.Type, memorySpace ir.Attribute, allocShape []int64) error
}

// UpcastFp is the op interface of ops that upcast packed or scaled
// floating-point values (Triton's UpcastFpOpInterface; AMD's
// amdg.scaled_upcast_fp4/fp8 implement it): the layout of one side given
// the other's, for operand opIdx. The layout propagation rules
// (InferSrcEncoding, InferDstEncoding) do not move layouts through them.
type UpcastFp interface {
	InferDstEncoding(opIdx int, src ir.Attribute) ir.Attribute
	InferSrcEncoding(opIdx int, dst ir.Attribute) ir.Attribute
}

// attrKey uniques the attributes of this package.
type attrKey struct {
	kind string
	s    string
	a    ir.Attribute
}

// ttgAttr is embedded in every attribute of the package; it remembers the
// context the attribute was made in (not part of its identity), so that
// layout inference can build new attributes.
type ttgAttr struct {
	ir.AttrBase
	ctx *ir.Context
}

func (ttgAttr) Namespace() string { return "ttg" }

// Context returns the context the attribute belongs to.
func (a ttgAttr) Context() *ir.Context { return a.ctx }

// ctxOf returns the context of a ttg attribute (nil for others).
func ctxOf(a ir.Attribute) *ir.Context {
	if c, ok := a.(interface{ Context() *ir.Context }); ok {
		return c.Context()
	}
	return nil
}
