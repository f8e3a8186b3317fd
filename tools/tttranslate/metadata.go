package tttranslate

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// Metadata renders the metadata JSON: the kernel's object
// {"name", "num_warps", "num_ctas", "cluster_dims", "shared", "target"};
// for a module of several
// kernels, the first kernel's object with all of them under "kernels".
//
// The text is what json.MarshalIndent with a two-space indent makes of
// the Kernel values (and, for several, of struct{Kernel; Kernels []Kernel
// `json:"kernels"`}), written field by field: encoding/json's first use of
// a type walks its fields by reflection, which cost a small kernel's
// compile 2.5% of its instructions. TestMetadataMatchesEncodingJSON holds
// the two to the same text.
func Metadata(ks []Kernel) ([]byte, error) {
	if len(ks) == 0 {
		return nil, fmt.Errorf("no kernel to describe")
	}
	w := &metadataWriter{}
	w.open('{')
	w.kernelFields(&ks[0])
	if len(ks) > 1 {
		w.key("kernels")
		w.open('[')
		for i := range ks {
			w.next()
			w.open('{')
			w.kernelFields(&ks[i])
			w.close('}')
		}
		w.close(']')
	}
	w.close('}')
	return append(w.buf, '\n'), nil
}

// metadataWriter writes indented JSON as json.MarshalIndent(v, "", "  ")
// lays it out.
type metadataWriter struct {
	buf   []byte
	depth int
	// empty: the innermost open object or array has no member yet.
	empty bool
}

// kernelFields writes k's members in the order encoding/json gives them:
// the promoted fields of the embedded structs (when set) first.
func (w *metadataWriter) kernelFields(k *Kernel) {
	if a := k.LauncherABI; a != nil {
		w.int("profile_scratch_size", int64(a.ProfileScratchSize))
		w.int("profile_scratch_align", int64(a.ProfileScratchAlign))
	}
	if g := k.GlobalScratch; g != nil {
		w.int("global_scratch_size", int64(g.GlobalScratchSize))
		w.int("global_scratch_align", int64(g.GlobalScratchAlign))
	}
	w.str("name", k.Name)
	w.int("num_warps", int64(k.NumWarps))
	w.int("num_ctas", int64(k.NumCTAs))
	w.key("cluster_dims")
	w.open('[')
	for _, d := range k.ClusterDims {
		w.next()
		w.buf = strconv.AppendInt(w.buf, int64(d), 10)
	}
	w.close(']')
	w.int("shared", int64(k.Shared))
	w.str("target", k.Target)
	if len(k.TensorDescMeta) > 0 { // omitempty
		w.key("tensordesc_meta")
		w.open('[')
		for _, d := range k.TensorDescMeta {
			w.next()
			w.open('{')
			w.int("param", int64(d.Param))
			w.int("swizzle", d.Swizzle)
			w.int("elem_size", d.ElemSize)
			w.int("elem_type", d.ElemType)
			w.key("block_size")
			if d.BlockSize == nil {
				w.buf = append(w.buf, "null"...)
			} else {
				w.open('[')
				for _, b := range d.BlockSize {
					w.next()
					w.buf = strconv.AppendInt(w.buf, b, 10)
				}
				w.close(']')
			}
			w.key("fp4_padded")
			w.buf = strconv.AppendBool(w.buf, d.FP4Padded)
			w.close('}')
		}
		w.close(']')
	}
	if v := k.GridVariant; v != nil { // omitempty
		w.key("grid_variant")
		w.open('{')
		w.kernelFields(v)
		w.close('}')
	}
	if k.CTAsPerSM != 0 { // omitempty
		w.int("ctas_per_sm", int64(k.CTAsPerSM))
	}
}

func (w *metadataWriter) open(c byte) {
	w.buf = append(w.buf, c)
	w.depth++
	w.empty = true
}

func (w *metadataWriter) close(c byte) {
	w.depth--
	if !w.empty {
		w.newline()
	}
	w.buf = append(w.buf, c)
	w.empty = false
}

func (w *metadataWriter) newline() {
	w.buf = append(w.buf, '\n')
	for range w.depth {
		w.buf = append(w.buf, "  "...)
	}
}

// next starts a member of the innermost object or array.
func (w *metadataWriter) next() {
	if !w.empty {
		w.buf = append(w.buf, ',')
	}
	w.empty = false
	w.newline()
}

// key starts an object member (the keys need no escaping).
func (w *metadataWriter) key(k string) {
	w.next()
	w.buf = append(w.buf, '"')
	w.buf = append(w.buf, k...)
	w.buf = append(w.buf, `": `...)
}

func (w *metadataWriter) int(k string, v int64) {
	w.key(k)
	w.buf = strconv.AppendInt(w.buf, v, 10)
}

// str writes a string member, escaped as encoding/json escapes it (its
// encoder of a plain string needs no reflective walk).
func (w *metadataWriter) str(k, v string) {
	w.key(k)
	b, _ := json.Marshal(v)
	w.buf = append(w.buf, b...)
}
