; UNSUPPORTED: linux
; RUN: tt-opt %s | FileCheck %s
; CHECK: never checked
