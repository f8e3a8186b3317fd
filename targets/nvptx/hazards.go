package nvptx

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// hazardPatterns are WGMMAHazards' regexps, compiled on its first call:
// it checks emitted PTX in tests and tools, and a compiler process that
// does not call it should not compile them when it starts.
var hazardPatterns = sync.OnceValue(func() (p struct{ wgmmaLine, waitLine, regRef *regexp.Regexp }) {
	p.wgmmaLine = regexp.MustCompile(`wgmma\.mma_async\S* \{([^}]*)\}, (\{[^}]*\}|%rd\d+)`)
	p.waitLine = regexp.MustCompile(`^wgmma\.wait_group\S*\s+(\d+)`)
	p.regRef = regexp.MustCompile(`%[a-z]+\d+`)
	return p
})

// WGMMAHazards scans PTX in layout order for what makes ptxas serialize
// wgmma (its "wgmma.mma_async instructions are serialized" warnings) or
// is undefined:
//
//   - an instruction other than wgmma touching the accumulator registers
//     of a wgmma that may still be in flight: issued and not retired by a
//     wgmma.wait_group (wait_group N leaves the N most recently committed
//     groups, and the uncommitted wgmmas, in flight);
//   - a wgmma whose accumulator or A registers another instruction wrote
//     since the last wgmma.fence.
//
// Layout order sees a loop's back edge copies after the loop's wait, so a
// copy of accumulators still in flight across the back edge is found; an
// access at the top of the loop body is not (it is checked by the PTX
// emitter's coalescing, which refuses it). It returns one line per hazard.
func WGMMAHazards(ptx string) []string {
	re := hazardPatterns()
	wgmmaLine, waitLine, regRef := re.wgmmaLine, re.waitLine, re.regRef
	var bad []string
	var groups []map[string]bool // committed, not retired
	open := map[string]bool{}    // issued since the last commit
	dirty := map[string]bool{}
	inFlight := func(r string) bool {
		if open[r] {
			return true
		}
		for _, g := range groups {
			if g[r] {
				return true
			}
		}
		return false
	}
	for _, line := range strings.Split(ptx, "\n") {
		l := strings.TrimSpace(line)
		if i := strings.Index(l, "//"); i >= 0 {
			l = strings.TrimSpace(l[:i])
		}
		switch {
		case l == "" || strings.HasPrefix(l, ".") || strings.HasSuffix(l, ":") || l == "{" || l == "}":
			continue
		case strings.HasPrefix(l, "wgmma.fence"):
			dirty = map[string]bool{}
			continue
		case strings.HasPrefix(l, "wgmma.commit_group"):
			groups = append(groups, open)
			open = map[string]bool{}
			continue
		}
		if m := waitLine.FindStringSubmatch(l); m != nil {
			keep, _ := strconv.Atoi(m[1])
			if keep < len(groups) {
				groups = groups[len(groups)-keep:]
			}
			continue
		}
		if m := wgmmaLine.FindStringSubmatch(l); m != nil {
			regs := regRef.FindAllString(m[1], -1)
			if strings.HasPrefix(m[2], "{") {
				regs = append(regs, regRef.FindAllString(m[2], -1)...)
			}
			for _, r := range regs {
				if dirty[r] {
					bad = append(bad, "written since the last wgmma.fence: "+r+" in "+l)
				}
			}
			for _, r := range regRef.FindAllString(m[1], -1) {
				open[r] = true
			}
			continue
		}
		for _, r := range regRef.FindAllString(l, -1) {
			if inFlight(r) {
				bad = append(bad, "in-flight accumulator "+r+" touched by: "+l)
				break
			}
		}
		// The first register of an ordinary instruction is its result.
		if rs := regRef.FindAllString(l, 1); len(rs) == 1 && !strings.HasPrefix(l, "@") && !strings.HasPrefix(l, "st.") {
			dirty[rs[0]] = true
		}
	}
	return bad
}
