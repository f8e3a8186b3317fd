// RUN: llc %s -o - | FileCheck %s
// CHECK: x
