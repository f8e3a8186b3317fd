func.func @f(%a: i1, %x: i64) -> i64 {
  cf.cond_br %a, ^bb1(%x : i64), ^bb2
^bb1(%y: i64):
  return %y : i64
^bb2:
  %c = arith.constant 7 : i64
  cf.br ^bb1(%c : i64)
}
