package ttg

import "github.com/ttcompiler/tt/ir"

// The layouts answer tt's layout questions (package tt's ExpandDims-,
// Reduce-, Trans- and SplitLayoutInferrer, LayoutEquivalence,
// DotOperandLayoutVerifier and DotLayoutVerifier interfaces), which are
// Triton's DialectInferLayoutInterface split per question. The methods
// delegate to the functions of infer_tt.go.

func (a *BlockedEncoding) InferExpandDimsLayout(axis int) (ir.Attribute, error) {
	return inferExpandDims(a, axis)
}
func (a *BlockedEncoding) InferReduceLayout(axis int) (ir.Attribute, error) {
	return inferReduce(a, axis)
}
func (a *BlockedEncoding) InferTransLayout(shape, order []int64) (ir.Attribute, error) {
	return inferTrans(a, shape, order)
}
func (a *BlockedEncoding) InferSplitLayout(shape []int64) (ir.Attribute, error) {
	return inferSplit(a, shape)
}
func (a *BlockedEncoding) EquivalentLayout(o ir.Attribute, shape []int64) bool {
	return EquivalentLayouts(a, o, shape)
}
func (a *BlockedEncoding) VerifyDotOperandLayout(opIdx int, acc ir.Attribute) error {
	return verifyDotOperand(a, opIdx, acc)
}
func (a *BlockedEncoding) VerifyDotLayouts(op *ir.Operation, aEnc, bEnc ir.Attribute) error {
	return verifyDotLayouts(op, a, aEnc, bEnc)
}

func (a *SliceEncoding) InferExpandDimsLayout(axis int) (ir.Attribute, error) {
	return inferExpandDims(a, axis)
}
func (a *SliceEncoding) InferReduceLayout(axis int) (ir.Attribute, error) {
	return inferReduce(a, axis)
}
func (a *SliceEncoding) InferTransLayout(shape, order []int64) (ir.Attribute, error) {
	return inferTrans(a, shape, order)
}
func (a *SliceEncoding) InferSplitLayout(shape []int64) (ir.Attribute, error) {
	return inferSplit(a, shape)
}
func (a *SliceEncoding) EquivalentLayout(o ir.Attribute, shape []int64) bool {
	return EquivalentLayouts(a, o, shape)
}
func (a *SliceEncoding) VerifyDotOperandLayout(opIdx int, acc ir.Attribute) error {
	return verifyDotOperand(a, opIdx, acc)
}
func (a *SliceEncoding) VerifyDotLayouts(op *ir.Operation, aEnc, bEnc ir.Attribute) error {
	return verifyDotLayouts(op, a, aEnc, bEnc)
}

func (a *DotOperandEncoding) InferExpandDimsLayout(axis int) (ir.Attribute, error) {
	return inferExpandDims(a, axis)
}
func (a *DotOperandEncoding) InferReduceLayout(axis int) (ir.Attribute, error) {
	return inferReduce(a, axis)
}
func (a *DotOperandEncoding) InferTransLayout(shape, order []int64) (ir.Attribute, error) {
	return inferTrans(a, shape, order)
}
func (a *DotOperandEncoding) InferSplitLayout(shape []int64) (ir.Attribute, error) {
	return inferSplit(a, shape)
}
func (a *DotOperandEncoding) EquivalentLayout(o ir.Attribute, shape []int64) bool {
	return EquivalentLayouts(a, o, shape)
}
func (a *DotOperandEncoding) VerifyDotOperandLayout(opIdx int, acc ir.Attribute) error {
	return verifyDotOperand(a, opIdx, acc)
}
func (a *DotOperandEncoding) VerifyDotLayouts(op *ir.Operation, aEnc, bEnc ir.Attribute) error {
	return verifyDotLayouts(op, a, aEnc, bEnc)
}

func (a *NvidiaMmaEncoding) InferExpandDimsLayout(axis int) (ir.Attribute, error) {
	return inferExpandDims(a, axis)
}
func (a *NvidiaMmaEncoding) InferReduceLayout(axis int) (ir.Attribute, error) {
	return inferReduce(a, axis)
}
func (a *NvidiaMmaEncoding) InferTransLayout(shape, order []int64) (ir.Attribute, error) {
	return inferTrans(a, shape, order)
}
func (a *NvidiaMmaEncoding) InferSplitLayout(shape []int64) (ir.Attribute, error) {
	return inferSplit(a, shape)
}
func (a *NvidiaMmaEncoding) EquivalentLayout(o ir.Attribute, shape []int64) bool {
	return EquivalentLayouts(a, o, shape)
}
func (a *NvidiaMmaEncoding) VerifyDotOperandLayout(opIdx int, acc ir.Attribute) error {
	return verifyDotOperand(a, opIdx, acc)
}
func (a *NvidiaMmaEncoding) VerifyDotLayouts(op *ir.Operation, aEnc, bEnc ir.Attribute) error {
	return verifyDotLayouts(op, a, aEnc, bEnc)
}

func (a *AMDMfmaEncoding) InferExpandDimsLayout(axis int) (ir.Attribute, error) {
	return inferExpandDims(a, axis)
}
func (a *AMDMfmaEncoding) InferReduceLayout(axis int) (ir.Attribute, error) {
	return inferReduce(a, axis)
}
func (a *AMDMfmaEncoding) InferTransLayout(shape, order []int64) (ir.Attribute, error) {
	return inferTrans(a, shape, order)
}
func (a *AMDMfmaEncoding) InferSplitLayout(shape []int64) (ir.Attribute, error) {
	return inferSplit(a, shape)
}
func (a *AMDMfmaEncoding) EquivalentLayout(o ir.Attribute, shape []int64) bool {
	return EquivalentLayouts(a, o, shape)
}
func (a *AMDMfmaEncoding) VerifyDotOperandLayout(opIdx int, acc ir.Attribute) error {
	return verifyDotOperand(a, opIdx, acc)
}
func (a *AMDMfmaEncoding) VerifyDotLayouts(op *ir.Operation, aEnc, bEnc ir.Attribute) error {
	return verifyDotLayouts(op, a, aEnc, bEnc)
}

func (a *AMDWmmaEncoding) InferExpandDimsLayout(axis int) (ir.Attribute, error) {
	return inferExpandDims(a, axis)
}
func (a *AMDWmmaEncoding) InferReduceLayout(axis int) (ir.Attribute, error) {
	return inferReduce(a, axis)
}
func (a *AMDWmmaEncoding) InferTransLayout(shape, order []int64) (ir.Attribute, error) {
	return inferTrans(a, shape, order)
}
func (a *AMDWmmaEncoding) InferSplitLayout(shape []int64) (ir.Attribute, error) {
	return inferSplit(a, shape)
}
func (a *AMDWmmaEncoding) EquivalentLayout(o ir.Attribute, shape []int64) bool {
	return EquivalentLayouts(a, o, shape)
}
func (a *AMDWmmaEncoding) VerifyDotOperandLayout(opIdx int, acc ir.Attribute) error {
	return verifyDotOperand(a, opIdx, acc)
}
func (a *AMDWmmaEncoding) VerifyDotLayouts(op *ir.Operation, aEnc, bEnc ir.Attribute) error {
	return verifyDotLayouts(op, a, aEnc, bEnc)
}

func (a *LinearEncoding) InferExpandDimsLayout(axis int) (ir.Attribute, error) {
	return inferExpandDims(a, axis)
}
func (a *LinearEncoding) InferReduceLayout(axis int) (ir.Attribute, error) {
	return inferReduce(a, axis)
}
func (a *LinearEncoding) InferTransLayout(shape, order []int64) (ir.Attribute, error) {
	return inferTrans(a, shape, order)
}
func (a *LinearEncoding) InferSplitLayout(shape []int64) (ir.Attribute, error) {
	return inferSplit(a, shape)
}
func (a *LinearEncoding) EquivalentLayout(o ir.Attribute, shape []int64) bool {
	return EquivalentLayouts(a, o, shape)
}
func (a *LinearEncoding) VerifyDotOperandLayout(opIdx int, acc ir.Attribute) error {
	return verifyDotOperand(a, opIdx, acc)
}
func (a *LinearEncoding) VerifyDotLayouts(op *ir.Operation, aEnc, bEnc ir.Attribute) error {
	return verifyDotLayouts(op, a, aEnc, bEnc)
}

func (a *SwizzledSharedEncoding) InferTransLayout(shape, order []int64) (ir.Attribute, error) {
	return inferTrans(a, shape, order)
}
func (a *SwizzledSharedEncoding) EquivalentLayout(o ir.Attribute, shape []int64) bool {
	return EquivalentLayouts(a, o, shape)
}
func (a *SwizzledSharedEncoding) VerifyDotOperandLayout(opIdx int, acc ir.Attribute) error {
	return verifyDotOperand(a, opIdx, acc)
}

func (a *AMDRotatingSharedEncoding) InferTransLayout(shape, order []int64) (ir.Attribute, error) {
	return inferTrans(a, shape, order)
}
func (a *AMDRotatingSharedEncoding) EquivalentLayout(o ir.Attribute, shape []int64) bool {
	return EquivalentLayouts(a, o, shape)
}
func (a *AMDRotatingSharedEncoding) VerifyDotOperandLayout(opIdx int, acc ir.Attribute) error {
	return verifyDotOperand(a, opIdx, acc)
}

func (a *NVMMASharedEncoding) InferTransLayout(shape, order []int64) (ir.Attribute, error) {
	return inferTrans(a, shape, order)
}
func (a *NVMMASharedEncoding) EquivalentLayout(o ir.Attribute, shape []int64) bool {
	return EquivalentLayouts(a, o, shape)
}
func (a *NVMMASharedEncoding) VerifyDotOperandLayout(opIdx int, acc ir.Attribute) error {
	return verifyDotOperand(a, opIdx, acc)
}

func (a *PaddedSharedEncoding) InferTransLayout(shape, order []int64) (ir.Attribute, error) {
	return inferTrans(a, shape, order)
}
func (a *PaddedSharedEncoding) EquivalentLayout(o ir.Attribute, shape []int64) bool {
	return EquivalentLayouts(a, o, shape)
}
func (a *PaddedSharedEncoding) VerifyDotOperandLayout(opIdx int, acc ir.Attribute) error {
	return verifyDotOperand(a, opIdx, acc)
}

func (a *SharedLinearEncoding) InferTransLayout(shape, order []int64) (ir.Attribute, error) {
	return inferTrans(a, shape, order)
}
func (a *SharedLinearEncoding) EquivalentLayout(o ir.Attribute, shape []int64) bool {
	return EquivalentLayouts(a, o, shape)
}
func (a *SharedLinearEncoding) VerifyDotOperandLayout(opIdx int, acc ir.Attribute) error {
	return verifyDotOperand(a, opIdx, acc)
}
