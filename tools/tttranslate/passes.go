package tttranslate

// The stages' passes and pipelines register themselves in passmgr.Default.
import _ "github.com/ttcompiler/tt/transforms/all"
