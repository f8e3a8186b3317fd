package tt

// AttrWarpSpecialize is the mark a kernel's tl.range(warp_specialize=True)
// puts on its scf.for (Triton's attribute): nvgpu-warp-specialization
// specializes the loop of a 4-warp function or refuses it with an error.
const AttrWarpSpecialize = "tt.warp_specialize"

// AttrAutoWarpSpecialize marks an scf.for that tt's own
// tt-specialize-dot-chains chose for warp specialization. Unlike Triton's
// tt.warp_specialize, which a kernel sets and which is honoured or refused
// with an error, this mark asks nvgpu-warp-specialization to specialize
// the loop where it can and otherwise to leave it to the software
// pipeliner; the pass removes the mark either way. Not one of Triton's
// attributes.
const AttrAutoWarpSpecialize = "tt.auto_warp_specialize"

// AttrTileTurns marks, beside AttrAutoWarpSpecialize, a persistent
// kernel's tile loop that tt-specialize-dot-chains chose for two consumer
// warpgroups taking turns over its tiles (nvgpu-warp-specialization,
// ws_tiles.go); the pass removes it with the other mark. Not one of
// Triton's attributes.
const AttrTileTurns = "tt.tile_turns"

// AttrTilePairs marks, beside AttrTileTurns, a tile loop whose two
// consumer warpgroups work on pairs of tiles at once, sharing one
// operand's tiles where the pair's coordinates of it agree
// (tile-turns=pairs; pipeliner/ws_pairs.go). Not one of Triton's
// attributes.
const AttrTilePairs = "tt.tile_pairs"

// AttrTMAFallback marks the copy of a K loop that tt-tma-loads keeps, in
// the else branch of its run-time guard, for the programs whose tensors
// TMA cannot read as the pointers do (offsets past the i32 arithmetic),
// where the loop itself was the guard's anchor (a kernel that is not
// persistent). Only such out-of-range launches run it, so it is left to
// the plain software pipeliner with one stage: neither warp-specialized
// (tt-specialize-dot-chains skips it) nor given a ring of shared memory
// beside the guarded loop's. Not one of Triton's attributes.
const AttrTMAFallback = "tt.tma_fallback"
