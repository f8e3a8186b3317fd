package ttg

import "github.com/ttcompiler/tt/ir"

// AttrCTACluster (tt's own, on the module) is the number of CTAs, along
// the grid's x, of the thread-block clusters the kernels run in while
// each CTA stays one program: program ids are still block ids, unlike
// ttg.num-ctas, where a program is a whole cluster and its tensors are
// spread over the cluster's CTAs. tt sets it when a kernel's CTAs share
// what they load through distributed shared memory (TMA multicast of a
// tile two neighbouring CTAs both read); the kernel then must be launched
// in clusters of that many CTAs (PTX .reqnctapercluster), so its grid's x
// must be a multiple of it.
const AttrCTACluster = "tt.cta-cluster"

// CTACluster returns the module's AttrCTACluster, 1 when absent.
func CTACluster(module *ir.Operation) int {
	if n, ok := intAttr(module, AttrCTACluster); ok && n > 1 {
		return n
	}
	return 1
}
