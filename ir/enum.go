package ir

// EnumInfo describes an integer enum attribute, as ODS's I32EnumAttr and
// I64EnumAttr define them: stored as an integer attribute of Width bits
// (`{cache = 2 : i32}` in an attribute dictionary, `predicate = 2 : i64`
// in LLVM's generic form) and spelled as a keyword in custom syntax
// (`cacheModifier = ca`). Dialects declare their enums as EnumInfo values;
// it implements the Enum interface of package ir/asmfmt.
type EnumInfo struct {
	Name string
	// Width is the bit width of the stored integer (32 or 64).
	Width int
	Cases []EnumCase
}

// EnumCase is one keyword and its stored value.
type EnumCase struct {
	Keyword string
	Value   int64
}

// KeywordOf returns the keyword of value v, or "" if v is not a case.
func (e *EnumInfo) KeywordOf(v int64) string {
	for _, c := range e.Cases {
		if c.Value == v {
			return c.Keyword
		}
	}
	return ""
}

// ValueOf returns the value of keyword kw.
func (e *EnumInfo) ValueOf(kw string) (int64, bool) {
	for _, c := range e.Cases {
		if c.Keyword == kw {
			return c.Value, true
		}
	}
	return 0, false
}

// Get returns the attribute storing value v.
func (e *EnumInfo) Get(ctx *Context, v int64) *IntegerAttr {
	return IntegerAttrOf(ctx, IntegerTypeOf(ctx, e.Width), v)
}

// Valid reports whether a is an integer attribute of the enum's width
// holding one of the cases.
func (e *EnumInfo) Valid(a Attribute) bool {
	ia, ok := a.(*IntegerAttr)
	return ok && IsInteger(ia.Typ, e.Width) && e.KeywordOf(ia.Int()) != ""
}

// Keyword returns the keyword that a, a valid value of the enum, prints as.
func (e *EnumInfo) Keyword(a Attribute) (string, bool) {
	if !e.Valid(a) {
		return "", false
	}
	return e.KeywordOf(a.(*IntegerAttr).Int()), true
}

// Attr returns the attribute that keyword kw denotes.
func (e *EnumInfo) Attr(ctx *Context, kw string) (Attribute, bool) {
	v, ok := e.ValueOf(kw)
	if !ok {
		return nil, false
	}
	return e.Get(ctx, v), true
}

// Keywords returns the keywords of the cases in declaration order.
func (e *EnumInfo) Keywords() []string {
	out := make([]string, len(e.Cases))
	for i, c := range e.Cases {
		out[i] = c.Keyword
	}
	return out
}

// I32EnumAttr returns the i32 attribute storing a value of an I32EnumAttr
// enum (the typed Go constants of a dialect's enums are ~int64).
func I32EnumAttr[T ~int64](ctx *Context, v T) *IntegerAttr { return I32Attr(ctx, int64(v)) }
