// Package layouts holds the layout questions the TTGIR passes ask that
// package ttg does not answer (yet): the encoding tt.join infers, the
// layout order and per-thread contiguity Triton reads off a linear
// encoding, how expensive a convert_layout is, the CTA layout of a tensor
// with a dimension inserted or removed, and the swizzled shared layout a
// dot operand wants.
//
// They follow Triton 3.6's Dialect.cpp, LinearLayoutConversions.cpp and
// Analysis/Utility.cpp; conversion/tttottg and transforms/ttgir use them.
package layouts
