package compilecache

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestExecutableBuildID reads the test binary's build ID as the go
// command reports it, and the compiler identity uses it.
func TestExecutableBuildID(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "tool", "buildid", exe).Output()
	if err != nil {
		t.Fatalf("go tool buildid: %v", err)
	}
	want := strings.TrimSpace(string(out))
	if got := executableBuildID(); got != want {
		t.Fatalf("executableBuildID() = %q, want %q", got, want)
	}
	// Test binaries record no commit, so the identity names the build.
	if id := Compiler(); !strings.HasSuffix(id, " build "+want) {
		t.Errorf("Compiler() = %q, want it to end with the build ID %q", id, want)
	}
}

func TestReadBuildID(t *testing.T) {
	le := func(v uint32) string { return string([]byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)}) }
	id := "abc-_0/DEF9/xyz"
	note := le(4) + le(uint32(len(id))) + le(4) + "Go\x00\x00" + id
	pad := strings.Repeat("\x00", 100)
	cases := []struct {
		name, file, want string
	}{
		{"ELF note", pad + note + pad, id},
		{"text marker", pad + "\xff Go build ID: \"" + id + "\"\n \xff" + pad, id},
		{"none", pad + pad, ""},
		{"note of another size of name", pad + le(5) + le(uint32(len(id))) + le(4) + "Go\x00\x00" + id + pad, ""},
		{"description past the window", strings.Repeat("\x00", buildIDWindow-len(note)+3) + note, ""},
		{"not an ID", pad + "\xff Go build ID: \"a b/c\"" + pad, ""},
		{"beyond the window", strings.Repeat("\x00", buildIDWindow) + note, ""},
	}
	for _, c := range cases {
		if got := readBuildID(bytes.NewReader([]byte(c.file))); got != c.want {
			t.Errorf("%s: readBuildID = %q, want %q", c.name, got, c.want)
		}
	}
}
