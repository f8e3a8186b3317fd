package cli

import (
	"fmt"
	"io"
	"os"
)

// MaxInputBytes is the largest input file the tools read. tt's front end,
// parser and passes take time and memory linear in the input, but with a
// large factor (a 6.6 MB TTIR of 200,000 stores takes 7 s and 700 MB to
// TTGIR, its parse alone 2 s and 400 MB), so a 50 MB file ran for minutes
// into gigabytes; kernels' IR, Triton's passes' lit files and tt's own
// stage dumps of the kernels it compiles are well under 1 MiB. Over the
// bound an input is refused before it is read.
const MaxInputBytes = 16 << 20

// ReadInput reads the input file path, or stdin for "-", refusing one
// over MaxInputBytes. Its errors name the file and read as a sentence for
// `tool: ` to prefix.
func ReadInput(path string, stdin io.Reader) ([]byte, error) {
	if path == "-" {
		return readBounded("<stdin>", stdin)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("could not open input file '%s': %v", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("could not open input file '%s': %v", path, err)
	}
	if st.IsDir() {
		return nil, fmt.Errorf("could not open input file '%s': it is a directory", path)
	}
	if st.Mode().IsRegular() && st.Size() > MaxInputBytes {
		return nil, tooLarge(path, st.Size())
	}
	return readBounded(path, f)
}

// ReadFile is ReadInput without stdin, for readers (the Python front
// end's) that take os.ReadFile's signature.
func ReadFile(path string) ([]byte, error) { return ReadInput(path, nil) }

// readBounded reads r whole (a pipe, a device or a file that grew since
// its size was taken) up to MaxInputBytes.
func readBounded(name string, r io.Reader) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxInputBytes+1))
	if err != nil {
		return nil, fmt.Errorf("could not read input file '%s': %v", name, err)
	}
	if len(b) > MaxInputBytes {
		return nil, tooLarge(name, -1)
	}
	return b, nil
}

func tooLarge(name string, size int64) error {
	what := fmt.Sprintf("more than %d MiB", MaxInputBytes>>20)
	if size >= 0 {
		what = fmt.Sprintf("%.1f MiB", float64(size)/(1<<20))
	}
	return fmt.Errorf("input file '%s' is %s, over the %d MiB tt reads (a kernel's IR is under 1 MiB)", name, what, MaxInputBytes>>20)
}

// ReadSource reads a file a diagnostic's location names, to quote its
// line: only a regular file within MaxInputBytes (a location is the
// input's word, and naming a pipe or a device must not make the tool wait
// or read without end).
func ReadSource(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("'%s' is not a regular file", path)
	}
	if st.Size() > MaxInputBytes {
		return nil, tooLarge(path, st.Size())
	}
	return ReadFile(path)
}
