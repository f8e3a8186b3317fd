package chunks

import "strings"

// Selecting RUN lines: files whose RUN lines exercise different tools
// (Triton's NVIDIA and AMD pipeliners, say) are pinned RUN line by RUN
// line.

// runLineNumbers gives each line the index of the RUN line it is part of
// (a continued line counting once), or -1.
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
// from 0) disabled, line numbers unchanged.
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
