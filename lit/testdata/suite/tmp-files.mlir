// RUN: rm -rf %t && mkdir -p %t
// RUN: tt-opt %s -o %t/out.mlir
// RUN: FileCheck %s --input-file %t/out.mlir
// RUN: echo "100%% done" > %t.txt && FileCheck %s --check-prefix=PCT --input-file=%t.txt

// CHECK: payload
// PCT: 100% done
payload
