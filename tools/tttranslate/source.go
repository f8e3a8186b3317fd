package tttranslate

import (
	"errors"
	"strings"
	"time"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/internal/cli"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// NewContext returns a context with every dialect a pipeline may meet,
// the per-thread ones included.
func NewContext() *ir.Context {
	ctx := all.NewContext()
	gpu.Load(ctx) // and llvm, its dependent
	return ctx
}

// CompileSource parses src (named name in locations), verifies it and
// compiles it. Diagnostics can be rendered with RenderError.
func CompileSource(name, src string, o Options) (*Result, error) {
	ctx := NewContext()
	start := time.Now()
	module, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: name})
	if o.Pass.Timer != nil {
		o.Pass.Timer.AddPhase("Parser", time.Since(start))
	}
	if err != nil {
		return nil, err
	}
	start = time.Now()
	err = ir.Verify(module)
	if o.Pass.Timer != nil {
		o.Pass.Timer.AddVerification(time.Since(start))
	}
	if err != nil {
		return nil, err
	}
	// The stages need not verify the parsed module again before a pass
	// changes it.
	if o.Pass.Verified == nil {
		o.Pass.Verified = passmgr.NewVerified()
	}
	o.Pass.Verified.Mark(module)
	return Compile(module, o)
}

// RenderError formats err for a user: every located diagnostic as
// `file:line:col: error: message` followed by the quoted source line,
// then, for an op inlined from a call, where it was called from. The
// input is name's text src; other files a location names are read from
// Triton's built-in library or, regular files only, from disk (as MLIR's
// handler loads them).
func RenderError(name, src string, err error) string {
	srcs := asm.NewSourceMgr()
	srcs.Add(name, src)
	srcs.SetReader(triton.SourceReader(cli.ReadSource))
	var diags ir.Diagnostics
	var d *ir.Diagnostic
	switch {
	case errors.As(err, &diags):
	case errors.As(err, &d):
		diags = ir.Diagnostics{d}
	default:
		return "error: " + err.Error() + "\n"
	}
	var b strings.Builder
	for _, d := range diags {
		b.WriteString(srcs.Render(d))
	}
	return b.String()
}
