"test.func"() ({
^bb0(%a: i32, %b: f32):
  %0:2 = "test.op"(%a, %b) <{p = 1 : i32}> {x = "s", u} : (i32, f32) -> (i32, f32)
  "test.br"(%0#0)[^bb1] : (i32) -> ()
^bb1:
  "test.ret"() : () -> ()
}) : () -> ()
