package filecheck

import (
	"fmt"
	"math"
	"math/big"
)

// Parsing of numeric substitution blocks ([[#...]]), legacy @LINE
// expressions and -D# definitions, following the grammar and diagnostics
// of LLVM's Pattern::parseNumericSubstitutionBlock: an optional format
// ("%x,"), an optional variable definition ("VAR:"), an optional "=="
// constraint, then an expression of variables, literals, "+", "-",
// parentheses and the calls add, sub, mul, div, min and max.

const spaceChars = " \t"

type allowedOperand int

const (
	operandLineVar allowedOperand = iota
	operandLegacyLiteral
	operandAny
)

// parseNumericBlock parses the inside of a [[#...]] block (after the '#'),
// a legacy [[@LINE...]] expression, or a -D# definition. line is the
// directive's line, 0 if none. It returns the expression and the variable
// it defines, if any.
func (c *patternContext) parseNumericBlock(expr sref, legacy bool, line int) (*expression, *numVar, *diagError) {
	var explicit exprFormat
	precision := 0
	formatEnd := expr.find(",", 0)
	funcStart := expr.find("(", 0)
	if formatEnd >= 0 && (funcStart < 0 || formatEnd < funcStart) {
		spec := expr.take(formatEnd).trim(spaceChars)
		expr = expr.from(formatEnd + 1)
		if !spec.consume("%") {
			return nil, nil, newDiagError(spec, "invalid matching format specification in expression")
		}
		altLoc := spec.take(0)
		alt := spec.consume("#")
		if spec.consume(".") {
			p, ok := consumeUnsigned(&spec, 10)
			if !ok || p > math.MaxUint32 {
				return nil, nil, newDiagError(spec, "invalid precision in format specifier")
			}
			precision = int(p)
		}
		if !spec.empty() {
			fmtLoc := spec.take(0)
			ch := spec.front()
			spec = spec.from(1)
			switch ch {
			case 'u':
				explicit = exprFormat{kind: fmtUnsigned, precision: precision}
			case 'd':
				explicit = exprFormat{kind: fmtSigned, precision: precision}
			case 'x':
				explicit = exprFormat{kind: fmtHexLower, precision: precision, alt: alt}
			case 'X':
				explicit = exprFormat{kind: fmtHexUpper, precision: precision, alt: alt}
			default:
				return nil, nil, newDiagError(fmtLoc, "invalid format specifier in expression")
			}
		}
		if alt && !explicit.hex() {
			return nil, nil, newDiagError(altLoc, "alternate form only supported for hex values")
		}
		spec = spec.ltrim(spaceChars)
		if !spec.empty() {
			return nil, nil, newDiagError(spec, "invalid matching format specification in expression")
		}
	}

	var defExpr sref
	defEnd := expr.find(":", 0)
	if defEnd >= 0 {
		defExpr = expr.take(defEnd)
		expr = expr.from(defEnd + 1)
	}

	expr = expr.ltrim(spaceChars)
	constraint := expr.consume("==")
	expr = expr.ltrim(spaceChars)
	var ast exprAST
	if expr.empty() {
		if constraint {
			return nil, nil, newDiagError(expr, "empty numeric expression should not have a constraint")
		}
	} else {
		expr = expr.rtrim(spaceChars)
		outer := expr
		ao := operandAny
		if legacy {
			ao = operandLineVar
		}
		var err *diagError
		ast, err = c.parseOperand(&expr, ao, !constraint, line)
		for err == nil && !expr.empty() {
			ast, err = c.parseBinop(outer, &expr, ast, legacy, line)
			if err == nil && legacy && !expr.empty() {
				return nil, nil, newDiagError(expr, "unexpected characters at end of expression '"+expr.String()+"'")
			}
		}
		if err != nil {
			return nil, nil, err
		}
	}

	var format exprFormat
	if explicit.set() {
		format = explicit
	} else if ast != nil {
		f, errs := ast.implicitFormat()
		if errs != nil {
			return nil, nil, errs[0]
		}
		format = f
	}
	if !format.set() {
		format = exprFormat{kind: fmtUnsigned, precision: precision}
	}
	e := &expression{ast: ast, format: format}
	if defEnd < 0 {
		return e, nil, nil
	}
	defExpr = defExpr.ltrim(spaceChars)
	v, err := c.parseNumericVariableDefinition(&defExpr, line, format)
	if err != nil {
		return nil, nil, err
	}
	return e, v, nil
}

func (c *patternContext) parseNumericVariableDefinition(expr *sref, line int, format exprFormat) (*numVar, *diagError) {
	name, pseudo, err := parseVariable(expr)
	if err != nil {
		return nil, err
	}
	if pseudo {
		return nil, newDiagError(name, "definition of pseudo numeric variable unsupported")
	}
	if c.definedStr[name.String()] {
		return nil, newDiagError(name, "string variable with name '"+name.String()+"' already exists")
	}
	*expr = expr.ltrim(spaceChars)
	if !expr.empty() {
		return nil, newDiagError(*expr, "unexpected characters after numeric variable name")
	}
	if v, ok := c.numVars[name.String()]; ok {
		if !v.format.equal(format) {
			return nil, newDiagError(*expr, "format different from previous variable definition")
		}
		return v, nil
	}
	return &numVar{name: name.String(), format: format, defLine: line}, nil
}

func (c *patternContext) parseNumericVariableUse(name sref, pseudo bool, line int) (exprAST, *diagError) {
	if pseudo && name.String() != "@LINE" {
		return nil, newDiagError(name, "invalid pseudo numeric variable '"+name.String()+"'")
	}
	v, ok := c.numVars[name.String()]
	if !ok {
		v = &numVar{name: name.String(), format: exprFormat{kind: fmtUnsigned}}
		c.numVars[name.String()] = v
	}
	if v.defLine != 0 && line != 0 && v.defLine == line {
		return nil, newDiagError(name, "numeric variable '"+name.String()+"' defined earlier in the same CHECK directive")
	}
	return &varUseExpr{name: name, v: v}, nil
}

func (c *patternContext) parseOperand(expr *sref, ao allowedOperand, maybeConstraint bool, line int) (exprAST, *diagError) {
	if expr.has("(") {
		if ao != operandAny {
			return nil, newDiagError(*expr, "parenthesized expression not permitted here")
		}
		return c.parseParenExpr(expr, line)
	}
	if ao == operandLineVar || ao == operandAny {
		name, pseudo, err := parseVariable(expr)
		if err == nil {
			if expr.ltrim(spaceChars).has("(") {
				if ao != operandAny {
					return nil, newDiagError(name, "unexpected function call")
				}
				return c.parseCallExpr(expr, name, line)
			}
			return c.parseNumericVariableUse(name, pseudo, line)
		}
		if ao == operandLineVar {
			return nil, err
		}
	}
	save := *expr
	radix := 0
	if ao == operandLegacyLiteral {
		radix = 10
	}
	if v, ok := consumeUnsigned(expr, radix); ok {
		return &literalExpr{str: save.dropBack(expr.len()), val: new(big.Int).SetUint64(v)}, nil
	}
	*expr = save
	if ao == operandAny {
		if v, ok := consumeSigned(expr, 0); ok {
			return &literalExpr{str: save.dropBack(expr.len()), val: big.NewInt(v)}, nil
		}
		*expr = save
	}
	msg := "invalid operand format"
	if maybeConstraint {
		msg = "invalid matching constraint or operand format"
	}
	return nil, newDiagError(*expr, msg)
}

func (c *patternContext) parseBinop(outer sref, rest *sref, left exprAST, legacy bool, line int) (exprAST, *diagError) {
	*rest = rest.ltrim(spaceChars)
	if rest.empty() {
		return left, nil
	}
	opLoc := rest.take(0)
	op := rest.front()
	*rest = rest.from(1)
	var f binopFunc
	switch op {
	case '+':
		f = opAdd
	case '-':
		f = opSub
	default:
		return nil, newDiagError(opLoc, fmt.Sprintf("unsupported operation '%c'", op))
	}
	*rest = rest.ltrim(spaceChars)
	if rest.empty() {
		return nil, newDiagError(*rest, "missing operand in expression")
	}
	ao := operandAny
	if legacy {
		ao = operandLegacyLiteral
	}
	right, err := c.parseOperand(rest, ao, false, line)
	if err != nil {
		return nil, err
	}
	return &binaryExpr{str: outer.dropBack(rest.len()), op: f, left: left, right: right}, nil
}

func (c *patternContext) parseParenExpr(expr *sref, line int) (exprAST, *diagError) {
	*expr = expr.ltrim(spaceChars)
	expr.consume("(")
	*expr = expr.ltrim(spaceChars)
	if expr.empty() {
		return nil, newDiagError(*expr, "missing operand in expression")
	}
	sub, err := c.parseOperand(expr, operandAny, false, line)
	*expr = expr.ltrim(spaceChars)
	for err == nil && !expr.empty() && !expr.has(")") {
		orig := *expr
		sub, err = c.parseBinop(orig, expr, sub, false, line)
		*expr = expr.ltrim(spaceChars)
	}
	if err != nil {
		return nil, err
	}
	if !expr.consume(")") {
		return nil, newDiagError(*expr, "missing ')' at end of nested expression")
	}
	return sub, nil
}

func (c *patternContext) parseCallExpr(expr *sref, name sref, line int) (exprAST, *diagError) {
	*expr = expr.ltrim(spaceChars)
	f, ok := functions[name.String()]
	if !ok {
		return nil, newDiagError(name, "call to undefined function '"+name.String()+"'")
	}
	expr.consume("(")
	*expr = expr.ltrim(spaceChars)
	var args []exprAST
	for !expr.empty() && !expr.has(")") {
		if expr.has(",") {
			return nil, newDiagError(*expr, "missing argument")
		}
		outer := *expr
		arg, err := c.parseOperand(expr, operandAny, false, line)
		for err == nil && !expr.empty() {
			*expr = expr.ltrim(spaceChars)
			if expr.has(",") || expr.has(")") {
				break
			}
			arg, err = c.parseBinop(outer, expr, arg, false, line)
		}
		if err != nil {
			return nil, err
		}
		args = append(args, arg)
		*expr = expr.ltrim(spaceChars)
		if !expr.consume(",") {
			break
		}
		*expr = expr.ltrim(spaceChars)
		if expr.has(")") {
			return nil, newDiagError(*expr, "missing argument")
		}
	}
	if !expr.consume(")") {
		return nil, newDiagError(*expr, "missing ')' at end of call expression")
	}
	if len(args) == 2 {
		return &binaryExpr{str: *expr, op: f, left: args[0], right: args[1]}, nil
	}
	return nil, newDiagError(name, fmt.Sprintf("function '%s' takes 2 arguments but %d given", name, len(args)))
}

// parseVariable parses a variable name at the start of s ("$" for global
// variables, "@" for pseudo variables) and advances s past it.
func parseVariable(s *sref) (name sref, pseudo bool, err *diagError) {
	if s.empty() {
		return sref{}, false, newDiagError(*s, "empty variable name")
	}
	i := 0
	pseudo = s.at(0) == '@'
	if s.at(0) == '$' || pseudo {
		i++
	}
	if i >= s.len() || !(isLetter(s.at(i)) || s.at(i) == '_') {
		return sref{}, false, newDiagError(*s, "invalid variable name")
	}
	i++
	for i < s.len() && (s.at(i) == '_' || isAlnum(s.at(i))) {
		i++
	}
	name = s.take(i)
	*s = s.from(i)
	return name, pseudo, nil
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// consumeUnsigned parses an integer prefix of s like LLVM's
// consumeUnsignedInteger: radix 0 senses 0x, 0b, 0o and leading-0 octal.
func consumeUnsigned(s *sref, radix int) (uint64, bool) {
	str := *s
	if radix == 0 {
		radix = 10
		switch {
		case str.has("0x"), str.has("0X"):
			str, radix = str.from(2), 16
		case str.has("0b"), str.has("0B"):
			str, radix = str.from(2), 2
		case str.has("0o"):
			str, radix = str.from(2), 8
		case str.len() > 1 && str.at(0) == '0' && isDigitByte(str.at(1)):
			str, radix = str.from(1), 8
		}
	}
	var v uint64
	n := 0
	for n < str.len() {
		c := str.at(n)
		var d int
		switch {
		case '0' <= c && c <= '9':
			d = int(c - '0')
		case 'a' <= c && c <= 'z':
			d = int(c-'a') + 10
		case 'A' <= c && c <= 'Z':
			d = int(c-'A') + 10
		default:
			d = 99
		}
		if d >= radix {
			break
		}
		if v > (math.MaxUint64-uint64(d))/uint64(radix) {
			return 0, false
		}
		v = v*uint64(radix) + uint64(d)
		n++
	}
	if n == 0 {
		return 0, false
	}
	*s = str.from(n)
	return v, true
}

func consumeSigned(s *sref, radix int) (int64, bool) {
	if s.empty() || s.front() != '-' {
		v, ok := consumeUnsigned(s, radix)
		if !ok || v > math.MaxInt64 {
			return 0, false
		}
		return int64(v), true
	}
	rest := s.from(1)
	v, ok := consumeUnsigned(&rest, radix)
	if !ok || v > 1<<63 {
		return 0, false
	}
	*s = rest
	return int64(-v), true
}

func isDigitByte(c byte) bool { return '0' <= c && c <= '9' }
