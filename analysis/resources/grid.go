package resources

import (
	"fmt"
	"strings"
)

// maxProgramID bounds every grid dimension on every target: tl.program_id
// and tl.num_programs are i32.
const maxProgramID = 1<<31 - 1

// GridLimit returns the largest launch grid (programs along x, y and z)
// on arch: CUDA's gridDim limits on NVIDIA (2^31-1 x 65535 x 65535),
// and on AMD and for the interpreter (arch "") the i32 program ids'.
func GridLimit(arch string) [3]int {
	if strings.HasPrefix(arch, "sm_") {
		return [3]int{maxProgramID, 65535, 65535}
	}
	return [3]int{maxProgramID, maxProgramID, maxProgramID}
}

// CheckGrid reports a grid with an empty dimension or one beyond
// GridLimit(arch), saying which dimension and what to change; target
// names the machine in the message ("sm_90", "the interpreter").
func CheckGrid(grid [3]int, arch string) error {
	limit := GridLimit(arch)
	target := arch
	if target == "" {
		target = "the interpreter (tl.program_id is i32)"
	}
	for i, axis := range []string{"x", "y", "z"} {
		switch {
		case grid[i] < 1:
			return fmt.Errorf("grid %s dimension is %d; every dimension needs at least 1 program", axis, grid[i])
		case grid[i] > limit[i]:
			hint := "use fewer, larger programs (a bigger block)"
			if i > 0 && limit[0] > limit[i] {
				hint = "put the large dimension on x, which allows " + fmt.Sprint(limit[0])
			}
			return fmt.Errorf("grid %s dimension %d exceeds %d, the most %s allows; %s", axis, grid[i], limit[i], target, hint)
		}
	}
	return nil
}
