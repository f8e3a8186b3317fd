package llvmir

import (
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/metadata"
	lltypes "github.com/llir/llvm/ir/types"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Loop metadata: an llvm.br or llvm.cond_br with a loop_annotation (the
// back edge of a loop Triton annotated, e.g. disable_licm) gets
// `!llvm.loop !N`, N a distinct node naming itself first and then one
// node per option, as MLIR's LoopAnnotationTranslation writes them:
//
//	br label %3, !llvm.loop !0
//	!0 = distinct !{!0, !1}
//	!1 = !{!"llvm.licm.disable"}
//
// Options are emitted in the annotation's field order; followup
// annotations become distinct loop nodes of their own. Access groups
// (parallelAccesses) and debug locations have no tt source and are
// reported.

// loopOption maps one field to its metadata: unit options appear when
// true (or, with onFalse, when false under another name), bool options
// carry an i1 (negated for "enable" spellings of a disable field), int
// options an i32, followups a nested loop node.
type loopOption struct {
	field, name string
	kind        loopOptionKind
	alt         string // unit: the name when the field is false (unroll disable = false is "enable")
}

type loopOptionKind int

const (
	optUnit loopOptionKind = iota
	optBoolNegated
	optBool
	optInt
	optFollowup
)

var loopOptions = map[string][]loopOption{
	"loop_vectorize": {
		{"disable", "llvm.loop.vectorize.enable", optBoolNegated, ""},
		{"predicateEnable", "llvm.loop.vectorize.predicate.enable", optBool, ""},
		{"scalableEnable", "llvm.loop.vectorize.scalable.enable", optBool, ""},
		{"width", "llvm.loop.vectorize.width", optInt, ""},
		{"followupVectorized", "llvm.loop.vectorize.followup_vectorized", optFollowup, ""},
		{"followupEpilogue", "llvm.loop.vectorize.followup_epilogue", optFollowup, ""},
		{"followupAll", "llvm.loop.vectorize.followup_all", optFollowup, ""},
	},
	"loop_interleave": {{"count", "llvm.loop.interleave.count", optInt, ""}},
	"loop_unroll": {
		{"disable", "llvm.loop.unroll.disable", optUnit, "llvm.loop.unroll.enable"},
		{"count", "llvm.loop.unroll.count", optInt, ""},
		{"runtimeDisable", "llvm.loop.unroll.runtime.disable", optUnit, ""},
		{"full", "llvm.loop.unroll.full", optUnit, ""},
		{"followupUnrolled", "llvm.loop.unroll.followup_unrolled", optFollowup, ""},
		{"followupRemainder", "llvm.loop.unroll.followup_remainder", optFollowup, ""},
		{"followupAll", "llvm.loop.unroll.followup_all", optFollowup, ""},
	},
	"loop_unroll_and_jam": {
		{"disable", "llvm.loop.unroll_and_jam.disable", optUnit, "llvm.loop.unroll_and_jam.enable"},
		{"count", "llvm.loop.unroll_and_jam.count", optInt, ""},
		{"followupOuter", "llvm.loop.unroll_and_jam.followup_outer", optFollowup, ""},
		{"followupInner", "llvm.loop.unroll_and_jam.followup_inner", optFollowup, ""},
		{"followupRemainder", "llvm.loop.unroll_and_jam.followup_remainder_inner", optFollowup, ""},
		{"followupAll", "llvm.loop.unroll_and_jam.followup_all", optFollowup, ""},
	},
	"loop_licm": {
		{"disable", "llvm.licm.disable", optUnit, ""},
		{"versioningDisable", "llvm.loop.licm_versioning.disable", optUnit, ""},
	},
	"loop_distribute": {
		{"disable", "llvm.loop.distribute.enable", optBoolNegated, ""},
		{"followupCoincident", "llvm.loop.distribute.followup_coincident", optFollowup, ""},
		{"followupSequential", "llvm.loop.distribute.followup_sequential", optFollowup, ""},
		{"followupFallback", "llvm.loop.distribute.followup_fallback", optFollowup, ""},
		{"followupAll", "llvm.loop.distribute.followup_all", optFollowup, ""},
	},
	"loop_pipeline": {
		{"disable", "llvm.loop.pipeline.disable", optBool, ""},
		{"initiationinterval", "llvm.loop.pipeline.initiationinterval", optInt, ""},
	},
	"loop_peeled":   {{"count", "llvm.loop.peeled.count", optInt, ""}},
	"loop_unswitch": {{"partialDisable", "llvm.loop.unswitch.partial.disable", optUnit, ""}},
}

// loopMetadata returns the distinct loop node of an annotation, its
// option nodes added to the module.
func (tr *translator) loopMetadata(op *ir.Operation, a *llvm.LoopAttr) (*metadata.Tuple, error) {
	loop := &metadata.Tuple{MetadataID: -1, Distinct: true}
	loop.Fields = []metadata.Field{loop}
	tr.mod.MetadataDefs = append(tr.mod.MetadataDefs, loop)
	node := func(fields ...metadata.Field) {
		t := &metadata.Tuple{MetadataID: -1, Fields: fields}
		tr.mod.MetadataDefs = append(tr.mod.MetadataDefs, t)
		loop.Fields = append(loop.Fields, t)
	}
	name := func(s string) metadata.Field { return &metadata.String{Value: s} }
	for _, f := range a.Fields {
		switch f.Name {
		case "disableNonforced", "mustProgress":
			if b, ok := f.Value.(*ir.IntegerAttr); ok && b.Bool() {
				node(name(map[string]string{"disableNonforced": "llvm.loop.disable_nonforced", "mustProgress": "llvm.loop.mustprogress"}[f.Name]))
			}
		case "isVectorized":
			if b, ok := f.Value.(*ir.IntegerAttr); ok && b.Bool() {
				node(name("llvm.loop.isvectorized"), constant.NewInt(lltypes.I32, 1))
			}
		case "startLoc", "endLoc", "parallelAccesses":
			return nil, ir.OpErrorf(op, "loop annotation '%s' is not supported in LLVM IR output", f.Name)
		default:
			sub, ok := f.Value.(*llvm.LoopAttr)
			if !ok {
				return nil, ir.OpErrorf(op, "loop annotation field '%s' is not a loop attribute", f.Name)
			}
			for _, o := range loopOptions[sub.Kind] {
				v := sub.Field(o.field)
				if v == nil {
					continue
				}
				switch o.kind {
				case optUnit:
					if b, ok := v.(*ir.IntegerAttr); ok && b.Bool() {
						node(name(o.name))
					} else if o.alt != "" {
						node(name(o.alt))
					}
				case optBool, optBoolNegated:
					b, _ := v.(*ir.IntegerAttr)
					on := b != nil && b.Bool()
					if o.kind == optBoolNegated {
						on = !on
					}
					bit := int64(0)
					if on {
						bit = 1
					}
					node(name(o.name), constant.NewInt(lltypes.I1, bit))
				case optInt:
					i, _ := v.(*ir.IntegerAttr)
					node(name(o.name), constant.NewInt(lltypes.I32, i.Int()))
				case optFollowup:
					follow, err := tr.loopMetadata(op, v.(*llvm.LoopAttr))
					if err != nil {
						return nil, err
					}
					node(name(o.name), follow)
				}
			}
		}
	}
	return loop, nil
}

// attachLoopMetadata puts !llvm.loop on a branch's LLVM terminator when
// the op has a loop annotation.
func (fx *fnTr) attachLoopMetadata(op *ir.Operation, md *[]*metadata.Attachment) error {
	a, ok := op.Attr("loop_annotation").(*llvm.LoopAttr)
	if !ok {
		return nil
	}
	loop, err := fx.tr.loopMetadata(op, a)
	if err != nil {
		return err
	}
	*md = append(*md, &metadata.Attachment{Name: "llvm.loop", Node: loop})
	return nil
}
