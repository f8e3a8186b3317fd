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
	commit, modified := "unknown", false
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if modified {
		commit += "+modified"
	}
	return fmt.Sprintf("%s (tt) version %s, commit %s\n", tool, Version, commit)
}
