package triton_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/frontend/triton"
)

// Every construct a kernel cannot use, and every error Triton's front end
// reports (its type errors, undefined names, constexpr requirements),
// comes back as `file:line:col: error: message` with the source line and
// a caret under the column, never as a panic or an IR verifier failure.

// errorKernel is the file each case's body is pasted into (at line 15,
// indented by 4).
const errorKernel = `import triton
import triton.language as tl

N = 5
G = tl.constexpr(4)


@triton.jit
def helper(x):
    return x + 1


@triton.jit
def k(X, Y, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(X + offs)
    BODY
    tl.store(Y + offs, x)


@triton.jit
def bad_callee(x):
    return x + undefined_in_callee


@triton.jit
def calls_bad(X, BLOCK: tl.constexpr):
    tl.store(X + tl.arange(0, BLOCK), bad_callee(tl.load(X + tl.arange(0, BLOCK))))
`

const bodyLine = 17

var errorCases = []struct {
	name, body string
	line, col  int // of the error; line relative to the body's first line
	msg        string
}{
	{"lambda", "f = lambda a: a + 1", 0, 9, "lambda is not supported in a kernel"},
	{"one void branch of a conditional expression", "y = tl.store(Y, 1.0) if n > 0 else 1.0", 0, 9, "TypeError: cannot convert None of type NoneType to tensor"},
	{"list comprehension over range", "ys = [i for i in range(4)]", 0, 22, "only tuple comprehensions are supported"},
	{"nested comprehension", "ys = [i + j for i in (1, 2) for j in (3, 4)]", 0, 10, "nested comprehensions are not supported"},
	{"generator expression", "s = helper(i for i in range(4))", 0, 15, "generator expressions are not supported in a kernel"},
	{"set comprehension", "s = {i for i in (1, 2)}", 0, 9, "set and dict comprehensions are not supported"},
	{"dict literal", "d = {1: 2}", 0, 9, "dict literals are not supported in a kernel"},
	{"set literal", "d = {1, 2}", 0, 9, "set literals are not supported in a kernel"},
	{"break", "for i in range(n):\n    break", 1, 9, "break is not supported in a kernel"},
	{"continue", "while n > 0:\n    continue", 1, 9, "continue is not supported in a kernel"},
	{"with", "with open('f') as f:\n    pass", 0, 5, "with statements are not supported in a kernel"},
	{"try", "try:\n    pass\nexcept Exception:\n    pass", 0, 5, "try statements are not supported in a kernel"},
	{"raise", "raise ValueError('x')", 0, 5, "raise is not supported in a kernel"},
	{"class", "class A:\n    pass", 0, 5, "class definitions are not supported in a kernel"},
	{"nested def", "def f():\n    pass", 0, 5, "nested function definition is not supported"},
	{"import", "import os", 0, 5, "import statements are not supported in a kernel"},
	{"global", "global N", 0, 5, "global and nonlocal are not supported in a kernel"},
	{"del", "del x", 0, 5, "del is not supported in a kernel"},
	{"walrus", "if (y := n) > 0:\n    pass", 0, 9, "assignment expressions (:=) are not supported in a kernel"},
	{"match", "match n:\n    case 1:\n        pass", 0, 5, "match statements are not supported in a kernel"},
	{"yield", "yield x", 0, 5, "await and yield are not supported in a kernel"},
	{"chained comparison", "y = 1 < n < 3", 0, 9, "simultaneous multiple comparison is not supported"},
	{"in operator", "y = n in (1, 2)", 0, 9, "AST comparison operator 'in' is not (currently) implemented"},
	{"matmul operator", "c = x @ x", 0, 9, "'tensor' object has no attribute '__matmul__'"},
	{"undefined name", "x = x + undefined_name", 0, 13, "NameError: name 'undefined_name' is not defined"},
	{"non-constexpr global", "x = x + N", 0, 13, "Cannot access global variable N from within @jit'ed function"},
	{"unknown tl function", "y = tl.not_a_function(x)", 0, 9, "module 'triton.language' has no attribute 'not_a_function'"},
	{"jit call arity", "y = helper(x, x)", 0, 9, "helper() takes 1 positional arguments but 2 were given"},
	{"unexpected keyword", "y = tl.sum(x, axis=0, bogus=1)", 0, 9, "unexpected keyword argument 'bogus'"},
	{"dot reduction dims", "a = tl.zeros((16, 32), tl.float16)\nb = tl.zeros((16, 32), tl.float16)\nc = tl.dot(a, b)", 2, 9,
		"input and other must have equal reduction dimensions"},
	{"dot too small", "a = tl.zeros((8, 8), tl.float16)\nc = tl.dot(a, a)", 1, 9, "K >= 16"},
	{"mismatched block shapes", "a = tl.zeros((16,), tl.float32)\nb = tl.zeros((32,), tl.float32)\nc = a + b", 2, 9,
		"incompatible dimensions at index 0: 16 and 32"},
	{"store shape", "tl.store(Y + tl.arange(0, 2 * BLOCK), x)", 0, 5, "incompatible dimensions at index 0: 256 and 128"},
	{"arange of a runtime value", "r = tl.arange(0, n)", 0, 9, "arange's arguments must be of type tl.constexpr"},
	{"full of a runtime shape", "r = tl.full((n,), 0, tl.float32)", 0, 9, "Shape element 0 must have type `constexpr[int]`"},
	{"static_assert", "tl.static_assert(BLOCK == 3, 'BLOCK must be 3')", 0, 5, "static_assert failed: BLOCK must be 3"},
	{"static_range of a runtime bound", "for i in tl.static_range(n):\n    pass", 0, 14, "used as tl.static_range argument is not a constexpr"},
	{"return in a loop", "for i in range(n):\n    return", 1, 9, "Cannot have `return` statements inside `while` or `for` statements"},
	{"return under if in a loop", "for i in range(n):\n    if i > 2:\n        return", 1, 9,
		"Cannot have `return` statements inside `while` or `for` statements"},
	{"tensor condition", "if x > 0:\n    pass", 0, 5, "Boolean value of Tensor with more than one value is ambiguous"},
	{"tensor ternary", "y = x if x > 0 else x", 0, 14, "the condition of a conditional expression must be a scalar"},
	{"reshape to a non-power of 2", "y = tl.reshape(x, (3,))", 0, 9, "must be a power of 2"},
	{"load of a non-pointer", "y = tl.load(n)", 0, 9, "Unsupported ptr type int32 in `tl.load`"},
	{"pointer from a 32-bit integer", "p = n.to(tl.pointer_type(tl.float32))", 0, 9, "only 64-bit integers convert to pointers"},
	{"fdiv of two float types", "y = tl.math.fdiv(x, x.to(tl.float16))", 0, 9,
		"both operands of fdiv must have the same floating scalar type, got fp32 and fp16"},
	{"block pointer offset of 64 bits", "p = tl.make_block_ptr(X, (n,), (1,), (n.to(tl.int64),), (BLOCK,), (0,))", 0, 9,
		"Block pointers only support 32 bit `offsets/block_shape`"},
	{"block pointer offset of 64 unsigned bits", "p = tl.make_block_ptr(X, (n,), (1,), (n.to(tl.uint64),), (BLOCK,), (0,))", 0, 9,
		"Block pointers only support 32 bit `offsets/block_shape`"},
	{"loop-carried type change", "acc = 0\nfor i in range(n):\n    acc = x", 1, 5, "acc"},
	{"f-string of a tensor", "tl.static_print(f'{n}')", 0, 21, "Cannot evaluate f-string containing non-constexpr"},
	{"attribute assignment", "x.foo = 1", 0, 5, "Attribute assignment is not supported"},
	{"subscript assignment", "x[0] = 1", 0, 5, "__setitem__ is not supported"},
	{"syntax error", "y = (1,", 0, 9, "never closed"},
	{"bad indentation", "y = 1\n      z = 2", 1, 11, "unexpected indent"},
}

func TestLocatedErrors(t *testing.T) {
	dir := t.TempDir()
	for i, c := range errorCases {
		c := c
		t.Run(c.name, func(t *testing.T) {
			body := strings.ReplaceAll(c.body, "\n", "\n    ")
			src := strings.Replace(errorKernel, "BODY", body, 1)
			path := filepath.Join(dir, fmt.Sprintf("case%d.py", i))
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			args := sig(t, "*fp32:16, *fp32:16, i32, 128")
			checkLocatedError(t, path, src, "k", args, bodyLine+c.line, c.col, c.msg)
		})
	}
}

// An error inside a called @jit function points into the callee.
func TestLocatedErrorInCallee(t *testing.T) {
	path := filepath.Join(t.TempDir(), "callee.py")
	src := strings.Replace(errorKernel, "BODY", "pass", 1)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out := checkLocatedError(t, path, src, "calls_bad", sig(t, "*fp32:16, 64"), 23, 16, "name 'undefined_in_callee' is not defined")
	if note := fmt.Sprintf("%s:28:39: note: in the call to bad_callee", path); !strings.Contains(out, note) {
		t.Errorf("want %q (the call site) in\n%s", note, out)
	}
}

func checkLocatedError(t *testing.T, path, src, kernel string, args []triton.ArgSpec, line, col int, msg string) string {
	t.Helper()
	_, err := triton.Compile(all.NewContext(), path, triton.Options{Kernel: kernel, Args: args})
	if err == nil {
		t.Fatalf("compiled without error; want %d:%d: %s", line, col, msg)
	}
	out := triton.Render(err, os.ReadFile)
	lines := strings.Split(out, "\n")
	prefix := fmt.Sprintf("%s:%d:%d: error: ", path, line, col)
	if !strings.HasPrefix(lines[0], prefix) || !strings.Contains(lines[0], msg) {
		t.Fatalf("got\n%s\nwant %s...%s", out, prefix, msg)
	}
	srcLine := strings.Split(src, "\n")[line-1]
	if len(lines) < 3 || lines[1] != srcLine || lines[2] != strings.Repeat(" ", col-1)+"^" {
		t.Errorf("want the source line and a caret under column %d, got\n%s", col, out)
	}
	return out
}
