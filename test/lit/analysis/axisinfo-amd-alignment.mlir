// RUN: tt-opt %s -test-print-amd-alignment -verify-diagnostics -o /dev/null

// The AMD backend's axis analysis passes an extract_slice's operand info
// through, as for a cast (the core analysis knows nothing of the op and
// gives its result the pessimistic state, [1, 1] throughout).

#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], isTransposed = true}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
tt.func public @slice(%arg0: tensor<256x64xi32, #mma> {tt.contiguity = dense<[64, 1]> : tensor<2xi32>, tt.divisibility = dense<[16, 8]> : tensor<2xi32>, tt.constancy = dense<[1, 4]> : tensor<2xi32>}) {
  // expected-remark @below {{'amdg.extract_slice' result #0 => contiguity = [64, 1], divisibility = [16, 8], constancy = [1, 4], constant_value = <none>}}
  %0 = amdg.extract_slice %arg0 [128, 32] : tensor<256x64xi32, #mma> to tensor<128x32xi32, #mma>
  tt.return
}
}
