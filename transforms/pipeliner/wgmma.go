package pipeliner

import (
	"github.com/ttcompiler/tt/ir"
)

// newDotWait builds `ttng.warp_group_dot_wait inputs {pendings}`, whose
// results pass the inputs through.
func newDotWait(b *ir.Builder, loc ir.Location, inputs []ir.Value, pendings int) *ir.Operation {
	var types []ir.Type
	for _, v := range inputs {
		types = append(types, v.Type())
	}
	return b.CreateOp("ttng.warp_group_dot_wait", loc, inputs, types,
		ir.NamedAttr{Name: "pendings", Value: ir.I32Attr(b.Ctx, int64(pendings))})
}

// pendingsOf is a warp_group_dot_wait's number of dots left in flight.
func pendingsOf(wait *ir.Operation) int {
	n, _ := intAttr(wait, "pendings")
	return n
}
