package transforms

import (
	"strings"
	"testing"
)

func TestSymbolDCE(t *testing.T) {
	runGoldens(t, []golden{{
		// Unreferenced private symbols go, transitively (@dead keeps @dead2 alive
		// only while it lives); public and nested symbols are roots.
		name:     "private symbols",
		pipeline: "builtin.module(symbol-dce)",
		in: `
module {
  tt.func private @dead(%a: i32) -> i32 {
    %0 = tt.call @dead2(%a) : (i32) -> i32
    tt.return %0 : i32
  }
  tt.func private @dead2(%a: i32) -> i32 {
    tt.return %a : i32
  }
  tt.func private @live(%a: i32) -> i32 {
    %0 = tt.call @live2(%a) : (i32) -> i32
    tt.return %0 : i32
  }
  tt.func private @live2(%a: i32) -> i32 {
    tt.return %a : i32
  }
  tt.func private @decl(i32) -> i32
  func.func nested @nested_vis() {
    return
  }
  tt.func @k(%a: i32) -> i32 {
    %0 = tt.call @live(%a) : (i32) -> i32
    tt.return %0 : i32
  }
}`,
		want: `
module {
  tt.func private @live(%arg0: i32) -> i32 {
    %0 = tt.call @live2(%arg0) : (i32) -> i32
    tt.return %0 : i32
  }
  tt.func private @live2(%arg0: i32) -> i32 {
    tt.return %arg0 : i32
  }
  func.func nested @nested_vis() {
    return
  }
  tt.func @k(%arg0: i32) -> i32 {
    %0 = tt.call @live(%arg0) : (i32) -> i32
    tt.return %0 : i32
  }
}
`,
	}})
}

func TestSymbolDCENotATable(t *testing.T) {
	_, err := runPipeline(t, "builtin.module(tt.func(symbol-dce))", "tt.func @f() { tt.return }")
	if err == nil || !strings.Contains(err.Error(), "does not define a symbol table") {
		t.Fatalf("got %v", err)
	}
}
