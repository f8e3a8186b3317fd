package tt

import "github.com/ttcompiler/tt/ir"

// SPMD ops: get_program_id, get_num_programs.
var (
	GetProgramIDDef   = Dialect.NewOp("get_program_id", ir.Pure)
	GetNumProgramsDef = Dialect.NewOp("get_num_programs", ir.Pure)
)

func init() {
	for _, d := range []*ir.OpDef{GetProgramIDDef, GetNumProgramsDef} {
		d.Inherent = []string{"axis"}
		d.Parse = parseProgramAxis
		d.Print = printProgramAxis
		(&opSpec{
			attrs:   []attrSpec{enumAttrSpec("axis", ProgramIDDimEnum, true)},
			results: []operandSpec{one(cI32)},
		}).install(d)
	}
}

func parseProgramAxis(p ir.OpParser, st *ir.OperationState) error {
	v, err := parseEnumKeyword(p, st, ProgramIDDimEnum, "axis")
	if err != nil {
		return err
	}
	st.AddAttr("axis", ir.I32Attr(p.Context(), v))
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	st.Types = []ir.Type{t}
	return nil
}

func printProgramAxis(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	printEnumKeyword(p, ProgramIDDimEnum, op.Attr("axis"))
	p.PrintOptionalAttrDict(op.Attrs(), "axis")
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

// NewGetProgramID creates `tt.get_program_id axis : i32`.
func NewGetProgramID(b *ir.Builder, loc ir.Location, axis ProgramIDDim) *ir.Operation {
	return b.CreateOp("tt.get_program_id", loc, nil, []ir.Type{ir.I32(b.Ctx)}, ir.NamedAttr{Name: "axis", Value: ir.I32EnumAttr(b.Ctx, axis)})
}

// NewGetNumPrograms creates `tt.get_num_programs axis : i32`.
func NewGetNumPrograms(b *ir.Builder, loc ir.Location, axis ProgramIDDim) *ir.Operation {
	return b.CreateOp("tt.get_num_programs", loc, nil, []ir.Type{ir.I32(b.Ctx)}, ir.NamedAttr{Name: "axis", Value: ir.I32EnumAttr(b.Ctx, axis)})
}

// ProgramAxis returns the axis of get_program_id / get_num_programs.
func ProgramAxis(op *ir.Operation) ProgramIDDim { return ProgramIDDim(enumValue(op, "axis", 0)) }
