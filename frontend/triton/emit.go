package triton

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/ub"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/pattern"
)

// IR emission at the generator's insertion point and current location:
// the counterparts of the builder methods Triton's semantic layer calls
// (python/src/ir.cc), with the same ops and the same folding.

// op creates an operation at the insertion point.
func (g *gen) op(name string, operands []ir.Value, types []ir.Type, attrs ...ir.NamedAttr) *ir.Operation {
	return g.b.CreateOp(name, g.loc, operands, types, attrs...)
}

// op1 creates a single-result operation and returns its result.
func (g *gen) op1(name string, operands []ir.Value, t ir.Type, attrs ...ir.NamedAttr) ir.Value {
	return g.op(name, operands, []ir.Type{t}, attrs...).Result(0)
}

// orFold is OpBuilder::createOrFold for an op just created: when its
// folder yields an existing value or a constant, the op is replaced (by a
// materialized arith.constant at the same place).
func (g *gen) orFold(op *ir.Operation) ir.Value {
	res, ok := pattern.Fold(op)
	if !ok || res == nil {
		return op.Result(0)
	}
	r := res[0]
	if r.Value != nil {
		op.Erase()
		return r.Value
	}
	d := op.Def().Dialect
	if d == nil || d.MaterializeConstant == nil {
		return op.Result(0)
	}
	restore := g.b.Restore()
	g.b.SetInsertionPoint(op)
	c := d.MaterializeConstant(g.b, r.Attr, op.Result(0).Type(), op.Loc())
	restore()
	if c == nil {
		return op.Result(0)
	}
	op.Erase()
	return c.Result(0)
}

// binary emits a two-operand arith op; the result has lhs's type.
func (g *gen) binary(name string, x, y ir.Value) ir.Value {
	if strings.HasSuffix(name, "f") { // addf, mulf, maximumf, ...
		g.floatOperand(name, x)
	}
	return arith.NewBinary(g.b, name, g.loc, x, y).Result(0)
}

// floatOperand refuses a float op on integer values. The one dtype that
// gets there is fp8e4b15: a float to the language, i8 in the IR (MLIR has
// no such type). Triton 3.6 builds arith.mulf and the like on i8 all the
// same, IR its verifier refuses; tt says why at the expression.
func (g *gen) floatOperand(name string, x ir.Value) {
	t := x.Type()
	if rt, ok := t.(*ir.RankedTensorType); ok {
		t = rt.Elem
	}
	if _, ok := t.(*ir.FloatType); !ok {
		g.failCur("TypeError: fp8e4b15 values have no arithmetic of their own (%s; they are i8 in the IR): convert them to fp16 or fp32 first", name)
	}
}

func (g *gen) cmpi(pred arith.CmpIPredicate, x, y ir.Value) ir.Value {
	return arith.NewCmpI(g.b, g.loc, pred, x, y).Result(0)
}

func (g *gen) cmpf(pred arith.CmpFPredicate, x, y ir.Value) ir.Value {
	g.floatOperand("arith.cmpf", x)
	return arith.NewCmpF(g.b, g.loc, pred, x, y).Result(0)
}

func (g *gen) cast(name string, x ir.Value, to ir.Type) ir.Value {
	return arith.NewCast(g.b, name, g.loc, x, to).Result(0)
}

// constInt emits arith.constant v : t (an integer type); v is truncated
// to the width as MLIR's ConstantIntOp does.
func (g *gen) constInt(t ir.Type, v int64) ir.Value {
	if it, ok := t.(*ir.IntegerType); ok && it.Width == 1 {
		return arith.NewConstant(g.b, g.loc, ir.BoolAttrOf(g.b.Ctx, v&1 != 0)).Result(0)
	}
	return arith.NewConstant(g.b, g.loc, ir.IntegerAttrOf(g.b.Ctx, t, v)).Result(0)
}

// constFloat emits arith.constant v : t (a float type).
func (g *gen) constFloat(t ir.Type, v float64) ir.Value {
	return arith.NewConstant(g.b, g.loc, arith.FloatAttr(g.b.Ctx, t, v)).Result(0)
}

// nullValue is get_null_value: a zero of the dtype's IR type, as
// Triton's builder makes it: of any float type (an 8-bit float's too, so
// `tl.where(m, x, 0.0)` on fp8 values is a select of a constant) or
// integer type (fp8e4b15 is an i8 in the IR).
func (g *gen) nullValue(t *DType) ir.Value {
	switch it := t.IR(g.b.Ctx).(type) {
	case *ir.FloatType:
		return g.constFloat(it, 0)
	case *ir.IntegerType:
		return g.constInt(it, 0)
	}
	g.failCur("RuntimeError: Not implemented")
	return nil
}

// scalarConstant is semantic.scalar_constant: zero becomes the type's
// null value; other values go through get_<dtype>, which for fp16 and
// fp32 passes the value through a C float and for bf16 through
// std::to_string of one, as Triton's builder does.
func (g *gen) scalarConstant(v Object, t *DType) *Tensor {
	if t == nil {
		g.failCur("ValueError: dtype must be specified when value is not a tensor")
	}
	if objectsEqual(v, big.NewInt(0)) {
		return &Tensor{V: g.nullValue(t), T: t}
	}
	it := t.IR(g.b.Ctx)
	switch {
	case t.IsInt():
		var x int64
		switch n := unwrap(v).(type) {
		case *big.Int:
			// get_intN takes int64, get_uintN uint64: both wrap to the width.
			if n.IsInt64() {
				x = n.Int64()
			} else if n.IsUint64() {
				x = int64(n.Uint64())
			} else {
				g.failCur("OverflowError: Python int too large to convert to C long")
			}
		case bool:
			x = map[bool]int64{false: 0, true: 1}[n]
		case float64:
			if t.IsBool() {
				x = map[bool]int64{false: 0, true: 1}[n != 0]
			} else {
				g.failCur("TypeError: incompatible function arguments: cannot convert float %s to %s", str(v), t)
			}
		default:
			g.failCur("TypeError: cannot make a %s constant from %s", t, typeName(v))
		}
		if t.IsBool() {
			x = map[bool]int64{false: 0, true: 1}[x != 0]
		}
		return &Tensor{V: g.constInt(it, x), T: t}
	case t.IsFP16() || t.IsFP32():
		f, ok := floatOf(v)
		if !ok {
			g.failCur("TypeError: cannot make a %s constant from %s", t, typeName(v))
		}
		return &Tensor{V: g.constFloat(it, float64(float32(f))), T: t}
	case t.IsBF16():
		f, ok := floatOf(v)
		if !ok {
			g.failCur("TypeError: cannot make a %s constant from %s", t, typeName(v))
		}
		dec, _ := strconv.ParseFloat(fmt.Sprintf("%f", float32(f)), 64)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			dec = float64(float32(f))
		}
		return &Tensor{V: g.constFloat(it, dec), T: t}
	case t.IsFP64():
		f, ok := floatOf(v)
		if !ok {
			g.failCur("TypeError: cannot make a %s constant from %s", t, typeName(v))
		}
		return &Tensor{V: g.constFloat(it, f), T: t}
	}
	g.failCur("AttributeError: 'builder' object has no attribute 'get_%s'", t)
	return nil
}

// toTensor is semantic.to_tensor: a Python bool, int or float becomes a
// scalar constant of Triton's default type for it.
func (g *gen) toTensor(o Object) *Tensor {
	switch x := unwrap(o).(type) {
	case *Tensor:
		return x
	case bool:
		return &Tensor{V: g.constInt(ir.I1(g.b.Ctx), map[bool]int64{false: 0, true: 1}[x]), T: Int1}
	case *big.Int:
		var t *DType
		switch {
		case x.Cmp(big.NewInt(-1<<31)) >= 0 && x.Cmp(big.NewInt(1<<31)) < 0:
			t = Int32
		case x.Sign() >= 0 && x.Cmp(big.NewInt(1<<32)) < 0:
			t = UInt32
		case x.IsInt64():
			t = Int64
		case x.IsUint64():
			t = UInt64
		default:
			g.failCur("ValueError: Nonrepresentable integer %s.", x)
		}
		return g.scalarConstant(x, t)
	case float64:
		ax := math.Abs(x)
		t := FP64
		if math.IsInf(ax, 0) || ax == 0 || math.IsNaN(x) || ax >= 0x1p-126 && ax <= (2-0x1p-23)*0x1p127 {
			t = FP32
		}
		return g.scalarConstant(x, t)
	}
	g.failCur("TypeError: cannot convert %s of type %s to tensor", str(o), typeName(o))
	return nil
}

// splat is create_splat (folded: a splat of a constant is a dense
// constant).
func (g *gen) splatValue(v ir.Value, t ir.Type) ir.Value {
	return g.orFold(g.op("tt.splat", []ir.Value{v}, []ir.Type{t}))
}

// poison emits ub.poison : t.
func (g *gen) poison(t ir.Type) ir.Value {
	return ub.NewPoison(g.b, g.loc, t, nil).Result(0)
}
