package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// IsRegularPath reports whether path names a regular file or nothing yet:
// a place where a tool may create files (and siblings such as out.json),
// unlike /dev/null, /dev/stdout or a pipe.
func IsRegularPath(path string) bool {
	st, err := os.Stat(path)
	return err != nil || st.Mode().IsRegular()
}

// WriteFile writes data to path so that readers see either the old file
// or the whole new one: it writes a temporary file beside path and renames
// it over path. A path that is not a regular file (/dev/null, a pipe) is
// written directly.
func WriteFile(path string, data []byte) error {
	if err := writeFile(path, data); err != nil {
		// The error names the temporary file beside path, which the
		// user never asked for: name path, with the cause.
		var pe *os.PathError
		var le *os.LinkError
		switch {
		case errors.As(err, &pe):
			err = pe.Err
		case errors.As(err, &le):
			err = le.Err
		}
		return fmt.Errorf("could not write '%s': %v", path, err)
	}
	return nil
}

func writeFile(path string, data []byte) error {
	if !IsRegularPath(path) {
		return os.WriteFile(path, data, 0o644)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	renamed := false
	defer func() {
		if !renamed {
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	renamed = true
	return nil
}
