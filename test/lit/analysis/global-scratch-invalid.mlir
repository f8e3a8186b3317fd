// RUN: tt-opt %s -split-input-file --tritongpu-global-scratch-memory-allocation -verify-diagnostics

// expected-error @below {{the module has no public tt.func}}
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func private @helper() {
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @a() {
    tt.return
  }
  // expected-error @below {{a second public function (@a is the kernel)}}
  tt.func public @b() {
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @kernel() {
    tt.call @f() : () -> ()
    tt.return
  }
  tt.func private @f() {
    // expected-error @below {{recursive call to @kernel}}
    tt.call @kernel() : () -> ()
    tt.return
  }
}
