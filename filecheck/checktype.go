package filecheck

// kind is the kind of a check directive.
type kind int

const (
	kindNone kind = iota
	kindPlain
	kindNext
	kindSame
	kindNot
	kindDAG
	kindLabel
	kindEmpty
	kindComment
	kindEOF // implicit pattern at the end of the check file
	kindBadNot
	kindBadCount
)

// checkType is a directive kind with its modifiers.
type checkType struct {
	kind    kind
	count   int // CHECK-COUNT-n; 1 otherwise
	literal bool
}

func (t checkType) modifiers() string {
	if t.literal {
		return "{LITERAL}"
	}
	return ""
}

// description names the directive in messages, e.g. "CHECK-NEXT".
func (t checkType) description(prefix string) string {
	switch t.kind {
	case kindPlain:
		if t.count > 1 {
			return prefix + "-COUNT" + t.modifiers()
		}
		return prefix + t.modifiers()
	case kindNext:
		return prefix + "-NEXT" + t.modifiers()
	case kindSame:
		return prefix + "-SAME" + t.modifiers()
	case kindNot:
		return prefix + "-NOT" + t.modifiers()
	case kindDAG:
		return prefix + "-DAG" + t.modifiers()
	case kindLabel:
		return prefix + "-LABEL" + t.modifiers()
	case kindEmpty:
		return prefix + "-EMPTY" + t.modifiers()
	case kindComment:
		return prefix
	case kindEOF:
		return "implicit EOF"
	case kindBadNot:
		return "bad NOT"
	case kindBadCount:
		return "bad COUNT"
	}
	return "invalid"
}

// abbreviation labels the directive in the input dump, e.g. "next".
func (t checkType) abbreviation() string {
	switch t.kind {
	case kindPlain:
		if t.count > 1 {
			return "count"
		}
		return "check"
	case kindNext:
		return "next"
	case kindSame:
		return "same"
	case kindNot:
		return "not"
	case kindDAG:
		return "dag"
	case kindLabel:
		return "label"
	case kindEmpty:
		return "empty"
	case kindComment:
		return "com"
	case kindEOF:
		return "eof"
	case kindBadNot:
		return "bad-not"
	case kindBadCount:
		return "bad-count"
	}
	return "invalid"
}
