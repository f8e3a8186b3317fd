package nvptx

import (
	"strconv"
	"testing"
)

// alloc names the registers of each class in order, across the blocks of
// names it writes at a time.
func TestRegisterNames(t *testing.T) {
	var f regFile
	for i := 1; i <= 1200; i++ {
		for c := regClass(0); c < numClasses; c++ {
			if c == classF64 && i > 20 {
				continue
			}
			if got, want := f.alloc(c), classInfo[c].prefix+strconv.Itoa(i); got != want {
				t.Fatalf("register %d of class %s: got %q, want %q", i, c, got, want)
			}
		}
	}
	if got, want := f.declarations(), "\t.reg .pred \t%p<1201>;\n\t.reg .b16 \t%rs<1201>;\n\t.reg .b32 \t%r<1201>;\n\t.reg .b64 \t%rd<1201>;\n\t.reg .f32 \t%f<1201>;\n\t.reg .f64 \t%fd<21>;\n"; got != want {
		t.Errorf("declarations:\n%s\nwant\n%s", got, want)
	}
}
