package ir

// DotLike is implemented by ops that compute a matrix product D = A·B + C
// (Triton's DotOpInterface): tt.dot, tt.dot_scaled, ttng.warp_group_dot,
// ttng.tc_gen5_mma and tc_gen5_mma_scaled. Layout passes treat them alike:
// they anchor layouts, and their operands are what dot-operand layouts and
// shared-memory staging are for.
type DotLike interface {
	// A and B are the operands multiplied (tensors, or shared-memory
	// descriptors for the asynchronous tensor-core ops).
	A() Value
	B() Value
	// C is the accumulator operand.
	C() Value
	// D is the product: the result, or for ops that accumulate in memory
	// the buffer they write.
	D() Value
}
