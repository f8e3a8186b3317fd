package interp

import (
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TTGIR support. Layout encodings are ignored: a tensor is its row-major
// elements whatever its layout, so ttg.convert_layout is the identity.
// Shared (and Blackwell tensor) memory is a plain per-program buffer that
// a MemDesc views with element strides; swizzled shared layouts do not
// change which logical element a view names, so they are ignored too.
// Asynchronous copies, TMA transfers and wgmma/tcgen05 MMAs complete
// immediately; barriers, fences and waits do nothing (each program
// instance runs as a single thread of control, in program order).

// MemDesc is a view of a shared-memory (or tensor-memory) allocation.
type MemDesc struct {
	data    *Tensor // the allocation's elements, row-major
	off     int     // element offset of the view's first element
	shape   []int
	strides []int
}

func (*MemDesc) isValue() {}

// index returns the flat element index in data of view element i.
func (m *MemDesc) index(i int) int {
	o := m.off
	for d := len(m.shape) - 1; d >= 0; d-- {
		o += (i % m.shape[d]) * m.strides[d]
		i /= m.shape[d]
	}
	return o
}

// load reads the whole view as a tensor.
func (m *MemDesc) load() *Tensor {
	n := numel(m.shape)
	idx := make([]int, n)
	for i := range idx {
		idx[i] = m.index(i)
	}
	return m.data.gather(append([]int(nil), m.shape...), idx)
}

// store writes t (row-major, same element count) into the view. Writing
// in place is what makes a MemDesc mutable memory rather than a value.
func (m *MemDesc) store(t *Tensor, mask func(i int) bool) {
	for i, n := 0, numel(m.shape); i < n; i++ {
		if mask == nil || mask(i) {
			copyElem(m.data, m.index(i), t, i)
		}
	}
}

// contiguous reports whether the view is row-major and dense.
func (m *MemDesc) contiguous() bool {
	want := strides(m.shape)
	for d := range want {
		if m.shape[d] != 1 && m.strides[d] != want[d] {
			return false
		}
	}
	return true
}

func memdescShape(t ir.Type) ([]int, error) {
	md, ok := t.(*ttg.MemDescType)
	if !ok {
		return nil, errorf("%s is not a memory descriptor", asm.TypeString(t))
	}
	s := make([]int, len(md.Dims))
	for i, d := range md.Dims {
		s[i] = int(d)
	}
	return s, nil
}

func (x *execCtx) memdesc(in *instr, k int) (*MemDesc, error) {
	m, ok := x.vals[in.in[k]].(*MemDesc)
	if !ok {
		return nil, x.fail(in.op, nil, "operand #%d is %s, not a memory descriptor", k, describe(x.vals[in.in[k]]))
	}
	return m, nil
}

// tensorOrMemDesc reads operand k as a tensor, loading it if it is a view.
func (x *execCtx) tensorOrMemDesc(in *instr, k int) (*Tensor, error) {
	if m, ok := x.vals[in.in[k]].(*MemDesc); ok {
		return m.load(), nil
	}
	return x.tensor(in, k)
}

func init() {
	register("ttg.local_alloc", buildAlloc)
	register("ttng.tmem_alloc", buildAlloc)
	register("ttg.local_load", buildLocalLoad)
	register("ttng.tmem_load", buildLocalLoad)
	register("ttg.local_store", buildLocalStore)
	register("ttng.tmem_store", buildTMEMStore)
	register("ttg.memdesc_index", buildMemDescIndex)
	register("ttg.memdesc_subslice", buildMemDescSubslice)
	register("ttng.tmem_subslice", buildTMEMSubslice)
	register("ttg.memdesc_trans", buildMemDescTrans)
	register("ttg.memdesc_reshape", buildMemDescReinterpret)
	register("ttg.memdesc_reinterpret", buildMemDescReinterpret)
	register("ttg.async_copy_global_to_local", buildAsyncCopy)
	// Ordering-only operations: their results, if any, are tokens.
	for _, name := range []string{
		"ttg.local_dealloc", "ttg.async_commit_group", "ttg.async_wait", "ttg.local_barrier",
		"ttng.fence_async_shared", "ttng.init_barrier", "ttng.inval_barrier", "ttng.barrier_expect",
		"ttng.wait_barrier", "ttng.arrive_barrier", "ttng.async_tma_store_wait", "ttng.tc_gen5_commit",
		"ttng.async_copy_mbarrier_arrive", "ttng.tensormap_fenceproxy_acquire",
	} {
		register(name, buildNoOp)
	}
}

// buildNoOp runs nothing and yields tokens.
func buildNoOp(c *compiler, op *ir.Operation) (runFn, error) {
	return func(x *execCtx, in *instr) error {
		for k := range in.out {
			x.set(in, k, Token{})
		}
		return nil
	}, nil
}

// buildPassThrough forwards operands to results (wgmma waits).
func buildPassThrough(c *compiler, op *ir.Operation) (runFn, error) {
	return func(x *execCtx, in *instr) error {
		for k := range in.out {
			if k < len(in.in) {
				x.set(in, k, x.vals[in.in[k]])
			} else {
				x.set(in, k, Token{})
			}
		}
		return nil
	}, nil
}

// setTokens sets every result from index from on to a token.
func setTokens(x *execCtx, in *instr, from int) {
	for k := from; k < len(in.out); k++ {
		x.set(in, k, Token{})
	}
}

func buildAlloc(c *compiler, op *ir.Operation) (runFn, error) {
	shape, err := memdescShape(op.Result(0).Type())
	if err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	e, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	return func(x *execCtx, in *instr) error {
		m := &MemDesc{data: newTensor(e, shape), shape: shape, strides: strides(shape)}
		if len(in.in) > 0 {
			src, err := x.tensor(in, 0)
			if err != nil {
				return err
			}
			if src.Len() != numel(shape) {
				return x.fail(in.op, nil, "source has %d elements for a %v buffer", src.Len(), shape)
			}
			m.store(src, nil)
		}
		x.set(in, 0, m)
		setTokens(x, in, 1)
		return nil
	}, nil
}

func buildLocalLoad(c *compiler, op *ir.Operation) (runFn, error) {
	out := shapeOf(op.Result(0).Type())
	return func(x *execCtx, in *instr) error {
		m, err := x.memdesc(in, 0)
		if err != nil {
			return err
		}
		t := m.load()
		if t.Len() != numel(out) {
			return x.fail(in.op, nil, "view has %d elements for a %v result", t.Len(), out)
		}
		x.set(in, 0, t.withShape(out))
		setTokens(x, in, 1)
		return nil
	}, nil
}

func buildLocalStore(c *compiler, op *ir.Operation) (runFn, error) {
	return func(x *execCtx, in *instr) error {
		src, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		m, err := x.memdesc(in, 1)
		if err != nil {
			return err
		}
		if src.Len() != numel(m.shape) {
			return x.fail(in.op, nil, "storing %d elements into a %v view", src.Len(), m.shape)
		}
		m.store(src, nil)
		setTokens(x, in, 0)
		return nil
	}, nil
}

// ttng.tmem_store %src, %dst[%dep], %pred: operand 0 is dst; the source
// is the tensor operand and the predicate the last operand.
func buildTMEMStore(c *compiler, op *ir.Operation) (runFn, error) {
	srcK := -1
	for k := 1; k < op.NumOperands(); k++ {
		if _, ok := op.Operand(k).Type().(*ir.RankedTensorType); ok {
			srcK = k
		}
	}
	if srcK < 0 {
		return nil, ir.OpErrorf(op, "has no tensor to store")
	}
	predK := op.NumOperands() - 1
	return func(x *execCtx, in *instr) error {
		m, err := x.memdesc(in, 0)
		if err != nil {
			return err
		}
		src, err := x.tensor(in, srcK)
		if err != nil {
			return err
		}
		if predK > srcK {
			p, err := scalarOperand(x, in, predK)
			if err != nil {
				return err
			}
			if p&1 == 0 {
				setTokens(x, in, 0)
				return nil
			}
		}
		if src.Len() != numel(m.shape) {
			return x.fail(in.op, nil, "storing %d elements into a %v view", src.Len(), m.shape)
		}
		m.store(src, nil)
		setTokens(x, in, 0)
		return nil
	}, nil
}

func buildMemDescIndex(c *compiler, op *ir.Operation) (runFn, error) {
	return func(x *execCtx, in *instr) error {
		m, err := x.memdesc(in, 0)
		if err != nil {
			return err
		}
		i, err := scalarInt(x, in, 1)
		if err != nil {
			return err
		}
		if len(m.shape) < 2 || i < 0 || i >= int64(m.shape[0]) {
			return x.fail(in.op, nil, "index %d is outside [0, %d)", i, m.shape[0])
		}
		x.set(in, 0, &MemDesc{data: m.data, off: m.off + int(i)*m.strides[0], shape: m.shape[1:], strides: m.strides[1:]})
		return nil
	}, nil
}

func buildMemDescSubslice(c *compiler, op *ir.Operation) (runFn, error) {
	var offs []int64
	if a, ok := op.Attr("offsets").(*ir.DenseArrayAttr); ok {
		offs = a.Ints
	}
	shape, err := memdescShape(op.Result(0).Type())
	if err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	return func(x *execCtx, in *instr) error {
		m, err := x.memdesc(in, 0)
		if err != nil {
			return err
		}
		if len(offs) != len(m.shape) || len(shape) != len(m.shape) {
			return x.fail(in.op, nil, "subslice rank mismatch")
		}
		o := m.off
		for d, v := range offs {
			if v < 0 || int(v)+shape[d] > m.shape[d] {
				return x.fail(in.op, nil, "subslice [%d, %d) exceeds dimension %d of size %d", v, int(v)+shape[d], d, m.shape[d])
			}
			o += int(v) * m.strides[d]
		}
		x.set(in, 0, &MemDesc{data: m.data, off: o, shape: shape, strides: m.strides})
		return nil
	}, nil
}

// ttng.tmem_subslice takes columns [N, N + width) of a 2-D TMEM buffer.
func buildTMEMSubslice(c *compiler, op *ir.Operation) (runFn, error) {
	n := int64(0)
	if a, ok := op.Attr("N").(*ir.IntegerAttr); ok {
		n = a.Int()
	}
	shape, err := memdescShape(op.Result(0).Type())
	if err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	return func(x *execCtx, in *instr) error {
		m, err := x.memdesc(in, 0)
		if err != nil {
			return err
		}
		if len(m.shape) != 2 || len(shape) != 2 || int(n)+shape[1] > m.shape[1] {
			return x.fail(in.op, nil, "subslice of columns [%d, %d) is outside the buffer", n, int(n)+shape[1])
		}
		x.set(in, 0, &MemDesc{data: m.data, off: m.off + int(n)*m.strides[1], shape: shape, strides: m.strides})
		return nil
	}, nil
}

func buildMemDescTrans(c *compiler, op *ir.Operation) (runFn, error) {
	var order []int64
	if a, ok := op.Attr("order").(*ir.DenseArrayAttr); ok {
		order = a.Ints
	}
	return func(x *execCtx, in *instr) error {
		m, err := x.memdesc(in, 0)
		if err != nil {
			return err
		}
		if len(order) != len(m.shape) {
			return x.fail(in.op, nil, "order has %d entries for rank %d", len(order), len(m.shape))
		}
		r := &MemDesc{data: m.data, off: m.off, shape: make([]int, len(order)), strides: make([]int, len(order))}
		for i, o := range order {
			if o < 0 || int(o) >= len(m.shape) {
				return x.fail(in.op, nil, "order entry %d is out of range", o)
			}
			r.shape[i], r.strides[i] = m.shape[o], m.strides[o]
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

// buildMemDescReinterpret handles memdesc_reshape and memdesc_reinterpret:
// a dense view seen with another shape (and, for reinterpret, element
// type of the same storage class and width).
func buildMemDescReinterpret(c *compiler, op *ir.Operation) (runFn, error) {
	shape, err := memdescShape(op.Result(0).Type())
	if err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	e, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	return func(x *execCtx, in *instr) error {
		m, err := x.memdesc(in, 0)
		if err != nil {
			return err
		}
		if !m.contiguous() {
			return x.fail(in.op, nil, "cannot reshape a non-contiguous view")
		}
		data := m.data
		if data.Elem != e {
			if data.Elem.Size() != e.Size() || storageClass(data.Elem) != storageClass(e) {
				return x.fail(in.op, nil, "reinterpreting %s as %s is not supported", data.Elem, e)
			}
			data = data.withElem(e)
		}
		if numel(shape) > data.Len()-m.off {
			return x.fail(in.op, nil, "view of %v exceeds the allocation", shape)
		}
		x.set(in, 0, &MemDesc{data: data, off: m.off, shape: shape, strides: strides(shape)})
		return nil
	}, nil
}

// ttg.async_copy_global_to_local performs the masked load at once.
func buildAsyncCopy(c *compiler, op *ir.Operation) (runFn, error) {
	// Operands: src pointers, result view, then the optional mask and
	// other (Triton allows other only with a mask).
	maskK, otherK := -1, -1
	if op.NumOperands() > 2 {
		maskK = 2
	}
	if op.NumOperands() > 3 {
		otherK = 3
	}
	return func(x *execCtx, in *instr) error {
		p, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		m, err := x.memdesc(in, 1)
		if err != nil {
			return err
		}
		var mask, other *Tensor
		if maskK >= 0 {
			if mask, err = x.tensor(in, maskK); err != nil {
				return err
			}
		}
		if otherK >= 0 {
			if other, err = x.tensor(in, otherK); err != nil {
				return err
			}
		}
		if p.Len() != numel(m.shape) {
			return x.fail(in.op, nil, "copying %d elements into a %v view", p.Len(), m.shape)
		}
		r := newTensor(m.data.Elem, m.shape)
		size := r.Elem.Size()
		for i, a := range p.Bits {
			if !maskAt(mask, i) {
				if other != nil {
					copyElem(r, i, other, i)
				}
				continue
			}
			b, err := resolve(x.l.bufs, a, size)
			if err != nil {
				return x.failAt(in.op, i, p.Shape, "async copy: %v", err)
			}
			readElem(r, i, b)
		}
		m.store(r, nil)
		setTokens(x, in, 0)
		return nil
	}, nil
}
