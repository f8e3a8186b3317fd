// Package resources checks that a kernel fits what tt can compile in
// reasonable time and what the GPU offers, before the lowering or the
// driver would find out the hard way:
//
//   - registers: a tensor whose layout gives one thread more than
//     MaxRegistersPerThread registers (registers.go);
//   - elements: a tensor of more than Triton's 2^20 elements (registers.go),
//     or of none: an extent of 0, which no layout can hold (extents.go);
//   - shared memory: a kernel whose allocation exceeds the target's
//     capacity, with the buffers that make it up (shared.go).
//
// Every failure is a located diagnostic naming the value or buffers and
// what to change.
package resources
