package cli

import (
	"fmt"
	"runtime/debug"
)

// Version is tt's release version; the commit comes from the build.
const Version = "0.1.0"

// VersionLine is what `TOOL --version` prints: the tool, tt's version and
// the commit it was built from (with "+modified" for a dirty tree), as Go
// records them in the binary when it is built inside the repository.
func VersionLine(tool string) string {
	b := ReadBuild()
	commit := b.Commit
	if b.Modified {
		commit += "+modified"
	}
	return fmt.Sprintf("%s (tt) version %s, commit %s\n", tool, Version, commit)
}

// Build describes the running binary's source.
type Build struct {
	// Commit is the VCS revision the binary was built from ("unknown"
	// when Go did not record one, as in test binaries).
	Commit string
	// Modified says the work tree had uncommitted changes.
	Modified bool
}

// ReadBuild reads the build information Go recorded in the binary.
func ReadBuild() Build {
	b := Build{Commit: "unknown"}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				b.Commit = s.Value
			case "vcs.modified":
				b.Modified = s.Value == "true"
			}
		}
	}
	return b
}
