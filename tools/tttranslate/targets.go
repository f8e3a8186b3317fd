package tttranslate

import (
	"bytes"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/targets/nvptx"
)

// emitter turns per-thread IR into target text and kernel metadata.
type emitter func(module *ir.Operation, o *Options) ([]byte, []Kernel, error)

// emitters are the targets tt-translate knows.
var emitters = map[string]emitter{
	"ptx": emitPTX,
}

func emitPTX(module *ir.Operation, o *Options) ([]byte, []Kernel, error) {
	var b bytes.Buffer
	ks, err := nvptx.Emit(module, nvptx.Options{
		Arch: o.arch(), PTXVersion: o.PTXVersion, FPFusion: o.FPFusion, NumWarps: o.NumWarps,
	}, &b)
	if err != nil {
		return nil, nil, err
	}
	out := make([]Kernel, len(ks))
	for i, k := range ks {
		out[i] = Kernel{Name: k.Name, NumWarps: k.NumWarps, Shared: k.Shared, Target: k.Target}
	}
	return b.Bytes(), out, nil
}
