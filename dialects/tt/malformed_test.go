package tt_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestMalformedInputs: truncated and mangled tt IR never panics, and every
// failure is a located diagnostic.
func TestMalformedInputs(t *testing.T) {
	var srcs []string
	for _, fn := range []string{"testdata/probes.mlir", "testdata/probes2.mlir"} {
		data, err := os.ReadFile(fn)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range splitChunks("// RUN: -split-input-file\n" + string(data)) {
			srcs = append(srcs, c.text)
		}
	}
	mutations := func(src string) []string {
		var out []string
		for i := 1; i < len(src); i += 7 {
			out = append(out, src[:i])
		}
		fields := strings.Fields(src)
		for i := range fields {
			if i%3 != 0 {
				continue
			}
			cp := append(append([]string{}, fields[:i]...), fields[i+1:]...)
			out = append(out, strings.Join(cp, " "))
		}
		for _, r := range [][2]string{{"->", ","}, {":", ""}, {"<", ""}, {"tensor<", "tensor<?x"}, {"i32", "f32"}, {"f32", "i64"}, {"16", "3"}, {"[", "("}, {"%arg", "%nope"}} {
			out = append(out, strings.Replace(src, r[0], r[1], 1))
			out = append(out, strings.ReplaceAll(src, r[0], r[1]))
		}
		return out
	}
	n, failed := 0, 0
	for _, src := range srcs {
		for _, m := range mutations(src) {
			n++
			err := parseVerifyNoPanic(m)
			if err == nil {
				continue
			}
			failed++
			if strings.HasPrefix(err.Error(), "panic") {
				t.Fatalf("%v\ninput:\n%s", err, m)
			}
			for _, d := range ir.AsDiagnostics(err, nil) {
				if d.Loc == nil || ir.FindFileLineCol(d.Loc) == nil {
					t.Fatalf("unlocated diagnostic %q for input:\n%s", d.Message, m)
				}
			}
		}
	}
	t.Logf("%d mangled inputs, %d rejected with located diagnostics, no panics", n, failed)
}

func parseVerifyNoPanic(src string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	ctx := newCtx()
	op, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: "m.mlir"})
	if err != nil {
		return err
	}
	if err := ir.Verify(op); err != nil {
		return err
	}
	// Printing must not panic either.
	_ = asm.Sprint(op, asm.PrintConfig{})
	_ = asm.Sprint(op, asm.PrintConfig{Generic: true})
	return nil
}
