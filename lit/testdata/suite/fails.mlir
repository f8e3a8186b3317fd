// RUN: tt-opt %s | FileCheck %s

// CHECK: this text is not in the output
something else
