package lit

import (
	"path/filepath"
	"strings"
)

// testPaths are the paths the built-in substitutions expand to.
type testPaths struct {
	source string // %s: the test file, absolute
	tmp    string // %t: a path inside the test's temporary directory
	tmpDir string // %T: that directory
}

// percentMarker protects "%%" while other substitutions run, as lit does.
const percentMarker = "#_MARKER_#"

// substitute applies, in lit's order: "%%", DEFINE'd substitutions, the
// configuration's, then %s %S %p %{pathsep} %basename_t %t %T and their
// %/ forms.
func (p testPaths) substitute(text string, defines, config []Substitution) string {
	text = strings.ReplaceAll(text, "%%", percentMarker)
	for _, s := range defines {
		text = strings.ReplaceAll(text, s.Pattern, s.Value)
	}
	for _, s := range config {
		text = strings.ReplaceAll(text, s.Pattern, s.Value)
	}
	dir := filepath.Dir(p.source)
	slash := filepath.ToSlash
	for _, s := range []Substitution{
		{"%/s", slash(p.source)},
		{"%/S", slash(dir)},
		{"%/p", slash(dir)},
		{"%/t", slash(p.tmp)},
		{"%/T", slash(p.tmpDir)},
		{"%s", p.source},
		{"%S", dir},
		{"%p", dir},
		{"%{pathsep}", string(filepath.ListSeparator)},
		{"%basename_t", filepath.Base(strings.TrimSuffix(p.tmp, ".tmp"))},
		{"%t", p.tmp},
		{"%T", p.tmpDir},
	} {
		text = strings.ReplaceAll(text, s.Pattern, s.Value)
	}
	return strings.ReplaceAll(text, percentMarker, "%")
}
