package passmgr

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// printStatistics writes MLIR's pass statistics report.
func (pm *PassManager) printStatistics(w io.Writer) {
	if w == nil {
		w = os.Stderr
	}
	fmt.Fprintln(w, "===-------------------------------------------------------------------------===")
	fmt.Fprintln(w, "                         ... Pass statistics report ...")
	fmt.Fprintln(w, "===-------------------------------------------------------------------------===")
	pm.writeStats(w, 0)
}

func (pm *PassManager) writeStats(w io.Writer, indent int) {
	pad := strings.Repeat(" ", indent)
	fmt.Fprintf(w, "%s'%s' Pipeline\n", pad, pm.Anchor)
	for _, e := range pm.elems {
		if e.nested != nil {
			e.nested.writeStats(w, indent+2)
			continue
		}
		if e.inst == nil {
			continue // a step not built yet
		}
		fmt.Fprintf(w, "%s  %s\n", pad, e.inst.pass.displayName())
		for _, name := range e.inst.stats.sorted() {
			c := e.inst.stats.counters[name]
			fmt.Fprintf(w, "%s    (S) %d %s - %s\n", pad, c.n.Load(), name, c.desc)
		}
	}
}

// writeReproducer writes the IR snapshot followed by MLIR's reproducer
// metadata, so `tt-opt FILE --run-reproducer` re-runs the failing pipeline.
func writeReproducer(cfg *Config, ir string, pm *PassManager) error {
	return os.WriteFile(cfg.CrashReproducer, []byte(pm.Reproducer(ir, cfg)), 0o644)
}

// Reproducer is the text of a reproducer of pm run with cfg on the IR ir
// (printed with its locations): ir followed by MLIR's
// `{-# external_resources: {mlir_reproducer: {...}} #-}` block with pm's
// pipeline and cfg's threading and verification, what
// `tt-opt FILE --run-reproducer` (and mlir-opt's) reads back.
func (pm *PassManager) Reproducer(ir string, cfg *Config) string {
	var b strings.Builder
	b.WriteString(ir)
	b.WriteString("\n{-#\n  external_resources: {\n    mlir_reproducer: {\n")
	fmt.Fprintf(&b, "      pipeline: %q,\n", pm.String())
	fmt.Fprintf(&b, "      disable_threading: %v,\n", cfg.DisableThreading)
	fmt.Fprintf(&b, "      verify_each: %v\n", cfg.VerifyEach)
	b.WriteString("    }\n  }\n#-}\n")
	return b.String()
}

// ReadReproducer extracts the pipeline and flags from a reproducer file's
// `{-# external_resources: {mlir_reproducer: {...}} #-}` block.
func ReadReproducer(text string) (pipeline string, disableThreading, verifyEach bool, ok bool) {
	i := strings.Index(text, "mlir_reproducer")
	if i < 0 {
		return "", false, true, false
	}
	body := text[i:]
	get := func(key string) string {
		j := strings.Index(body, key+":")
		if j < 0 {
			return ""
		}
		v := strings.TrimSpace(body[j+len(key)+1:])
		if strings.HasPrefix(v, "\"") {
			end := strings.Index(v[1:], "\"")
			if end < 0 {
				return ""
			}
			return v[1 : end+1]
		}
		end := strings.IndexAny(v, ",\n}")
		if end < 0 {
			return v
		}
		return strings.TrimSpace(v[:end])
	}
	pipeline = get("pipeline")
	return pipeline, get("disable_threading") == "true", get("verify_each") != "false", pipeline != ""
}
