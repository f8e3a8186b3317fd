package lit

import (
	"regexp"
	"strings"
)

// chunkSep is MLIR's -split-input-file marker.
var chunkSep = regexp.MustCompile(`(?m)^// -----.*$`)

// ChunkFiles splits the text of a lit file at its `// -----` markers and
// returns each chunk as a lit file of its own: the file's RUN lines, then
// blank lines up to where the chunk starts, so that diagnostics and
// FileCheck report the original line numbers. Tests use it to run a file
// chunk by chunk and tell which chunks fail.
func ChunkFiles(src string) []string {
	var runs []string
	for _, l := range strings.Split(src, "\n") {
		if strings.Contains(l, "RUN:") {
			runs = append(runs, l)
		}
	}
	var out []string
	start := 0
	for _, loc := range append(chunkSep.FindAllStringIndex(src, -1), []int{len(src), len(src)}) {
		chunk := src[start:loc[0]]
		if start > 0 {
			line := strings.Count(src[:start], "\n")
			chunk = strings.Join(runs, "\n") + strings.Repeat("\n", line-len(runs)+1) + chunk
		}
		out = append(out, chunk)
		start = loc[1]
	}
	return out
}

// runLineNumbers gives each line of src the index of the RUN line it is
// part of (a continued line counting once), or -1.
func runLineNumbers(lines []string) []int {
	out := make([]int, len(lines))
	n := -1
	continued := false
	for k, l := range lines {
		out[k] = -1
		if !strings.Contains(l, "RUN:") {
			continued = false
			continue
		}
		if !continued {
			n++
		}
		out[k] = n
		continued = strings.HasSuffix(strings.TrimSpace(l), "\\")
	}
	return out
}

// WithOnlyRunLine returns src with every RUN line but the i-th (counting
// from 0, a continued line counting once) disabled, line numbers unchanged.
func WithOnlyRunLine(src string, i int) string {
	lines := strings.Split(src, "\n")
	for k, n := range runLineNumbers(lines) {
		if n >= 0 && n != i {
			lines[k] = strings.Replace(lines[k], "RUN:", "RUN-DISABLED:", 1)
		}
	}
	return strings.Join(lines, "\n")
}

// NumRunLines counts the RUN lines of src (a continued line counts once).
func NumRunLines(src string) int {
	n := 0
	for _, r := range runLineNumbers(strings.Split(src, "\n")) {
		n = max(n, r+1)
	}
	return n
}
