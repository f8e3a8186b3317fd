// RUN: not tt-opt %s --fail 2>&1 | FileCheck %s

// CHECK: error: something went wrong
