package ir

// RewritePattern is a local rewrite rooted at one kind of operation (or any
// operation when RootName is empty). Patterns change IR only through the
// Rewriter they are given, so drivers can observe every change. The
// drivers live in package pattern; the interface lives here so dialects can
// register canonicalization patterns without depending on the drivers.
type RewritePattern interface {
	// RootName is the op name the pattern matches, or "" for any op.
	RootName() string
	// Benefit orders patterns: higher benefit is tried first.
	Benefit() int
	// MatchAndRewrite rewrites op and reports whether it changed the IR.
	// A pattern that returns false must not have changed anything.
	MatchAndRewrite(op *Operation, rw Rewriter) bool
}

// NewPattern returns the pattern named name (its debug name, which
// canonicalize's enable/disable-patterns options match) rooted at ops named
// root ("" for any op) with the given benefit, that rewrites with fn.
func NewPattern(name, root string, benefit int, fn func(op *Operation, rw Rewriter) bool) RewritePattern {
	return &funcPattern{name: name, root: root, benefit: benefit, fn: fn}
}

// funcPattern is a pattern given by a function.
type funcPattern struct {
	name, root string
	benefit    int
	fn         func(op *Operation, rw Rewriter) bool
}

func (f *funcPattern) RootName() string                                { return f.root }
func (f *funcPattern) Benefit() int                                    { return f.benefit }
func (f *funcPattern) String() string                                  { return f.name }
func (f *funcPattern) MatchAndRewrite(op *Operation, rw Rewriter) bool { return f.fn(op, rw) }

// Rewriter is the interface through which patterns mutate IR. It embeds a
// Builder whose insertion point starts right before the matched op.
type Rewriter interface {
	B() *Builder
	// Create builds and inserts an op at the insertion point.
	Create(st *OperationState) *Operation
	// ReplaceOp replaces all uses of op's results with vals and erases op.
	ReplaceOp(op *Operation, vals []Value)
	// ReplaceOpWithOp replaces op's results with those of newOp and erases op.
	ReplaceOpWithOp(op, newOp *Operation)
	// EraseOp erases an op whose results are unused.
	EraseOp(op *Operation)
	// ReplaceAllUsesWith redirects every use of from to to.
	ReplaceAllUsesWith(from, to Value)
	// ReplaceUsesIf redirects the uses of from accepted by pred.
	ReplaceUsesIf(from, to Value, pred func(*OpOperand) bool)
	// ModifyInPlace runs fn, which mutates op's operands or attributes.
	ModifyInPlace(op *Operation, fn func())
	// InlineBlockBefore moves the ops of block src before op `before`,
	// replacing src's arguments with args, and erases src.
	InlineBlockBefore(src *Block, before *Operation, args []Value)
	// MergeBlocks appends the ops of src to dst (replacing src's arguments
	// with args) and erases src.
	MergeBlocks(src, dst *Block, args []Value)
	// InlineRegionBefore moves the blocks of region r before block before
	// in before's region (at the end of dst when before is nil).
	InlineRegionBefore(r *Region, dst *Region, before *Block)
	// SplitBlock splits b before op and returns the new block.
	SplitBlock(b *Block, before *Operation) *Block
	// EraseBlock erases a block.
	EraseBlock(b *Block)
	// NotifyMatchFailure records why a pattern did not apply (debugging).
	NotifyMatchFailure(op *Operation, reason string) bool
}
