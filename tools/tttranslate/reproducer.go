package tttranslate

import (
	"fmt"

	"github.com/ttcompiler/tt/internal/cli"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// Reproducers of the stages (--reproducer-path=PREFIX), as Triton 3.6
// writes them when TRITON_REPRODUCER_PATH=PREFIX is set: before each
// stage's pass manager runs, PREFIX.<tag>.repro.mlir receives the IR the
// stage starts from, with its locations, followed by MLIR's
// mlir_reproducer block naming the stage's pipeline (its named pipelines
// expanded into their passes, with the options the compilation gave
// them), so that `tt-opt FILE --run-reproducer` runs the stage again to
// the same IR. The tag is Triton's name for the backend function the
// stage stands for (ReproducerTag). Written before the run rather than
// on a failure only: a wrong result has a reproducer too. A stage that
// fails replaces its file with the reproducer from the failing pass on
// (the IR that pass was given), as Triton's pass manager does, unless
// --mlir-pass-pipeline-crash-reproducer names another file. A stage run
// again (the schedule's retries) writes its file again: the last one is
// the run that made the output.

// ReproducerTag is Triton's tag of stage s in reproducer file names:
// make_ttir, make_ttgir, make_llir (the NVIDIA and AMD backends' functions
// whose pass managers the stages stand for).
func (s Stage) ReproducerTag() string { return "make_" + s.Name }

// ReproducerFile is where the reproducer of stage s goes for a prefix.
func ReproducerFile(prefix string, s Stage) string {
	return prefix + "." + s.ReproducerTag() + ".repro.mlir"
}

// stageReproducer writes the reproducer of stage s, whose pass manager pm
// is about to run on module with cfg, when o asks for reproducers, and
// returns the configuration to run it with: cfg, with the stage's file as
// its crash reproducer unless the user chose one.
func stageReproducer(o *Options, s Stage, module *ir.Operation, pm *passmgr.PassManager, cfg passmgr.Config) (passmgr.Config, error) {
	if o.ReproducerPath == "" {
		return cfg, nil
	}
	path := ReproducerFile(o.ReproducerPath, s)
	text := pm.Reproducer(asm.Sprint(module, asm.PrintConfig{DebugInfo: true}), &cfg)
	if err := cli.WriteFile(path, []byte(text)); err != nil {
		return cfg, fmt.Errorf("writing the reproducer of stage %s: %v", s.ReproducerTag(), err)
	}
	if cfg.CrashReproducer == "" {
		cfg.CrashReproducer = path
	}
	return cfg, nil
}
