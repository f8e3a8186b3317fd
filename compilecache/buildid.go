package compilecache

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
)

// A Go executable carries the go command's build ID, whose last part is a
// hash of the linked binary's content (the ID itself left out), so it
// changes whenever the code does. Reading it costs one small read, where
// hashing the whole executable (tens of megabytes) cost more than a small
// kernel's compilation on every cached run. The go command puts the ID in
// an ELF note (name "Go", type 4) near the start of the file, and on other
// object formats in a quoted marker at the start of the text; both lie in
// the first pages, which is all this reads.

// buildIDWindow is how much of the executable is searched for the ID (the
// go command's own reader looks at as much).
const buildIDWindow = 32 << 10

var (
	// elfGoNote is an ELF note's name size (4), after the description
	// size, then its type (4, the build ID) and name ("Go" padded).
	elfGoNote = []byte("\x04\x00\x00\x00Go\x00\x00")
	// textMarker starts the ID the go command writes at the start of
	// the text on other object formats; a quote ends it.
	textMarker = []byte("\xff Go build ID: \"")
)

// readBuildID returns the Go build ID in the first bytes of r, or "" when
// none is there (a binary linked with an empty -buildid, or not by the go
// command).
func readBuildID(r io.Reader) string {
	head := make([]byte, buildIDWindow)
	n, _ := io.ReadFull(r, head)
	head = head[:n]
	// An ELF note: namesz 4, descsz, type 4, "Go\0\0", then descsz bytes.
	if i := bytes.Index(head, elfGoNote); i >= 8 && binary.LittleEndian.Uint32(head[i-8:]) == 4 {
		size := int(binary.LittleEndian.Uint32(head[i-4:]))
		if start := i + len(elfGoNote); size > 0 && size <= 1024 && start+size <= len(head) {
			return plausibleID(head[start : start+size])
		}
	}
	if i := bytes.Index(head, textMarker); i >= 0 {
		rest := head[i+len(textMarker):]
		if j := bytes.IndexByte(rest, '"'); j > 0 {
			return plausibleID(rest[:j])
		}
	}
	return ""
}

// plausibleID returns id as a string when it reads as a build ID (the
// go command's IDs are base64url parts joined by slashes), else "".
func plausibleID(id []byte) string {
	for _, c := range id {
		ok := c == '/' || c == '-' || c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !ok {
			return ""
		}
	}
	if !bytes.Contains(id, []byte("/")) {
		return ""
	}
	return string(id)
}

// executableBuildID returns the running executable's Go build ID, or "".
func executableBuildID() string {
	path, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	return readBuildID(f)
}
