package tttranslate

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/ttcompiler/tt/analysis/resources"
	"github.com/ttcompiler/tt/internal/cli"
)

// ExitOutOfResources is tt-translate's exit status for a kernel that
// needs more of a resource (shared memory) than the target has, which
// a caller may treat as "this configuration does not fit" rather than a
// compiler failure (Triton raises OutOfResources, which its autotuner
// skips). Every other failure exits 1.
const ExitOutOfResources = 3

// FailureRecord is what tt-translate writes to the metadata file (-o
// FILE's .json) in place of the kernel's metadata when it refuses a
// kernel for want of resources: {"error": {...}}.
type FailureRecord struct {
	Error OutOfResourcesRecord `json:"error"`
}

// OutOfResourcesRecord describes the refusal: kind "out_of_resources",
// the resource in Triton's words ("shared memory"), and the bytes the
// kernel needs and the target has.
type OutOfResourcesRecord struct {
	Kind     string `json:"kind"`
	Resource string `json:"resource"`
	Required int    `json:"required"`
	Limit    int    `json:"limit"`
	Arch     string `json:"arch"`
}

// reportFailure prints err's diagnostics (rendered by render) and
// returns the exit status: ExitOutOfResources, with its record written
// next to a file output, or 1.
func reportFailure(err error, output string, render func(error) string, stderr io.Writer) int {
	io.WriteString(stderr, render(err))
	var oor *resources.OutOfResources
	if !errors.As(err, &oor) {
		return 1
	}
	if output != "-" && cli.IsRegularPath(output) {
		rec, jerr := json.MarshalIndent(FailureRecord{OutOfResourcesRecord{
			Kind: "out_of_resources", Resource: oor.Resource, Required: oor.Required, Limit: oor.Limit, Arch: oor.Arch,
		}}, "", "  ")
		if jerr == nil {
			jerr = cli.WriteFile(MetadataPath(output), append(rec, '\n'))
		}
		if jerr != nil {
			fmt.Fprintf(stderr, "tt-translate: writing the out-of-resources record: %v\n", jerr)
		}
	}
	return ExitOutOfResources
}
