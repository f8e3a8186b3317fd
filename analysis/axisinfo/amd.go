package axisinfo

import "github.com/ttcompiler/tt/ir"

// AMDVisitor is the visitor Triton 3.6's AMD backend adds to the analysis
// (AMD::AxisInfoExt): amdg.extract_slice passes its operand's Info through
// unchanged, as a cast does. Analyze(module, AMDVisitor) is the AMD
// ModuleAxisInfoAnalysis.
func AMDVisitor(op *ir.Operation, in []Info) (Info, bool) {
	if op.Name() != "amdg.extract_slice" || len(in) == 0 {
		return Info{}, false
	}
	return in[0], true
}
