package cuda

import (
	"strings"
	"testing"
)

func TestProgramLaunch(t *testing.T) {
	for _, c := range []struct {
		programs, dims, grid, cluster [3]int
		numCTAs                       int
		err                           string
	}{
		{programs: [3]int{5, 2, 1}, numCTAs: 1, dims: [3]int{1, 1, 1}, grid: [3]int{5, 2, 1}},
		{programs: [3]int{5, 2, 1}, numCTAs: 1, grid: [3]int{5, 2, 1}},
		// num_ctas: a program is a cluster.
		{programs: [3]int{5, 2, 1}, numCTAs: 4, dims: [3]int{4, 1, 1}, grid: [3]int{20, 2, 1}, cluster: [3]int{4, 1, 1}},
		// tt.cta-cluster: a program is a CTA of a cluster.
		{programs: [3]int{6, 2, 1}, numCTAs: 1, dims: [3]int{2, 1, 1}, grid: [3]int{6, 2, 1}, cluster: [3]int{2, 1, 1}},
		{programs: [3]int{5, 2, 1}, numCTAs: 1, dims: [3]int{2, 1, 1}, err: "its x, 5, a multiple of 2"},
	} {
		grid, cluster, err := ProgramLaunch(c.programs, c.numCTAs, c.dims)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%v programs, num_ctas %d, cluster_dims %v: error %v, want %q", c.programs, c.numCTAs, c.dims, err, c.err)
			}
			continue
		}
		if err != nil || grid != c.grid || cluster != c.cluster {
			t.Errorf("%v programs, num_ctas %d, cluster_dims %v: grid %v, cluster %v, %v; want %v, %v", c.programs, c.numCTAs, c.dims, grid, cluster, err, c.grid, c.cluster)
		}
	}
}
