package ttrun

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/internal/cli"
	"github.com/ttcompiler/tt/interp"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

// LoadKernel parses MLIR text (TTIR or TTGIR), verifies it unless
// noVerify is set, and finds the kernel (by name, or the module's only
// public tt.func when name is empty). Parse and verification errors are
// rendered with the offending source line.
func LoadKernel(path, src, name string, noVerify bool) (*Kernel, error) {
	ctx := all.NewContext()
	mod, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: path})
	if err != nil {
		return nil, renderDiag(path, src, err)
	}
	if !noVerify {
		if err := ir.Verify(mod); err != nil {
			return nil, renderDiag(path, src, err)
		}
	}
	find := interp.FindKernel
	if tttranslate.DetectLevel(mod) == tttranslate.LevelPerThread {
		find = findLoweredKernel
	}
	fn, err := find(mod, name)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &Kernel{Module: mod, Func: fn, Name: ir.SymbolName(fn), Source: path}, nil
}

// findLoweredKernel finds a kernel of per-thread IR: the llvm.func marked
// gpu.kernel named name, or the only one when name is empty.
func findLoweredKernel(mod *ir.Operation, name string) (*ir.Operation, error) {
	var found []*ir.Operation
	for _, op := range mod.Region(0).Front().Ops() {
		if op.Name() == "llvm.func" && llvm.IsKernel(op) && (name == "" || ir.SymbolName(op) == name) {
			found = append(found, op)
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case name != "":
		return nil, fmt.Errorf("no kernel @%s", name)
	case len(found) == 0:
		return nil, fmt.Errorf("no kernel (an llvm.func with gpu.kernel) in the module")
	}
	return nil, fmt.Errorf("%d kernels in the module; choose one with --kernel", len(found))
}

// LoadKernelFile reads and loads a kernel file.
func LoadKernelFile(path, name string, noVerify bool) (*Kernel, error) {
	data, err := cli.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return LoadKernel(path, string(data), name, noVerify)
}

// diagError is a compile error already rendered for a user.
type diagError string

func (e diagError) Error() string { return string(e) }

// renderDiag formats diagnostics with their source lines (and an inlined
// op's callers), as tt-translate does.
func renderDiag(path, src string, err error) error {
	return diagError(tttranslate.RenderError(path, src, err))
}

// ParamNames returns the names of the kernel's parameters: the SSA names
// of the entry block arguments (`%x_ptr`) or their name locations, or
// argN.
func ParamNames(fn *ir.Operation) []string {
	args := fn.Region(0).Front().Arguments()
	names := make([]string, len(args))
	for i, a := range args {
		names[i] = ir.NameHint(a)
		if names[i] == "" {
			if ba, ok := a.(*ir.BlockArgument); ok {
				if nl := ir.FindNameLoc(ba.Loc()); nl != nil {
					names[i] = nl.Name
				}
			}
		}
		if names[i] == "" {
			names[i] = fmt.Sprintf("arg%d", i)
		}
	}
	return names
}
