#loc = loc("f.py":1:0)
#loc1 = loc("x"(#loc))
module {
  "test.op"() : () -> () loc(#loc2)
  "test.op"() : () -> () loc(fused<"m">[#loc, "g.py":3:4 to 5:6])
} loc(#loc)
#loc2 = loc(callsite(#loc1 at #loc))
