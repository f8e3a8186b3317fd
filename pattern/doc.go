// Package pattern applies rewrite patterns: the PatternRewriter through
// which every IR change is made and observed, frozen pattern sets ordered
// by benefit, MLIR's greedy worklist driver (folding, dead-op erasure,
// constant deduplication and hoisting, region simplification, a
// convergence cap) and a single-walk driver.
//
// Patterns implement ir.RewritePattern (declared in package ir so that
// dialects can register canonicalization patterns without importing the
// drivers). New builds one from a function.
package pattern
