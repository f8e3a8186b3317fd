// RUN: tt-opt %s \
// RUN:   --upper \
// RUN: | FileCheck %s

// CHECK: ABC
abc
