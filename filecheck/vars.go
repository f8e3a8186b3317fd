package filecheck

import (
	"fmt"
	"io"
	"math/big"
	"strings"
)

// diagError is an error with a location, printed like LLVM's
// ErrorDiagnostic: as an error at the start of its range.
type diagError struct {
	at  sref
	msg string
}

func newDiagError(at sref, msg string) *diagError { return &diagError{at: at, msg: msg} }

// printLogged prints e as LLVM's logAllUnhandledErrors does: followed by
// an empty line.
func (e *diagError) printLogged(w io.Writer) {
	e.print(w)
	io.WriteString(w, "\n")
}

func (e *diagError) print(w io.Writer) {
	if e.at.buf == nil {
		fmt.Fprintf(w, "error: %s\n", e.msg)
		return
	}
	printDiag(w, e.at.loc(), kindError, e.msg)
}

// numVar is a numeric variable.
type numVar struct {
	name     string
	format   exprFormat
	value    *big.Int // nil while undefined
	matched  sref     // the input text it was last captured from, if any
	captured bool
	defLine  int // line of the directive that first defined it, 0 if none
}

// strValue is the value of a string variable and, when it was captured
// from the input, where.
type strValue struct {
	val      string
	from     srcRange
	captured bool
}

// patternContext holds the variables shared by all patterns.
type patternContext struct {
	strVars    map[string]strValue // defined string variables and values
	definedStr map[string]bool     // names ever defined as string variables
	numVars    map[string]*numVar  // numeric variables by name
	lineVar    *numVar             // @LINE
}

func newPatternContext() *patternContext {
	return &patternContext{
		strVars:    map[string]strValue{},
		definedStr: map[string]bool{},
		numVars:    map[string]*numVar{},
	}
}

func (c *patternContext) createLineVariable() {
	c.lineVar = &numVar{name: "@LINE", format: exprFormat{kind: fmtUnsigned}}
	c.numVars["@LINE"] = c.lineVar
}

// clearLocalVars forgets variables whose names do not start with '$', as
// --enable-var-scope does at each CHECK-LABEL region.
func (c *patternContext) clearLocalVars() {
	for name := range c.strVars {
		if !strings.HasPrefix(name, "$") {
			delete(c.strVars, name)
		}
	}
	for name, v := range c.numVars {
		if !strings.HasPrefix(name, "$") {
			v.value = nil
			delete(c.numVars, name)
		}
	}
}

// defineCmdlineVariables applies -D definitions. Like LLVM, it builds a
// "Global defines" buffer showing every definition so that errors can
// point into it.
func (c *patternContext) defineCmdlineVariables(defines []string) []*diagError {
	if len(defines) == 0 {
		return nil
	}
	var text strings.Builder
	type span struct{ start, n int }
	var spans []span
	for i, def := range defines {
		prefix := fmt.Sprintf("Global define #%d: ", i+1)
		eq := strings.IndexByte(def, '=')
		if eq < 0 {
			spans = append(spans, span{text.Len(), 0})
			continue
		}
		if def[0] == '#' {
			text.WriteString(prefix + def + " (parsed as: [[")
			subst := def[:eq] + ":" + def[eq+1:]
			spans = append(spans, span{text.Len(), len(subst)})
			text.WriteString(subst + "]])\n")
		} else {
			text.WriteString(prefix)
			spans = append(spans, span{text.Len(), len(def)})
			text.WriteString(def + "\n")
		}
	}
	buf := &buffer{name: "Global defines", text: []byte(text.String())}
	var errs []*diagError
	for _, sp := range spans {
		def := sref{buf, sp.start, sp.start + sp.n}
		if def.empty() {
			errs = append(errs, newDiagError(def, "missing equal sign in global definition"))
			continue
		}
		if def.front() == '#' {
			e, v, err := c.parseNumericBlock(def.from(1), false, 0)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if e.ast == nil || v == nil {
				// "#N=" or "#5=...": nothing defined; LLVM would crash here.
				errs = append(errs, newDiagError(def, "invalid numeric variable definition"))
				continue
			}
			val, evalErrs := e.ast.eval()
			if evalErrs != nil {
				for _, ee := range evalErrs {
					if ee.overflow {
						errs = append(errs, newDiagError(sref{}, "overflow error"))
					} else {
						errs = append(errs, newDiagError(ee.name, "undefined variable: "+ee.name.String()))
					}
				}
				continue
			}
			v.value = val
			c.numVars[v.name] = v
			continue
		}
		eq := strings.IndexByte(def.String(), '=')
		nameRef := def.take(eq)
		rest := nameRef
		name, pseudo, err := parseVariable(&rest)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if pseudo || !rest.empty() {
			errs = append(errs, newDiagError(nameRef, "invalid name in string variable definition '"+nameRef.String()+"'"))
			continue
		}
		if _, ok := c.numVars[name.String()]; ok {
			errs = append(errs, newDiagError(name, "numeric variable with name '"+name.String()+"' already exists"))
			continue
		}
		if _, ok := c.strVars[name.String()]; !ok {
			c.strVars[name.String()] = strValue{val: def.from(eq + 1).String()}
		}
		c.definedStr[name.String()] = true
	}
	return errs
}
