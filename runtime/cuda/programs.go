package cuda

import "fmt"

// ProgramLaunch returns the grid of CTAs and the clusters (zero: none)
// that run a grid of programs of a kernel whose metadata says numCTAs
// (Triton's num_ctas) and clusterDims (cluster_dims), as every launcher of
// tt's kernels computes them:
//
//   - num_ctas N > 1: a program is a cluster of N CTAs along x, so the
//     grid's x is multiplied by N and the clusters are (N, 1, 1), as
//     Triton's launcher does;
//   - num_ctas 1 with cluster_dims other than (1, 1, 1) (tt.cta-cluster):
//     each CTA is a program, in clusters of cluster_dims that share what
//     they load; the grid stays the programs' and must be a whole number
//     of clusters, which is refused here, before the driver sees it;
//   - otherwise the grid is the programs', without clusters.
//
// The clusters are passed explicitly even where the PTX would form them
// from a plain launch (tt's own emitter prints .reqnctapercluster
// without .explicitcluster): llc's PTX for the same kernel requires them.
func ProgramLaunch(programs [3]int, numCTAs int, clusterDims [3]int) (grid, cluster [3]int, err error) {
	grid = programs
	if numCTAs > 1 {
		grid[0] *= numCTAs
		return grid, [3]int{numCTAs, 1, 1}, nil
	}
	if clusterDims == [3]int{} || clusterDims == [3]int{1, 1, 1} {
		return grid, [3]int{}, nil
	}
	for d := range 3 {
		if clusterDims[d] < 1 {
			return grid, cluster, fmt.Errorf("cuda: invalid cluster dimensions %v", clusterDims)
		}
		if programs[d]%clusterDims[d] != 0 {
			return grid, cluster, fmt.Errorf("cuda: the kernel runs in clusters of %v CTAs, each CTA a program: the grid %v must be a whole number of them (its %c, %d, a multiple of %d)",
				clusterDims, programs, "xyz"[d], programs[d], clusterDims[d])
		}
	}
	return grid, clusterDims, nil
}
