package ir_test

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// IdentityHash agrees with ==: a uniqued attribute hashes as itself, equal
// values that are not pointers hash alike, and nil is hashed too.
func TestIdentityHashAgreesWithEquality(t *testing.T) {
	ctx := ir.NewContext()
	a := ir.I32Attr(ctx, 3)
	if ir.IdentityHash(a) != ir.IdentityHash(ir.I32Attr(ctx, 3)) {
		t.Error("one uniqued attribute, two hashes")
	}
	if ir.IdentityHash(a) == ir.IdentityHash(ir.I32Attr(ctx, 4)) {
		t.Error("two attributes, one hash")
	}
	type pair struct{ x, y int }
	if ir.IdentityHash(pair{1, 2}) != ir.IdentityHash(pair{1, 2}) {
		t.Error("equal values that are not pointers hash differently")
	}
	if ir.IdentityHash(nil) != ir.IdentityHash(nil) {
		t.Error("nil hashes differently")
	}
}
