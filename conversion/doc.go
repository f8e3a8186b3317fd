// Package conversion is tt's dialect-conversion framework: rewriting ops
// of some dialects into ops of others while changing types, in one pass
// over the IR and without rollback (the direction MLIR itself has taken).
//
//   - Target says which ops are legal, illegal, or legal under a condition.
//   - TypeConverter maps types (1:1 or 1:N), converts block signatures,
//     and materializes values across a type change when some user is not
//     converted (yet).
//   - Pattern rewrites one illegal op, receiving operands already remapped
//     to their converted values.
//
// Apply walks the IR in pre-order and legalizes every illegal op (and the
// illegal ops patterns create). When a value's type changes while some of
// its users still expect the old type, the rewriter inserts a
// builtin.unrealized_conversion_cast; at the end the casts that cancel are
// removed and the rest are materialized through the TypeConverter or
// reported. A failure names the op that could not be legalized and its
// location.
//
// The conversions themselves live in sub-packages (tt -> ttg, ttg -> gpu).
package conversion
