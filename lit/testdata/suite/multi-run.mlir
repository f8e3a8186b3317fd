// RUN: tt-opt %s | FileCheck %s --check-prefix=PLAIN
// RUN: tt-opt %s --upper | FileCheck %s --check-prefix=UP

// PLAIN: hello world
// UP: HELLO WORLD
hello world
