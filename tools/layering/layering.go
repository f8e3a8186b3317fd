// Package layering is a go/analysis analyzer that enforces the import
// layering of the tt module (docs/ARCHITECTURE.md):
//
//	support < ir < dialects < pattern/passmgr < analysis < frontend
//	        < conversion < transforms < targets < tools < api (the module
//	        root, package tt) < cmd/test
//
// A package may import packages of its own layer or of lower layers, with
// three refinements: the ir layer knows no dialect (it is below them), a
// tool or command imports no other tool or command (only packages nested
// in its own folder, such as its cmd or test helpers), and nothing imports
// cmd. Every package of the module must belong to a layer, so that a new
// top-level folder is placed deliberately. The few imports that break the
// layering for a good reason are listed, with the reason, in exceptions;
// the few it allows but the design does not (per-thread IR and emitters
// importing the tile dialects), in forbidden.
//
// Test files (_test.go) are not checked: nothing can import them, so they
// cannot bend the production import graph, and tests legitimately drive
// the whole compiler (a dialect's lit tests run tt-opt).
//
// Run it with the command in ./cmd/layering: `go run
// ./tools/layering/cmd/layering ./...`.
package layering

import (
	"go/ast"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Module is the import path of the module whose layering is checked.
const Module = "github.com/ttcompiler/tt"

// Analyzer reports imports that go against the layering.
var Analyzer = &analysis.Analyzer{
	Name: "layering",
	Doc:  "check that tt's packages import only packages of their own or lower layers",
	URL:  "https://github.com/ttcompiler/tt/blob/main/docs/ARCHITECTURE.md",
	Run:  run,
}

// A layer is a set of top-level folders of the module.
type layer struct {
	name string
	dirs []string
	// noPeers forbids imports between packages of the layer.
	noPeers bool
}

// layers lists the layers from the bottom up.
var layers = []layer{
	// Self-contained libraries that know nothing of the IR.
	{name: "support", dirs: []string{"internal", "linearlayout", "numeric", "npy", "filecheck", "lit", "compilecache", "autotune"}},
	{name: "ir", dirs: []string{"ir"}},
	{name: "dialects", dirs: []string{"dialects"}},
	{name: "rewriting", dirs: []string{"pattern", "passmgr"}},
	{name: "analysis", dirs: []string{"analysis"}},
	// Producers of tile IR from source languages (the Python front end).
	{name: "frontend", dirs: []string{"frontend"}},
	{name: "conversion", dirs: []string{"conversion"}},
	{name: "transforms", dirs: []string{"transforms"}},
	// What consumes lowered or tile IR: emitters, the interpreter, the
	// simulator, the kernel loader.
	{name: "targets", dirs: []string{"targets", "interp", "sim", "runtime"}},
	{name: "tools", dirs: []string{"tools"}, noPeers: true},
	// The Go API at the module root (package tt): compile, load, launch
	// and autotune kernels; it drives the compiler as the tools do.
	{name: "api", dirs: []string{"."}},
	{name: "commands", dirs: []string{"cmd", "test"}, noPeers: true},
}

// exception allows one import (or every import of packages under from of
// packages under to) that the layers forbid.
type exception struct {
	from, to string
	why      string
}

// exceptions are the imports that break the layering for a good reason.
// Paths are relative to the module; a path covers the packages below it.
var exceptions = []exception{
	{"tools/ttlit", "tools/ttopt", "tt-lit runs the RUN lines of lit files with tt's own tools, in process"},
	{"tools/ttlit", "tools/tttranslate", "tt-lit runs the RUN lines of lit files with tt's own tools, in process"},
	{"tools/ttlit", "tools/ttrun", "tt-lit runs the RUN lines of lit files with tt's own tools, in process"},
	{"tools/ttlit", "tools/ttlayout", "tt-lit runs the RUN lines of lit files with tt's own tools, in process"},
	{"tools/ttrun", "tools/tttranslate", "tt-run --backend cuda compiles the kernel with tt-translate's pipeline"},
}

// forbidden are imports the layers allow but the design does not: the
// per-thread IR (the gpu, llvm and nvvm dialects) and the emitters that
// read it know nothing of the tile dialects, so that lowering is the one
// place where the two meet.
var forbidden = []exception{
	{"dialects/gpu", "dialects/tt", tileDialects},
	{"dialects/gpu", "dialects/ttg", tileDialects},
	{"dialects/gpu", "dialects/ttng", tileDialects},
	{"dialects/gpu", "dialects/amdgpu", tileDialects},
	{"dialects/llvm", "dialects/tt", tileDialects},
	{"dialects/llvm", "dialects/ttg", tileDialects},
	{"dialects/llvm", "dialects/ttng", tileDialects},
	{"dialects/llvm", "dialects/amdgpu", tileDialects},
	{"dialects/nvvm", "dialects/tt", tileDialects},
	{"dialects/nvvm", "dialects/ttg", tileDialects},
	{"dialects/nvvm", "dialects/ttng", tileDialects},
	{"dialects/nvvm", "dialects/amdgpu", tileDialects},
	{"targets", "dialects/tt", tileDialects},
	{"targets", "dialects/ttg", tileDialects},
	{"targets", "dialects/ttng", tileDialects},
	{"targets", "dialects/amdgpu", tileDialects},
}

const tileDialects = "per-thread IR and its emitters do not know the tile dialects (shared enums are in dialects/memory)"

func run(pass *analysis.Pass) (any, error) {
	from, ok := relPath(pass.Pkg.Path())
	if !ok || strings.HasSuffix(from, ".test") {
		// Not the module's, or the main package go test generates.
		return nil, nil
	}
	from = strings.TrimSuffix(from, "_test")
	fromLayer := layerOf(from)
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue
		}
		if fromLayer < 0 {
			pass.Reportf(f.Package, "package %s is in no layer: add its folder to a layer of tools/layering", from)
			return nil, nil
		}
		for _, spec := range f.Imports {
			checkImport(pass, from, fromLayer, spec)
		}
	}
	return nil, nil
}

func checkImport(pass *analysis.Pass, from string, fromLayer int, spec *ast.ImportSpec) {
	path, err := strconv.Unquote(spec.Path.Value)
	if err != nil {
		return
	}
	to, ok := relPath(path)
	if !ok {
		return
	}
	toLayer := layerOf(to)
	for _, f := range forbidden {
		if under(from, f.from) && under(to, f.to) {
			pass.Reportf(spec.Pos(), "%s imports %s: %s", from, to, f.why)
			return
		}
	}
	var problem string
	switch {
	case toLayer < 0:
		problem = "which is in no layer"
	case topDir(to) == "cmd":
		problem = "and nothing imports a command"
	case toLayer > fromLayer:
		problem = "a package of a higher layer (" + layers[toLayer].name + " above " + layers[fromLayer].name + ")"
	case toLayer == fromLayer && layers[fromLayer].noPeers && !under(from, to):
		problem = "a peer in the " + layers[fromLayer].name + " layer"
	default:
		return
	}
	if allowed(from, to) {
		return
	}
	pass.Reportf(spec.Pos(), "%s imports %s, %s", from, to, problem)
}

// relPath returns the module-relative path of an import path of the module.
func relPath(path string) (string, bool) {
	if path == Module {
		return ".", true
	}
	rel, ok := strings.CutPrefix(path, Module+"/")
	return rel, ok
}

func topDir(rel string) string {
	dir, _, _ := strings.Cut(rel, "/")
	return dir
}

// layerOf returns the index of the layer of a module-relative package
// path, or -1.
func layerOf(rel string) int {
	top := topDir(rel)
	for i, l := range layers {
		for _, d := range l.dirs {
			if d == top {
				return i
			}
		}
	}
	return -1
}

func allowed(from, to string) bool {
	for _, e := range exceptions {
		if under(from, e.from) && under(to, e.to) {
			return true
		}
	}
	return false
}

// under reports whether path is dir or a package below it.
func under(path, dir string) bool {
	return path == dir || strings.HasPrefix(path, dir+"/")
}
