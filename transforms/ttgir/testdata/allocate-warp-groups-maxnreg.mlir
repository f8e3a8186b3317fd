// RUN: tt-opt %s -split-input-file -tritongpu-allocate-warp-groups
// A register bound of the user's (ttg.maxnreg, --maxnreg) on a kernel that
// tt-translate warp-specialized onto 12 warps: each thread of the launch can
// hold at most 64K / 384 rounded down to 8, 168 registers, so 200 becomes 168
// (ptxas would take .maxnreg 200 at its word and the launch would fail).
module attributes {"ttg.num-warps" = 4 : i32, ttg.maxnreg = 200 : i32} {
  tt.func @above_the_register_file() {
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 40, 232>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    }
    partition1() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
// -----
// Below setmaxnreg's minimum: 24, as ptxas raises .maxnreg to it.
module attributes {"ttg.num-warps" = 4 : i32, ttg.maxnreg = 1 : i32} {
  tt.func @below_setmaxnreg() {
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 40, 232>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    }
    partition1() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
// -----
// Within the register file's share: kept (the row split's 80, which lets
// two CTAs share an SM).
module attributes {"ttg.num-warps" = 4 : i32, ttg.maxnreg = 80 : i32} {
  tt.func @within() {
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 24>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
// -----
// Without warp specialization the bound is ptxas's business: kept as it is.
module attributes {"ttg.num-warps" = 4 : i32, ttg.maxnreg = 300 : i32} {
  tt.func @plain() {
    tt.return
  }
}
