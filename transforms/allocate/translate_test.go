package allocate_test

import (
	"fmt"
	"regexp"
	"strings"
)

// The corpus files were read at mid-2025 commits of Triton; Triton 3.6
// (and tt) reject some of their syntax. These functions rewrite that
// syntax into its 3.6 form so that the rest of a file can be checked.

var (
	subviewRe = regexp.MustCompile(`(%\S+) = ttg\.memdesc_subview (%[^\[\s]+)\[([^\]]*)\] : !ttg\.memdesc<([^>]*)> -> !ttg\.memdesc<([^>]*)>`)
	constRe   = regexp.MustCompile(`(%\S+) = arith\.constant (-?\d+) : i32`)
	aliasRe   = regexp.MustCompile(`(?m)^(#\w+) = (#ttg\.swizzled_shared<\{[^}]*order = )\[1, 0\]([^}]*\}>)$`)
)

// memdescParts splits the body of a memdesc type into its shape, element
// type, encoding and the rest.
func memdescParts(body string) (shape []string, elem, enc, rest string) {
	fields := strings.SplitN(body, ", ", 3)
	dims := strings.Split(fields[0], "x")
	shape, elem = dims[:len(dims)-1], dims[len(dims)-1]
	if len(fields) > 1 {
		enc = fields[1]
	}
	if len(fields) > 2 {
		rest = fields[2]
	}
	return
}

// translateSubviews rewrites ttg.memdesc_subview (removed before 3.6):
// a view that drops the leading dim becomes ttg.memdesc_index on the first
// offset (a 1-D result gets a 1-D copy, NAME_1D, of the 2-D swizzled
// layout it was given); a view of the same rank becomes
// ttg.memdesc_subslice with the offsets' constant values.
func translateSubviews(src string) (string, error) {
	consts := map[string]string{}
	for _, m := range constRe.FindAllStringSubmatch(src, -1) {
		consts[m[1]] = m[2]
	}
	oneD := map[string]bool{}
	var err error
	out := subviewRe.ReplaceAllStringFunc(src, func(s string) string {
		m := subviewRe.FindStringSubmatch(s)
		res, base, offs := m[1], m[2], strings.Split(m[3], ", ")
		srcShape, _, _, _ := memdescParts(m[4])
		dstShape, elem, enc, rest := memdescParts(m[5])
		switch len(srcShape) - len(dstShape) {
		case 1:
			dst := m[5]
			if len(dstShape) == 1 {
				oneD[enc] = true
				dst = strings.Join(dstShape, "x") + "x" + elem + ", " + enc + "_1D"
				if rest != "" {
					dst += ", " + rest
				}
			}
			return fmt.Sprintf("%s = ttg.memdesc_index %s[%s] : !ttg.memdesc<%s> -> !ttg.memdesc<%s>", res, base, offs[0], m[4], dst)
		case 0:
			vals := make([]string, len(offs))
			for i, o := range offs {
				v, ok := consts[o]
				if !ok {
					err = fmt.Errorf("subview offset %s is not a constant", o)
				}
				vals[i] = v
			}
			return fmt.Sprintf("%s = ttg.memdesc_subslice %s [%s] : !ttg.memdesc<%s> -> !ttg.memdesc<%s>", res, base, strings.Join(vals, ", "), m[4], m[5])
		}
		err = fmt.Errorf("subview %q drops more than one dim", s)
		return s
	})
	// Define the 1-D layouts next to the 2-D ones they copy.
	out = aliasRe.ReplaceAllStringFunc(out, func(s string) string {
		m := aliasRe.FindStringSubmatch(s)
		if !oneD[m[1]] {
			return s
		}
		return s + "\n" + m[1] + "_1D = " + m[2] + "[0]" + m[3]
	})
	return out, err
}

var mmaV2Re = regexp.MustCompile(`#ttg\.nvidia_mma<\{versionMajor = 2, warpsPerCTA = (\[[^\]]*\])\}>`)

// translateMMA gives version 2 MMA layouts the instrShape Triton 3.6
// requires (the mma.sync m16n8 tile older versions implied).
func translateMMA(src string) string {
	return mmaV2Re.ReplaceAllString(src, "#ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = $1, instrShape = [16, 8]}>")
}
