package lit

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// RunFile runs the test file at path and returns its result.
func (c *Config) RunFile(path string) Result {
	start := time.Now()
	res := c.runFile(path)
	res.Path = path
	res.Elapsed = time.Since(start)
	return res
}

func (c *Config) runFile(path string) Result {
	abs, err := filepath.Abs(path)
	if err != nil {
		return Result{Status: Unresolved, Log: err.Error()}
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return Result{Status: Unresolved, Log: err.Error()}
	}
	sc, err := parseScript(string(data))
	if err != nil {
		return Result{Status: Unresolved, Log: err.Error()}
	}

	features := map[string]bool{}
	for _, f := range c.Features {
		features[f] = true
	}
	var missing, excluded []string
	for _, e := range sc.requires {
		ok, err := evalBoolExpr(e, features)
		if err != nil {
			return Result{Status: Unresolved, Log: "REQUIRES: " + err.Error()}
		}
		if !ok {
			missing = append(missing, e)
		}
	}
	if len(missing) > 0 {
		return Result{Status: Unsupported, Log: "Test requires the following unavailable features: " + strings.Join(missing, ", ")}
	}
	for _, e := range sc.unsupported {
		ok, err := evalBoolExpr(e, features)
		if err != nil {
			return Result{Status: Unresolved, Log: "UNSUPPORTED: " + err.Error()}
		}
		if ok {
			excluded = append(excluded, e)
		}
	}
	if len(excluded) > 0 {
		return Result{Status: Unsupported, Log: "Test does not support the following features: " + strings.Join(excluded, ", ")}
	}
	xfail := false
	for _, e := range sc.xfail {
		ok := e == "*"
		if !ok {
			if ok, err = evalBoolExpr(e, features); err != nil {
				return Result{Status: Unresolved, Log: "XFAIL: " + err.Error()}
			}
		}
		xfail = xfail || ok
	}

	base := filepath.Base(abs)
	tmpDir, err := os.MkdirTemp(c.TempDir, "lit-"+base+"-")
	if err != nil {
		return Result{Status: Unresolved, Log: "cannot create a temporary directory: " + err.Error()}
	}
	if !c.KeepTemps {
		defer os.RemoveAll(tmpDir)
	}
	paths := testPaths{source: abs, tmp: filepath.Join(tmpDir, base+".tmp"), tmpDir: tmpDir}

	var log strings.Builder
	sh := newShell(c, tmpDir, &log)
	type command struct {
		line int
		text string
		node shNode
	}
	var cmds []command
	var unknown []string
	seen := map[string]bool{}
	for _, r := range sc.runs {
		text := paths.substitute(r.text, r.defines, c.Substitutions)
		node, err := parseShell(text)
		if err != nil {
			return Result{Status: Fail, Log: fmt.Sprintf("shell parser error on RUN line at line %d: %v", r.line, err)}
		}
		for _, name := range sh.unknownCommands(node) {
			if !seen[name] {
				seen[name] = true
				unknown = append(unknown, name)
			}
		}
		cmds = append(cmds, command{r.line, text, node})
	}
	if len(unknown) > 0 {
		msg := fmt.Sprintf("unknown command(s): %s (not an in-process tool or built-in", strings.Join(unknown, ", "))
		if !c.AllowExternal {
			msg += "; running programs from PATH is not enabled"
		}
		msg += ")"
		if c.MissingToolsUnsupported {
			return Result{Status: Unsupported, Log: msg}
		}
		return Result{Status: Fail, Log: msg}
	}

	status := 0
	for _, cmd := range cmds {
		fmt.Fprintf(&log, "# RUN: at line %d\n%s\n", cmd.line, strings.TrimSpace(cmd.text))
		if status = sh.run(cmd.node); status != 0 {
			break
		}
	}
	res := Result{Status: Pass, Log: log.String()}
	if status != 0 {
		res.Status = Fail
	}
	if xfail {
		if res.Status == Pass {
			res.Status = XPass
		} else {
			res.Status = XFail
		}
	}
	return res
}

// Collect returns the tests under paths in the order RunPaths runs them:
// files are taken as given; directories are walked in lexical order for
// files with one of the configured suffixes, skipping excluded and hidden
// names. A path that does not exist is returned too, and fails when run.
func (c *Config) Collect(paths []string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	excluded := map[string]bool{}
	for _, e := range c.Excludes {
		excluded[e] = true
	}
	for _, root := range paths {
		fi, err := os.Stat(root)
		if err != nil || !fi.IsDir() {
			add(root)
			continue
		}
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				add(p)
				return nil
			}
			name := d.Name()
			if p != root && (excluded[name] || strings.HasPrefix(name, ".")) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			for _, s := range c.Suffixes {
				if strings.HasSuffix(name, s) {
					add(p)
					break
				}
			}
			return nil
		})
	}
	return out
}

// RunPaths runs the tests under paths in parallel (at most Jobs at a time)
// and prints one line per test, "PASS: path", "FAIL: path", ..., in the
// order of Collect, followed by the log of failures when Verbose, and
// finally a line such as "12 passed, 1 failed, 3 unsupported".
func (c *Config) RunPaths(paths []string, w io.Writer) Summary {
	files := c.Collect(paths)
	results := make([]Result, len(files))
	done := make([]chan struct{}, len(files))
	for i := range done {
		done[i] = make(chan struct{})
	}
	sem := make(chan struct{}, c.jobs())
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i] = c.RunFile(f)
			close(done[i])
		}()
	}
	var sum Summary
	for i := range files {
		<-done[i]
		r := results[i]
		fmt.Fprintf(w, "%s: %s\n", r.Status, r.Path)
		if c.Verbose && r.Status.IsFailure() {
			fmt.Fprintf(w, "******************** TEST '%s' %s ********************\n%s", r.Path, r.Status, r.Log)
			if !strings.HasSuffix(r.Log, "\n") {
				fmt.Fprintln(w)
			}
			fmt.Fprintln(w, "********************")
		}
		sum.Results = append(sum.Results, r)
		switch r.Status {
		case Pass:
			sum.Passed++
		case Unsupported:
			sum.Unsupported++
		case XFail:
			sum.XFailed++
		case XPass:
			sum.XPassed++
			sum.Failed++
		case Unresolved:
			sum.Unresolved++
			sum.Failed++
		default:
			sum.Failed++
		}
	}
	wg.Wait()
	fmt.Fprintf(w, "%d passed, %d failed, %d unsupported", sum.Passed, sum.Failed, sum.Unsupported)
	if sum.XFailed > 0 {
		fmt.Fprintf(w, ", %d expectedly failed", sum.XFailed)
	}
	fmt.Fprintln(w)
	return sum
}
