package nvptx

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/internal/ascii"
)

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
		if n, ok := waitGroupCount(l); ok {
			keep, _ := strconv.Atoi(n)
			if keep < len(groups) {
				groups = groups[len(groups)-keep:]
			}
			continue
		}
		if acc, a, ok := wgmmaOperands(l); ok {
			regs := registerRefs(acc, -1)
			if strings.HasPrefix(a, "{") {
				regs = append(regs, registerRefs(a, -1)...)
			}
			for _, r := range regs {
				if dirty[r] {
					bad = append(bad, "written since the last wgmma.fence: "+r+" in "+l)
				}
			}
			for _, r := range registerRefs(acc, -1) {
				open[r] = true
			}
			continue
		}
		for _, r := range registerRefs(l, -1) {
			if inFlight(r) {
				bad = append(bad, "in-flight accumulator "+r+" touched by: "+l)
				break
			}
		}
		// The first register of an ordinary instruction is its result.
		if rs := registerRefs(l, 1); len(rs) == 1 && !strings.HasPrefix(l, "@") && !strings.HasPrefix(l, "st.") {
			dirty[rs[0]] = true
		}
	}
	return bad
}

// The matchers below are written out rather than regexps: regexp's
// package initialization would run in every process that links this
// package (package ascii has the byte classes).

// wgmmaOperands finds the first `wgmma.mma_async<suffix> {acc}, a` in s,
// where a is a register list {...} or a %rd<N> descriptor.
func wgmmaOperands(s string) (acc, a string, ok bool) {
	const name = "wgmma.mma_async"
	for {
		i := strings.Index(s, name)
		if i < 0 {
			return "", "", false
		}
		s = s[i+len(name):]
		rest, ok := strings.CutPrefix(ascii.SkipNonSpace(s), " {")
		if !ok {
			continue
		}
		acc, rest, ok = strings.Cut(rest, "}")
		if !ok {
			continue
		}
		if rest, ok = strings.CutPrefix(rest, ", "); !ok {
			continue
		}
		if list, ok := strings.CutPrefix(rest, "{"); ok {
			if j := strings.IndexByte(list, '}'); j >= 0 {
				return acc, rest[:j+2], true
			}
		} else if num, ok := strings.CutPrefix(rest, "%rd"); ok {
			if n := ascii.DigitRun(num); n > 0 {
				return acc, rest[:len("%rd")+n], true
			}
		}
	}
}

// waitGroupCount returns N of a line starting `wgmma.wait_group<suffix> N`.
func waitGroupCount(s string) (string, bool) {
	s, ok := strings.CutPrefix(s, "wgmma.wait_group")
	if !ok {
		return "", false
	}
	// The suffix runs to white space or the end, so digits after it
	// follow white space.
	s = ascii.TrimLeftSpace(ascii.SkipNonSpace(s))
	n := ascii.DigitRun(s)
	return s[:n], n > 0
}

// registerRefs returns the first limit (all when limit < 0) register
// names in s: % then lower-case letters then digits, as %r12 or %rd3.
func registerRefs(s string, limit int) []string {
	var out []string
	for i := 0; len(out) != limit; {
		j := strings.IndexByte(s[i:], '%')
		if j < 0 {
			break
		}
		start := i + j
		letters := start + 1
		for letters < len(s) && s[letters] >= 'a' && s[letters] <= 'z' {
			letters++
		}
		end := letters
		end += ascii.DigitRun(s[end:])
		if letters > start+1 && end > letters {
			out = append(out, s[start:end])
			i = end
		} else {
			i = start + 1
		}
	}
	return out
}
