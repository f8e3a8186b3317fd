; RUN: tt-opt < %s --upper | FileCheck %s

; CHECK: DEFINE I32 @F()
define i32 @f()
