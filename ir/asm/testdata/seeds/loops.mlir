module {
  tt.func @l(%lb: i32, %ub: i32, %p: !tt.ptr<i32>) -> i32 {
    %c1 = arith.constant 1 : i32
    %r:2 = scf.for %i = %lb to %ub step %c1 iter_args(%a = %lb, %b = %ub) -> (i32, i32)  : i32 {
      %s = arith.addi %a, %i : i32
      %c = arith.cmpi sgt, %s, %b : i32
      %t = scf.if %c -> (i32) {
        scf.yield %s : i32
      } else {
        %z = arith.muli %s, %s : i32
        scf.yield %z : i32
      }
      scf.yield %t, %b : i32, i32
    }
    %w = scf.while (%x = %r#0) : (i32) -> i32 {
      %q = arith.cmpi slt, %x, %ub : i32
      scf.condition(%q) %x : i32
    } do {
    ^bb0(%y: i32):
      %y1 = arith.addi %y, %c1 : i32
      scf.yield %y1 : i32
    }
    tt.return %w : i32
  }
}
