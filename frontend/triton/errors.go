package triton

import (
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/ttcompiler/tt/frontend/python"
)

// The code generator reports errors by panicking with a *python.Error
// located at the node being compiled; Compile recovers it. A panic of any
// other kind is a bug in the front end: Compile turns it into an
// "internal error" diagnostic at the current node instead of crashing.

// fail raises a located error at node n.
func (g *gen) fail(n python.Node, format string, args ...any) {
	panic(g.errAt(n, fmt.Sprintf(format, args...)))
}

// failCur raises a located error at the node being visited.
func (g *gen) failCur(format string, args ...any) {
	g.fail(g.cur, format, args...)
}

func (g *gen) errAt(n python.Node, msg string) *python.Error {
	pos := python.Pos{Line: 1}
	if n != nil {
		pos = n.Start()
	}
	return &python.Error{File: g.fn.Src.Path, Pos: pos, Msg: msg}
}

// check raises err (a Python exception from a builtin) at the current node.
func (g *gen) check(err error) {
	if err == nil {
		return
	}
	var pe *python.Error
	if errors.As(err, &pe) {
		panic(pe)
	}
	g.failCur("%s", err.Error())
}

// recoverError converts a panic raised while compiling into an error.
func recoverError(r any, where func() (*python.Error, bool)) error {
	if e, ok := r.(*python.Error); ok {
		return e
	}
	if pe, ok := r.(*pyError); ok { // a Python exception raised below the code generator
		if e, ok := where(); ok {
			e.Msg = pe.Error()
			return e
		}
		return pe
	}
	buf := make([]byte, 4096)
	n := runtime.Stack(buf, false)
	msg := fmt.Sprintf("internal error in the Triton front end: %v", r)
	if e, ok := where(); ok {
		e.Msg = msg
		return e
	}
	return errors.New(msg + "\n" + string(buf[:n]))
}

// withCallNote wraps an error raised inside a called function with a note
// at the call site, like Triton's CompilationError chain.
func withCallNote(err *python.Error, file string, pos python.Pos, callee string) *python.Error {
	msg := "in the call to " + callee
	for _, n := range err.Notes {
		if n.File == file && n.Pos == pos && strings.HasPrefix(n.Msg, "in the call") {
			return err
		}
	}
	err.Notes = append(err.Notes, &python.Error{File: file, Pos: pos, Msg: msg})
	return err
}
