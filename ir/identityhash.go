package ir

import (
	"hash/maphash"
	"math/bits"
	"reflect"
	"unsafe"
)

// Hashes by identity, for tables that compare attributes, types and values
// with == (CSE's op hash, the greedy driver's constant tables). Go's maps
// keyed by such interfaces hash them through the runtime's hasher for the
// dynamic type; uniqued attributes and types, and values, are pointers, so
// their address says as much for a few instructions.

var identitySeed = maphash.MakeSeed()

// IdentityHash hashes x as == compares it: a pointer by its address (the
// data word of the interface holding it), anything else (nil included)
// through maphash.
func IdentityHash(x any) uint64 {
	if t := reflect.TypeOf(x); t != nil && t.Kind() == reflect.Pointer {
		return AddressHash((*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1])
	}
	return maphash.Comparable(identitySeed, x)
}

// AddressHash hashes pointer p by its address (Go does not move heap
// objects), mixed (a xorshift-multiply step) so that sums of the hashes of
// nearby addresses (a commutative op's operands) do not collide as the
// sums of the addresses would.
func AddressHash(p unsafe.Pointer) uint64 {
	x := uint64(uintptr(p))
	x ^= x >> 29
	x *= 0xbf58476d1ce4e5b9
	return x ^ x>>32
}

// MixHash combines hash h with the hash x of the next part, in order.
func MixHash(h, x uint64) uint64 {
	return (bits.RotateLeft64(h, 27) ^ x) * 0x9e3779b97f4a7c15
}
