package lit

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// splitFileMarker is a part header of LLVM's split-file: a line
// `<prefix>--- <name>`, where the prefix (such as `//`) is the same for
// every part of a file.
var splitFileMarker = regexp.MustCompile(`^(.*?)--- (\S+)\s*$`)

// splitFileBuiltin is LLVM's split-file: `split-file [--leading-lines]
// INPUT OUTDIR` writes each part of INPUT to OUTDIR/<name>. Lines before
// the first part are dropped; with --leading-lines each part starts with
// blank lines so that its line numbers are those of INPUT.
func splitFileBuiltin(sh *shell, _ resolved, args []string, _ io.Reader, _, stderr io.Writer) int {
	leading := false
	var pos []string
	for _, a := range args {
		switch {
		case a == "--leading-lines" || a == "-leading-lines":
			leading = true
		case strings.HasPrefix(a, "-") && a != "-":
			fmt.Fprintf(stderr, "split-file: unknown option %s\n", a)
			return 2
		default:
			pos = append(pos, a)
		}
	}
	if len(pos) != 2 {
		fmt.Fprintln(stderr, "usage: split-file [--leading-lines] input output-dir")
		return 2
	}
	data, err := os.ReadFile(sh.path(pos[0]))
	if err != nil {
		fmt.Fprintf(stderr, "split-file: %v\n", unwrapPathError(err))
		return 1
	}
	out := sh.path(pos[1])
	lines := strings.SplitAfter(string(data), "\n")
	prefix, name, start := "", "", -1
	type part struct {
		name     string
		from, to int // line range in lines
	}
	var parts []part
	for i, l := range lines {
		m := splitFileMarker.FindStringSubmatch(strings.TrimRight(l, "\r\n"))
		if m == nil || (start >= 0 && m[1] != prefix) {
			continue
		}
		if start >= 0 {
			parts = append(parts, part{name, start, i})
		}
		prefix, name, start = m[1], m[2], i+1
	}
	if start < 0 {
		fmt.Fprintf(stderr, "split-file: %s: no part separator was found\n", pos[0])
		return 1
	}
	parts = append(parts, part{name, start, len(lines)})
	for _, p := range parts {
		text := strings.Join(lines[p.from:p.to], "")
		if leading {
			text = strings.Repeat("\n", p.from) + text
		}
		path := filepath.Join(out, p.name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fmt.Fprintf(stderr, "split-file: %v\n", err)
			return 1
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			fmt.Fprintf(stderr, "split-file: %v\n", err)
			return 1
		}
	}
	return 0
}
