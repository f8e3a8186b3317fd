package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Casts: `llvm.zext %x : i32 to i64`.

func cast(name string, from, to *asmfmt.Constraint, flag string, check func(op *ir.Operation, in, out ir.Type) error) *ir.OpDef {
	spec := asmfmt.Spec{
		Operands: []asmfmt.Value{val("arg", from)},
		Results:  []asmfmt.Value{val("res", to)},
		Format:   "$arg attr-dict `:` type($arg) `to` type($res)",
	}
	switch flag {
	case "nneg":
		spec.Attrs = []asmfmt.Attr{unitAttr("nonNeg")}
		spec.Format = "(`nneg` $nonNeg^)? " + spec.Format
	case "overflow":
		spec.Attrs = []asmfmt.Attr{overflowAttr()}
		spec.Custom = map[string]asmfmt.Directive{"OverflowFlags": overflowDirective}
		spec.Format = "$arg `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($arg) `to` type($res)"
	}
	if check != nil {
		spec.Verify = func(op *ir.Operation) error {
			return check(op, op.Operand(0).Type(), op.Result(0).Type())
		}
	}
	return define(name, ir.Pure, spec)
}

// widthCheck verifies integer/float width relations of extensions and
// truncations (and that vector shapes agree).
func widthCheck(grow bool, what string) func(*ir.Operation, ir.Type, ir.Type) error {
	return func(op *ir.Operation, in, out ir.Type) error {
		if !sameShape(in, out) {
			return ir.OpErrorf(op, "operand and result must both be scalars or vectors of the same length")
		}
		a, b := SizeInBits(ScalarOf(in)), SizeInBits(ScalarOf(out))
		if grow && a >= b || !grow && a <= b {
			return ir.OpErrorf(op, "%s", what)
		}
		return nil
	}
}

func shapeCheck(op *ir.Operation, in, out ir.Type) error {
	if !sameShape(in, out) {
		return ir.OpErrorf(op, "operand and result must both be scalars or vectors of the same length")
	}
	return nil
}

// The cast ops.
var (
	SExtOp          = cast("sext", cInt, cInt, "", widthCheck(true, "integer width of the output type is smaller or equal to the integer width of the input type"))
	ZExtOp          = cast("zext", cInt, cInt, "nneg", widthCheck(true, "integer width of the output type is smaller or equal to the integer width of the input type"))
	TruncOp         = cast("trunc", cInt, cInt, "overflow", widthCheck(false, "integer width of the output type is larger or equal to the integer width of the input type"))
	FPExtOp         = cast("fpext", cFlt, cFlt, "", widthCheck(true, "float width of the output type is smaller or equal to the float width of the input type"))
	FPTruncOp       = cast("fptrunc", cFlt, cFlt, "", widthCheck(false, "float width of the output type is larger or equal to the float width of the input type"))
	SIToFPOp        = cast("sitofp", cInt, cFlt, "", shapeCheck)
	UIToFPOp        = cast("uitofp", cInt, cFlt, "nneg", shapeCheck)
	FPToSIOp        = cast("fptosi", cFlt, cInt, "", shapeCheck)
	FPToUIOp        = cast("fptoui", cFlt, cInt, "", shapeCheck)
	PtrToIntOp      = cast("ptrtoint", cPtrLike, cInt, "", shapeCheck)
	IntToPtrOp      = cast("inttoptr", cInt, cPtrLike, "", shapeCheck)
	AddrSpaceCastOp = cast("addrspacecast", cPtrLike, cPtrLike, "", shapeCheck)
	BitcastOp       = cast("bitcast", cNonAggregate, cNonAggregate, "", verifyBitcast)
)

// verifyBitcast is MLIR's BitcastOp::verify plus the size rule of LLVM:
// pointers only to pointers of the same address space, other types only
// to types of the same bit size.
func verifyBitcast(op *ir.Operation, in, out ir.Type) error {
	ip, inPtr := ScalarOf(in).(*PointerType)
	op2, outPtr := ScalarOf(out).(*PointerType)
	if inPtr != outPtr {
		return ir.OpErrorf(op, "can only cast pointers from and to pointers")
	}
	if inPtr {
		if !sameShape(in, out) {
			return ir.OpErrorf(op, "cannot cast vector of pointers to vector of pointers of another length")
		}
		if ip.AddrSpace != op2.AddrSpace {
			return ir.OpErrorf(op, "cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead")
		}
		return nil
	}
	if a, b := SizeInBits(in), SizeInBits(out); a != b || a == 0 {
		return ir.OpErrorf(op, "invalid cast between types of different sizes ('%s' to '%s')", asm.TypeString(in), asm.TypeString(out))
	}
	return nil
}
