// RUN: echo %(line) %(line+1) | FileCheck %s
// CHECK: 1 2
