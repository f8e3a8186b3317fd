package lit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"sort"
	"strings"
	"syscall"
)

// shell runs the RUN commands of one test: sequentially, with all tools in
// process, like lit's internal shell. Pipelines have pipefail semantics:
// their status is that of the last command that failed.
type shell struct {
	cfg *Config
	cwd string
	env map[string]string
	log *strings.Builder
}

func newShell(cfg *Config, cwd string, log *strings.Builder) *shell {
	sh := &shell{cfg: cfg, cwd: cwd, env: map[string]string{}, log: log}
	for _, kv := range cfg.Env {
		if k, v, ok := strings.Cut(kv, "="); ok {
			sh.env[k] = v
		}
	}
	return sh
}

func (sh *shell) run(n shNode) int {
	switch n := n.(type) {
	case *shSeq:
		status := sh.run(n.lhs)
		switch n.op {
		case "&&":
			if status != 0 {
				return status
			}
		case "||":
			if status == 0 {
				return 0
			}
		}
		return sh.run(n.rhs)
	case *shPipeline:
		return sh.pipeline(n)
	}
	return 1
}

func (sh *shell) pipeline(p *shPipeline) int {
	var input []byte
	status := 0
	for i, c := range p.cmds {
		out, code := sh.command(c, input, i == len(p.cmds)-1)
		if code != 0 {
			status = code
		}
		input = out
	}
	return status
}

// dest is where a file descriptor of a command goes.
type dest struct {
	kind int // destStdin, destStdout, destStderr or destFile
	path string
	flag int
	file *os.File
}

const (
	destStdin = iota
	destStdout
	destStderr
	destFile
)

var assignmentRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// resolved is a command ready to run: its environment changes, "not"
// prefixes and arguments.
type resolved struct {
	env   map[string]string
	nots  []bool // one per "not"/"!", innermost last; true for --crash
	args  []string
	shErr string // a problem found while resolving
}

// resolve strips variable assignments and the env, not and ! prefixes.
func (sh *shell) resolve(words []string) resolved {
	r := resolved{env: map[string]string{}}
	for k, v := range sh.env {
		r.env[k] = v
	}
	args := words
	for len(args) > 0 {
		switch {
		case assignmentRE.MatchString(args[0]):
			k, v, _ := strings.Cut(args[0], "=")
			r.env[k] = v
			args = args[1:]
		case args[0] == "env":
			args = args[1:]
			for len(args) > 0 {
				switch {
				case args[0] == "-u" && len(args) > 1:
					delete(r.env, args[1])
					args = args[2:]
					continue
				case args[0] == "-i":
					r.env = map[string]string{}
					args = args[1:]
					continue
				case assignmentRE.MatchString(args[0]):
					k, v, _ := strings.Cut(args[0], "=")
					r.env[k] = v
					args = args[1:]
					continue
				}
				break
			}
			if len(args) == 0 {
				r.shErr = "'env' requires a subcommand"
				return r
			}
		case args[0] == "not" || args[0] == "!":
			crash := false
			if args[0] == "not" && len(args) > 1 && args[1] == "--crash" {
				crash = true
				args = args[1:]
			}
			r.nots = append(r.nots, crash)
			args = args[1:]
			if len(args) == 0 {
				r.shErr = "'not' requires a subcommand"
				return r
			}
		default:
			r.args = args
			return r
		}
	}
	r.args = args
	return r
}

// expandGlobs expands unquoted glob patterns relative to the current
// directory; a pattern without matches stays as written.
func (sh *shell) expandGlobs(words []shWord) []string {
	var out []string
	for _, w := range words {
		if !w.glob {
			out = append(out, w.text)
			continue
		}
		pattern := w.text
		if !filepath.IsAbs(pattern) {
			pattern = filepath.Join(sh.cwd, pattern)
		}
		matches, err := filepath.Glob(pattern)
		if err != nil || len(matches) == 0 {
			out = append(out, w.text)
			continue
		}
		sort.Strings(matches)
		if !filepath.IsAbs(w.text) {
			for i, m := range matches {
				if rel, err := filepath.Rel(sh.cwd, m); err == nil {
					matches[i] = rel
				}
			}
		}
		out = append(out, matches...)
	}
	return out
}

func (sh *shell) path(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(sh.cwd, p)
}

// command runs one command of a pipeline and returns its standard output
// (for the next command) and exit status.
func (sh *shell) command(c *shCommand, input []byte, last bool) ([]byte, int) {
	r := sh.resolve(sh.expandGlobs(c.args))
	fmt.Fprintf(sh.log, "# executed command: %s\n", quoteArgs(append(envPrefix(r, sh.env), r.args...)))
	if r.shErr != "" {
		fmt.Fprintf(sh.log, "# error: %s\n", r.shErr)
		return nil, 127
	}

	stdin, stdout, stderr := &dest{kind: destStdin}, &dest{kind: destStdout}, &dest{kind: destStderr}
	fds := [3]*dest{stdin, stdout, stderr}
	var opened []*os.File
	defer func() {
		for _, f := range opened {
			f.Close()
		}
	}()
	for _, rd := range c.redirects {
		target := rd.target.text
		fd := rd.fd
		switch rd.op {
		case ">", ">>":
			if fd < 0 {
				fd = 1
			}
			flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
			if rd.op == ">>" {
				flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
			}
			if fd > 2 {
				return nil, sh.fail("unsupported redirect of file descriptor %d", fd)
			}
			fds[fd] = &dest{kind: destFile, path: target, flag: flag}
		case "<":
			if fd > 0 {
				return nil, sh.fail("unsupported input redirect of file descriptor %d", fd)
			}
			fds[0] = &dest{kind: destFile, path: target, flag: os.O_RDONLY}
		case "&>":
			d := &dest{kind: destFile, path: target, flag: os.O_WRONLY | os.O_CREATE | os.O_TRUNC}
			fds[1], fds[2] = d, d
		case ">&", "<&":
			if fd < 0 {
				fd = 1
				if rd.op == "<&" {
					fd = 0
				}
			}
			if fd > 2 {
				return nil, sh.fail("unsupported redirect of file descriptor %d", fd)
			}
			switch target {
			case "0", "1", "2":
				fds[fd] = fds[target[0]-'0']
			default:
				if rd.op == "<&" || rd.fd >= 0 {
					return nil, sh.fail("unsupported redirect %d%s%s", fd, rd.op, target)
				}
				d := &dest{kind: destFile, path: target, flag: os.O_WRONLY | os.O_CREATE | os.O_TRUNC}
				fds[1], fds[2] = d, d
			}
		}
	}
	for _, d := range fds {
		if d.kind != destFile || d.file != nil {
			continue
		}
		f, err := os.OpenFile(sh.path(d.path), d.flag, 0o644)
		if err != nil {
			return nil, sh.fail("cannot open %s: %v", d.path, err)
		}
		d.file = f
		opened = append(opened, f)
	}

	var outBuf, errBuf bytes.Buffer
	writer := func(d *dest) io.Writer {
		switch d.kind {
		case destStdout:
			return &outBuf
		case destStderr:
			return &errBuf
		case destFile:
			return d.file
		}
		return io.Discard
	}
	var in io.Reader = bytes.NewReader(input)
	switch fds[0].kind {
	case destFile:
		in = fds[0].file
	case destStdout, destStderr:
		in = bytes.NewReader(nil)
	}

	code, crashed := sh.exec(r, in, writer(fds[1]), writer(fds[2]))
	for i := len(r.nots) - 1; i >= 0; i-- {
		switch {
		case r.nots[i]:
			// "not --crash" also accepts an ordinary failure: in-process
			// tools report errors instead of aborting.
			if crashed || code != 0 {
				code = 0
			} else {
				code = 1
			}
		case crashed:
			code = 1
		case code == 0:
			code = 1
		default:
			code = 0
		}
		crashed = false
	}

	if last && outBuf.Len() > 0 {
		logBlock(sh.log, "command stdout", outBuf.String())
	}
	if errBuf.Len() > 0 {
		logBlock(sh.log, "command stderr", errBuf.String())
	}
	if code != 0 {
		fmt.Fprintf(sh.log, "# error: command failed with exit status: %d\n", code)
	}
	if last {
		return nil, code
	}
	return outBuf.Bytes(), code
}

func (sh *shell) fail(format string, args ...any) int {
	fmt.Fprintf(sh.log, "# error: "+format+"\n", args...)
	return 1
}

// exec runs a resolved command and reports its status and whether it
// crashed (panicked, or was killed by a signal).
func (sh *shell) exec(r resolved, stdin io.Reader, stdout, stderr io.Writer) (code int, crashed bool) {
	name, args := r.args[0], r.args[1:]
	switch name {
	case ":":
		return 0, false
	case "cd":
		if len(args) != 1 {
			fmt.Fprintln(stderr, "cd: expected one directory")
			return 1, false
		}
		dir := sh.path(args[0])
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			fmt.Fprintf(stderr, "cd: %s: not a directory\n", args[0])
			return 1, false
		}
		sh.cwd = dir
		return 0, false
	case "export":
		for _, a := range args {
			k, v, ok := strings.Cut(a, "=")
			if !ok {
				fmt.Fprintf(stderr, "export: expected NAME=VALUE, got %q\n", a)
				return 1, false
			}
			sh.env[k] = v
		}
		return 0, false
	}
	if tool, ok := sh.cfg.Tools[name]; ok {
		return runInProcess(func() int { return tool(args, stdin, stdout, stderr) }, stderr)
	}
	if b, ok := builtins[name]; ok {
		return runInProcess(func() int { return b(sh, r, args, stdin, stdout, stderr) }, stderr)
	}
	if path, ok := sh.lookPath(name, r.env); ok {
		return sh.external(path, r, stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "'%s': command not found\n", name)
	return 127, false
}

// runInProcess runs f, turning a panic into a crash report.
func runInProcess(f func() int, stderr io.Writer) (code int, crashed bool) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "panic: %v\n\n%s", p, debug.Stack())
			code, crashed = 134, true
		}
	}()
	return f(), false
}

func (sh *shell) lookPath(name string, env map[string]string) (string, bool) {
	if !sh.cfg.AllowExternal {
		return "", false
	}
	if strings.ContainsRune(name, '/') {
		p := sh.path(name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, true
		}
		return "", false
	}
	dirs := os.Getenv("PATH")
	if v, ok := env["PATH"]; ok {
		dirs = v
	}
	for _, dir := range filepath.SplitList(dirs) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, true
		}
	}
	return "", false
}

func (sh *shell) external(path string, r resolved, stdin io.Reader, stdout, stderr io.Writer) (int, bool) {
	cmd := exec.Command(path, r.args[1:]...)
	cmd.Dir = sh.cwd
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	for k, v := range r.env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	sort.Strings(cmd.Env)
	err := cmd.Run()
	if err == nil {
		return 0, false
	}
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			fmt.Fprintf(stderr, "%s: terminated by signal %v\n", r.args[0], ws.Signal())
			return 128 + int(ws.Signal()), true
		}
		return exitErr.ExitCode(), false
	}
	fmt.Fprintf(stderr, "%s: %v\n", r.args[0], err)
	return 127, false
}

// known reports whether a command name can be run.
func (sh *shell) known(name string, env map[string]string) bool {
	switch name {
	case ":", "cd", "export":
		return true
	}
	if _, ok := sh.cfg.Tools[name]; ok {
		return true
	}
	if _, ok := builtins[name]; ok {
		return true
	}
	_, ok := sh.lookPath(name, env)
	return ok
}

// unknownCommands lists the commands of n that cannot be run.
func (sh *shell) unknownCommands(n shNode) []string {
	var out []string
	switch n := n.(type) {
	case *shSeq:
		out = append(sh.unknownCommands(n.lhs), sh.unknownCommands(n.rhs)...)
	case *shPipeline:
		for _, c := range n.cmds {
			words := make([]string, len(c.args))
			for i, w := range c.args {
				words[i] = w.text
			}
			r := sh.resolve(words)
			if r.shErr == "" && len(r.args) > 0 && !sh.known(r.args[0], r.env) {
				out = append(out, r.args[0])
			}
		}
	}
	return out
}

func envPrefix(r resolved, base map[string]string) []string {
	var out []string
	for k, v := range r.env {
		if bv, ok := base[k]; !ok || bv != v {
			out = append(out, k+"="+v)
		}
	}
	sort.Strings(out)
	if len(out) > 0 {
		out = append([]string{"env"}, out...)
	}
	for _, crash := range r.nots {
		if crash {
			out = append(out, "not", "--crash")
		} else {
			out = append(out, "not")
		}
	}
	return out
}

// quoteArgs renders arguments so that they can be pasted into a shell.
func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a != "" && !strings.ContainsAny(a, " \t\n'\"\\$`|&;<>()*?[]{}!#~") {
			q[i] = a
			continue
		}
		q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

// logBlock writes command output into the log the way lit frames it.
func logBlock(log *strings.Builder, title, text string) {
	fmt.Fprintf(log, "# .---%s%s\n", title, strings.Repeat("-", max(3, 30-len(title))))
	for _, line := range strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n") {
		fmt.Fprintf(log, "# | %s\n", strings.TrimSuffix(line, "\n"))
	}
	fmt.Fprintf(log, "# `%s\n", strings.Repeat("-", 33))
}
