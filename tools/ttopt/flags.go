package ttopt

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/internal/cli"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// options are tt-opt's parsed command line.
type options struct {
	input, output      string
	split              bool
	verifyDiagnostics  bool
	onlyExpected       bool
	allowUnregistered  bool
	debugInfo, generic bool
	nameLocPrefix      bool
	disableThreading   bool
	elideElements      int
	pipelineText       string
	runReproducer      bool
	timing, statistics bool
	crashReproducer    string
	listPasses, help   bool
	showDialects       bool
	dumpPipeline       bool
	version            bool
	splitMarker        string // --output-split-marker
	hexIfLarger        int
	// Printing flags of mlir-opt (see printConfig).
	localScope, valueUsers        bool
	prettyDebugInfo, assumeVerify bool
	cfg                           passmgr.Config
	passes                        []passFlag
}

type passFlag struct{ name, opts string }

// toolFlags are the flags tt-opt understands itself; every other `-name`
// must be a registered pass or pipeline.
var boolFlags = map[string]func(o *options){
	"split-input-file":            func(o *options) { o.split = true },
	"allow-unregistered-dialect":  func(o *options) { o.allowUnregistered = true },
	"mlir-print-debuginfo":        func(o *options) { o.debugInfo = true },
	"mlir-print-op-generic":       func(o *options) { o.generic = true },
	"mlir-use-nameloc-as-prefix":  func(o *options) { o.nameLocPrefix = true },
	"mlir-disable-threading":      func(o *options) { o.disableThreading = true },
	"mlir-print-ir-before-all":    func(o *options) { o.cfg.PrintBeforeAll = true },
	"mlir-print-ir-after-all":     func(o *options) { o.cfg.PrintAfterAll = true },
	"mlir-print-ir-module-scope":  func(o *options) { o.cfg.PrintModuleScope = true },
	"mlir-timing":                 func(o *options) { o.timing = true },
	"mlir-pass-statistics":        func(o *options) { o.statistics = true },
	"run-reproducer":              func(o *options) { o.runReproducer = true },
	"list-passes":                 func(o *options) { o.listPasses = true },
	"show-dialects":               func(o *options) { o.showDialects = true },
	"dump-pass-pipeline":          func(o *options) { o.dumpPipeline = true },
	"help":                        func(o *options) { o.help = true },
	"h":                           func(o *options) { o.help = true },
	"mlir-print-local-scope":      func(o *options) { o.localScope = true },
	"mlir-print-assume-verified":  func(o *options) { o.assumeVerify = true },
	"mlir-print-value-users":      func(o *options) { o.valueUsers = true },
	"mlir-pretty-debuginfo":       func(o *options) { o.prettyDebugInfo = true },
	"mlir-print-ir-after-change":  func(o *options) { o.cfg.PrintAfterChange = true },
	"mlir-print-ir-after-failure": func(o *options) { o.cfg.PrintAfterFailure = true },
	"version":                     func(o *options) { o.version = true },
}

// parseArgs reads mlir-opt style arguments: `-flag`, `--flag`,
// `-flag=value`, `-o FILE`, pass flags `-pass-name[=options]`, and one
// input file ("-" for stdin), in any order.
func parseArgs(args []string, reg *passmgr.Registry) (*options, error) {
	o := &options{input: "-", output: "-", splitMarker: "// -----"}
	o.cfg.VerifyEach = true
	once := cli.NewOnce()
	haveInput := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-" || !strings.HasPrefix(a, "-") {
			if haveInput {
				return nil, fmt.Errorf("too many positional arguments: '%s' (an input file was already given)", a)
			}
			o.input, haveInput = a, true
			continue
		}
		name := strings.TrimLeft(a, "-")
		val, hasVal := "", false
		if j := strings.IndexByte(name, '='); j >= 0 {
			name, val, hasVal = name[:j], name[j+1:], true
		}
		if set, ok := boolFlags[name]; ok {
			if hasVal && val != "true" && val != "1" {
				if val == "false" || val == "0" {
					continue
				}
				return nil, fmt.Errorf("flag '-%s' takes no value", name)
			}
			set(o)
			continue
		}
		needValue := func() (string, error) {
			if !hasVal {
				if i+1 >= len(args) {
					return "", fmt.Errorf("flag '-%s' needs a value", name)
				}
				i++
				val = args[i]
			}
			if name == "mlir-print-ir-before" || name == "mlir-print-ir-after" {
				return val, nil // lists: each adds to them
			}
			return val, once.Set(name, val)
		}
		var err error
		switch name {
		case "verify-diagnostics":
			o.verifyDiagnostics = true
			switch val {
			case "", "true", "all":
			case "only-expected":
				o.onlyExpected = true
			default:
				err = fmt.Errorf("invalid value '%s' for -verify-diagnostics (want all or only-expected)", val)
			}
		case "o":
			o.output, err = needValue()
		case "pass-pipeline":
			o.pipelineText, err = needValue()
			o.pipelineText = strings.Trim(o.pipelineText, "'\"")
		case "mlir-print-ir-before":
			var v string
			v, err = needValue()
			o.cfg.PrintBefore = append(o.cfg.PrintBefore, strings.Split(v, ",")...)
		case "mlir-print-ir-after":
			var v string
			v, err = needValue()
			o.cfg.PrintAfter = append(o.cfg.PrintAfter, strings.Split(v, ",")...)
		case "verify-each":
			b := true
			if hasVal {
				b, err = strconv.ParseBool(val)
			}
			o.cfg.VerifyEach = b
		case "mlir-pass-pipeline-crash-reproducer":
			o.crashReproducer, err = needValue()
		case "mlir-print-ir-tree-dir":
			o.cfg.PrintTreeDir, err = needValue()
		case "mlir-elide-elementsattrs-if-larger":
			var v string
			if v, err = needValue(); err == nil {
				if o.elideElements, err = strconv.Atoi(v); err != nil {
					err = fmt.Errorf("-%s takes a number, got %q", name, v)
				}
			}
		case "output-split-marker":
			o.splitMarker, err = needValue()
		case "mlir-print-elementsattrs-with-hex-if-larger":
			var v string
			if v, err = needValue(); err == nil {
				if o.hexIfLarger, err = strconv.Atoi(v); err != nil {
					err = fmt.Errorf("-%s takes a number, got %q", name, v)
				} else if o.hexIfLarger == 0 {
					// Every non-splat attribute: a one-element one is a splat,
					// so 1 does the same (0 is the printer's default, 100).
					o.hexIfLarger = 1
				}
			}
		default:
			if reg.Lookup(name) == nil && reg.LookupPipeline(name) == nil {
				return nil, cli.UnknownFlag("tt-opt", a)
			}
			o.passes = append(o.passes, passFlag{name, strings.Trim(val, "'\"")})
		}
		if err != nil {
			return nil, err
		}
	}
	if o.pipelineText != "" && len(o.passes) > 0 {
		return nil, fmt.Errorf("'-pass-pipeline' option can't be used with individual pass options")
	}
	if err := reg.CheckPrintNames(&o.cfg); err != nil {
		return nil, err
	}
	if d := o.cfg.PrintTreeDir; d != "" {
		// A directory that cannot be made is the command line's fault,
		// said before the passes run (the pass manager fails the run on
		// a dump it cannot write later).
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, fmt.Errorf("-mlir-print-ir-tree-dir=%s: %v", d, err)
		}
	}
	return o, nil
}

// printConfig is how the output and the IR dumps are printed.
func (o *options) printConfig() asm.PrintConfig {
	return asm.PrintConfig{
		DebugInfo: o.debugInfo, Generic: o.generic, UseNameLocAsPrefix: o.nameLocPrefix,
		ElideElementsAttrsIfLarger: o.elideElements, HexIfLarger: o.hexIfLarger,
		LocalScope: o.localScope, ValueUsers: o.valueUsers,
		PrettyDebugInfo: o.prettyDebugInfo, AssumeVerified: o.assumeVerify,
	}
}
