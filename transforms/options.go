package transforms

import (
	"fmt"
	"strings"
)

// listFlag is a pass option holding a comma-separated list of strings
// (MLIR's ListOption<std::string>). Setting it twice appends, as MLIR does
// for repeated list options.
type listFlag struct{ items []string }

func (l *listFlag) String() string { return strings.Join(l.items, ",") }

func (l *listFlag) Set(s string) error {
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			l.items = append(l.items, part)
		}
	}
	return nil
}

func (l *listFlag) set() map[string]bool {
	if len(l.items) == 0 {
		return nil
	}
	m := make(map[string]bool, len(l.items))
	for _, s := range l.items {
		m[s] = true
	}
	return m
}

// enumFlag is a pass option restricted to a fixed set of spellings.
type enumFlag struct {
	value   string
	allowed []string
}

func (e *enumFlag) String() string { return e.value }

func (e *enumFlag) Set(s string) error {
	for _, a := range e.allowed {
		if s == a {
			e.value = s
			return nil
		}
	}
	return fmt.Errorf("invalid value '%s' (expected one of: %s)", s, strings.Join(e.allowed, ", "))
}
