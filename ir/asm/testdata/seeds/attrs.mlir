"test.a"() {i = 42, j = -1 : i32, f = 1.5 : f32, h = 0x7FC00000 : f32, s = "q\"\n", arr = [1, "x", unit],
  da = array<i32: 1, 0>, splat = dense<0xFF800000> : tensor<1024xf32>, m = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>,
  t = tensor<4x?xf16>, v = vector<[4]x8xbf16>, fn = (i32) -> (i1, i1), sym = @foo::@bar, d = {a, "b-c" = 1 : i8},
  hex = dense<"0x0000803F00000040"> : tensor<2xf32>} : () -> ()
