package arith_test

import "testing"

func TestCanonicalize(t *testing.T) {
	cases := []struct{ name, res, body, want string }{
		{"addi_addi_const", "i32", `%c1 = arith.constant 1 : i32
%c2 = arith.constant 2 : i32
%0 = arith.addi %arg0, %c1 overflow<nsw> : i32
%1 = arith.addi %0, %c2 overflow<nsw, nuw> : i32
return %1 : i32`, `%c3_i32 = arith.constant 3 : i32
%0 = arith.addi %arg0, %c3_i32 overflow<nsw> : i32
return %0 : i32`},
		{"subi_addi_const", "i32", `%c5 = arith.constant 5 : i32
%c2 = arith.constant 2 : i32
%0 = arith.addi %arg0, %c5 : i32
%1 = arith.subi %0, %c2 : i32
return %1 : i32`, `%c3_i32 = arith.constant 3 : i32
%0 = arith.addi %arg0, %c3_i32 : i32
return %0 : i32`},
		{"addi_muli_neg1", "i32", `%m = arith.constant -1 : i32
%0 = arith.muli %arg1, %m : i32
%1 = arith.addi %arg0, %0 : i32
return %1 : i32`, `%0 = arith.subi %arg0, %arg1 : i32
return %0 : i32`},
		{"muli_muli_const", "i32", `%c3 = arith.constant 3 : i32
%c4 = arith.constant 4 : i32
%0 = arith.muli %arg0, %c3 : i32
%1 = arith.muli %0, %c4 : i32
return %1 : i32`, `%c12_i32 = arith.constant 12 : i32
%0 = arith.muli %arg0, %c12_i32 : i32
return %0 : i32`},
		{"xori_not_cmpi", "i1", `%t = arith.constant true
%0 = arith.cmpi slt, %arg0, %arg1 : i32
%1 = arith.xori %0, %t : i1
return %1 : i1`, `%0 = arith.cmpi sge, %arg0, %arg1 : i32
return %0 : i1`},
		{"select_not_cond", "i32", `%t = arith.constant true
%c = arith.cmpi slt, %arg0, %arg1 : i32
%n = arith.xori %c, %t : i1
%0 = arith.select %n, %arg0, %arg1 : i32
return %0 : i32`, `%0 = arith.cmpi sge, %arg0, %arg1 : i32
%1 = arith.select %0, %arg0, %arg1 : i32
return %1 : i32`},
		{"select_to_extui", "i32", `%c1 = arith.constant 1 : i32
%c0 = arith.constant 0 : i32
%c = arith.cmpi slt, %arg0, %arg1 : i32
%0 = arith.select %c, %c1, %c0 : i32
return %0 : i32`, `%0 = arith.cmpi slt, %arg0, %arg1 : i32
%1 = arith.extui %0 : i1 to i32
return %1 : i32`},
		{"redundant_select", "i32", `%c = arith.cmpi slt, %arg0, %arg1 : i32
%0 = arith.select %c, %arg0, %arg1 : i32
%1 = arith.select %c, %0, %arg1 : i32
return %1 : i32`, `%0 = arith.cmpi slt, %arg0, %arg1 : i32
%1 = arith.select %0, %arg0, %arg1 : i32
return %1 : i32`},
		{"extsi_extui", "i64", `%0 = arith.trunci %arg0 : i32 to i8
%1 = arith.extui %0 : i8 to i16
%2 = arith.extsi %1 : i16 to i64
return %2 : i64`, `%0 = arith.trunci %arg0 : i32 to i8
%1 = arith.extui %0 : i8 to i64
return %1 : i64`},
		{"trunci_shrsi_drops_sign", "i32", `%c = arith.constant 32 : i64
%0 = arith.extsi %arg0 : i32 to i64
%1 = arith.muli %0, %0 : i64
%2 = arith.shrsi %1, %c : i64
%3 = arith.trunci %2 : i64 to i32
return %3 : i32`, `%c32_i64 = arith.constant 32 : i64
%0 = arith.extsi %arg0 : i32 to i64
%1 = arith.muli %0, %0 : i64
%2 = arith.shrui %1, %c32_i64 : i64
%3 = arith.trunci %2 : i64 to i32
return %3 : i32`},
		{"trunci_shrsi_keeps_sign", "i32", `%c = arith.constant 31 : i64
%0 = arith.extsi %arg0 : i32 to i64
%1 = arith.muli %0, %0 : i64
%2 = arith.shrsi %1, %c : i64
%3 = arith.trunci %2 : i64 to i32
return %3 : i32`, `%c31_i64 = arith.constant 31 : i64
%0 = arith.extsi %arg0 : i32 to i64
%1 = arith.muli %0, %0 : i64
%2 = arith.shrsi %1, %c31_i64 : i64
%3 = arith.trunci %2 : i64 to i32
return %3 : i32`},
		{"bitcast_bitcast", "i32", `%0 = arith.bitcast %arg0 : i32 to f32
%1 = arith.bitcast %0 : f32 to i32
return %1 : i32`, `return %arg0 : i32`},
		{"cmpi_ext", "i1", `%0 = arith.extsi %arg0 : i32 to i64
%1 = arith.extsi %arg1 : i32 to i64
%2 = arith.cmpi eq, %0, %1 : i64
return %2 : i1`, `%0 = arith.cmpi eq, %arg0, %arg1 : i32
return %0 : i1`},
		// MLIR has no int-to-float canonicalization: sitofp and uitofp of an
		// extension stay as they are (Triton's TTIR keeps them).
		{"sitofp_extsi_kept", "f32", `%0 = arith.extsi %arg0 : i32 to i64
%1 = arith.sitofp %0 : i64 to f32
return %1 : f32`, `%0 = arith.extsi %arg0 : i32 to i64
%1 = arith.sitofp %0 : i64 to f32
return %1 : f32`},
		{"uitofp_extui_kept", "f32", `%0 = arith.extui %arg0 : i32 to i64
%1 = arith.uitofp %0 : i64 to f32
return %1 : f32`, `%0 = arith.extui %arg0 : i32 to i64
%1 = arith.uitofp %0 : i64 to f32
return %1 : f32`},
		{"addui_extended_unused", "i32", `%0:2 = arith.addui_extended %arg0, %arg1 : i32, i1
return %0#0 : i32`, `%0 = arith.addi %arg0, %arg1 : i32
return %0 : i32`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkCanon(t, "%arg0: i32, %arg1: i32", " -> "+c.res, c.body, c.want, true)
		})
	}
}
