package gpu

import (
	"github.com/ttcompiler/tt/ir"
)

// Clusters of CTAs (sm_90; Triton's num_ctas > 1). A kernel launched with
// cluster dimensions (cx, cy, cz) runs its grid of CTAs in clusters of
// cx*cy*cz CTAs that are scheduled together; the launch grid is a whole
// number of clusters along every dimension. The ops below read where a
// CTA stands in that arrangement. All are Pure and i32, like the other
// index ops:
//
//	%c = gpu.cluster_id x : i32          the cluster's index in the grid of clusters
//	                                     (%clusterid.x): block_id / cluster extent
//	%n = gpu.cluster_dim x : i32         the number of clusters along x (%nclusterid.x)
//	%b = gpu.cluster_block_id x : i32    the CTA's index in its cluster (%cluster_ctaid.x):
//	                                     block_id mod cluster extent
//	%e = gpu.cluster_dim_blocks x : i32  the cluster's extent in CTAs along x (%cluster_nctaid.x)
//	%r = gpu.cluster_block_rank : i32    the CTA's linear rank in its cluster
//	                                     (%cluster_ctarank): x + cx*(y + cy*z) of cluster_block_id
//	%s = gpu.cluster_num_blocks : i32    the CTAs of a cluster, cx*cy*cz (%cluster_nctarank)
//
// A launch without clusters is one of 1x1x1 clusters: cluster_id is then
// block_id, cluster_block_rank 0. The names follow MLIR's gpu dialect
// where it has the op (cluster_id, cluster_dim, cluster_block_id,
// cluster_dim_blocks); the rank and size are tt's.

var (
	// ClusterIDOp is the cluster's index in the grid of clusters.
	ClusterIDOp = indexOp("cluster_id")
	// ClusterDimOp is the number of clusters along a dimension.
	ClusterDimOp = indexOp("cluster_dim")
	// ClusterBlockIDOp is the CTA's index in its cluster along a dimension.
	ClusterBlockIDOp = indexOp("cluster_block_id")
	// ClusterDimBlocksOp is the cluster's extent in CTAs along a dimension.
	ClusterDimBlocksOp = indexOp("cluster_dim_blocks")
	// ClusterBlockRankOp is the CTA's linear rank in its cluster.
	ClusterBlockRankOp = scalarIndexOp("cluster_block_rank")
	// ClusterNumBlocksOp is the number of CTAs of a cluster.
	ClusterNumBlocksOp = scalarIndexOp("cluster_num_blocks")
)

// NewClusterID builds `gpu.cluster_id d : i32`.
func NewClusterID(b *ir.Builder, loc ir.Location, d Dim) *ir.Operation {
	return newIndex(b, loc, ClusterIDOp, d)
}

// NewClusterDim builds `gpu.cluster_dim d : i32`.
func NewClusterDim(b *ir.Builder, loc ir.Location, d Dim) *ir.Operation {
	return newIndex(b, loc, ClusterDimOp, d)
}

// NewClusterBlockID builds `gpu.cluster_block_id d : i32`.
func NewClusterBlockID(b *ir.Builder, loc ir.Location, d Dim) *ir.Operation {
	return newIndex(b, loc, ClusterBlockIDOp, d)
}

// NewClusterDimBlocks builds `gpu.cluster_dim_blocks d : i32`.
func NewClusterDimBlocks(b *ir.Builder, loc ir.Location, d Dim) *ir.Operation {
	return newIndex(b, loc, ClusterDimBlocksOp, d)
}

// NewClusterBlockRank builds `gpu.cluster_block_rank : i32`.
func NewClusterBlockRank(b *ir.Builder, loc ir.Location) *ir.Operation {
	return newScalarIndex(b, loc, ClusterBlockRankOp)
}

// NewClusterNumBlocks builds `gpu.cluster_num_blocks : i32`.
func NewClusterNumBlocks(b *ir.Builder, loc ir.Location) *ir.Operation {
	return newScalarIndex(b, loc, ClusterNumBlocksOp)
}
