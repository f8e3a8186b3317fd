package lit

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/filecheck"
)

// builtin is a command implemented by the runner; unlike a Tool it sees
// the shell's working directory and environment.
type builtin func(sh *shell, r resolved, args []string, stdin io.Reader, stdout, stderr io.Writer) int

var builtins map[string]builtin

func init() {
	builtins = map[string]builtin{
		"FileCheck":  fileCheckBuiltin,
		"filecheck":  fileCheckBuiltin,
		"echo":       echoBuiltin,
		"cat":        catBuiltin,
		"true":       func(*shell, resolved, []string, io.Reader, io.Writer, io.Writer) int { return 0 },
		"false":      func(*shell, resolved, []string, io.Reader, io.Writer, io.Writer) int { return 1 },
		"count":      countBuiltin,
		"mkdir":      mkdirBuiltin,
		"rm":         rmBuiltin,
		"split-file": splitFileBuiltin,
	}
}

// fileCheckBuiltin runs the filecheck package with FILECHECK_OPTS from the
// command's environment, or the configuration's default. Relative file
// names are resolved against the shell's working directory.
func fileCheckBuiltin(sh *shell, r resolved, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts := sh.cfg.FileCheckOpts
	if v, ok := r.env["FILECHECK_OPTS"]; ok {
		opts = v
	}
	args = append([]string(nil), args...)
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--input-file" || a == "-input-file":
			if i+1 < len(args) && args[i+1] != "-" {
				args[i+1] = sh.path(args[i+1])
				i++
			}
		case strings.HasPrefix(a, "--input-file=") || strings.HasPrefix(a, "-input-file="):
			k, v, _ := strings.Cut(a, "=")
			if v != "-" {
				args[i] = k + "=" + sh.path(v)
			}
		case a == "--check-prefix" || a == "--check-prefixes" || a == "--implicit-check-not" ||
			a == "--comment-prefixes" || a == "--dump-input" || a == "--dump-input-filter" ||
			a == "--dump-input-context" || a == "-check-prefix" || a == "-check-prefixes" ||
			a == "-implicit-check-not":
			i++ // skip the option's value
		case !strings.HasPrefix(a, "-") && !filepath.IsAbs(a):
			args[i] = sh.path(a)
		}
	}
	return filecheck.MainEnv(opts, args, stdin, stdout, stderr)
}

func echoBuiltin(_ *shell, _ resolved, args []string, _ io.Reader, stdout, _ io.Writer) int {
	newline, escapes := true, false
	for len(args) > 0 && (args[0] == "-n" || args[0] == "-e" || args[0] == "-ne" || args[0] == "-en") {
		newline = newline && !strings.Contains(args[0], "n")
		escapes = escapes || strings.Contains(args[0], "e")
		args = args[1:]
	}
	text := strings.Join(args, " ")
	if escapes {
		if s, err := strconv.Unquote(`"` + strings.ReplaceAll(text, `"`, `\"`) + `"`); err == nil {
			text = s
		}
	}
	if newline {
		text += "\n"
	}
	io.WriteString(stdout, text)
	return 0
}

func catBuiltin(sh *shell, _ resolved, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		args = []string{"-"}
	}
	status := 0
	for _, a := range args {
		if a == "-" {
			io.Copy(stdout, stdin)
			continue
		}
		data, err := os.ReadFile(sh.path(a))
		if err != nil {
			fmt.Fprintf(stderr, "cat: %s: %v\n", a, unwrapPathError(err))
			status = 1
			continue
		}
		stdout.Write(data)
	}
	return status
}

// countBuiltin is LLVM's count utility: it succeeds when the input has
// exactly N lines.
func countBuiltin(_ *shell, _ resolved, args []string, stdin io.Reader, _, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: count <expected line count>")
		return 2
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		fmt.Fprintf(stderr, "count: invalid number %q\n", args[0])
		return 2
	}
	data, _ := io.ReadAll(stdin)
	got := bytes.Count(data, []byte{'\n'})
	if len(data) > 0 && data[len(data)-1] != '\n' {
		got++
	}
	if got != want {
		fmt.Fprintf(stderr, "Expected %d lines, got %d.\n", want, got)
		return 1
	}
	return 0
}

func mkdirBuiltin(sh *shell, _ resolved, args []string, _ io.Reader, _, stderr io.Writer) int {
	parents := false
	status := 0
	for _, a := range args {
		if a == "-p" {
			parents = true
			continue
		}
		var err error
		if parents {
			err = os.MkdirAll(sh.path(a), 0o755)
		} else {
			err = os.Mkdir(sh.path(a), 0o755)
		}
		if err != nil {
			fmt.Fprintf(stderr, "mkdir: %s: %v\n", a, unwrapPathError(err))
			status = 1
		}
	}
	return status
}

func rmBuiltin(sh *shell, _ resolved, args []string, _ io.Reader, _, stderr io.Writer) int {
	force, recursive := false, false
	status := 0
	for _, a := range args {
		if strings.HasPrefix(a, "-") && len(a) > 1 && strings.Trim(a[1:], "rRf") == "" {
			force = force || strings.Contains(a, "f")
			recursive = recursive || strings.ContainsAny(a, "rR")
			continue
		}
		p := sh.path(a)
		fi, err := os.Lstat(p)
		switch {
		case err != nil:
			if !force {
				fmt.Fprintf(stderr, "rm: %s: %v\n", a, unwrapPathError(err))
				status = 1
			}
			continue
		case fi.IsDir() && !recursive:
			fmt.Fprintf(stderr, "rm: %s: is a directory\n", a)
			status = 1
			continue
		}
		if err := os.RemoveAll(p); err != nil {
			fmt.Fprintf(stderr, "rm: %s: %v\n", a, err)
			status = 1
		}
	}
	return status
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
