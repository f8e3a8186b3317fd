package tttranslate

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestMetadataMatchesEncodingJSON checks that Metadata writes what
// json.MarshalIndent makes of the same kernels, with every optional part
// present and absent, and that the test's kernel sets every field (a
// field added to Kernel must be written by Metadata too).
func TestMetadataMatchesEncodingJSON(t *testing.T) {
	full := Kernel{
		LauncherABI:   &LauncherABI{ProfileScratchSize: 64, ProfileScratchAlign: 8},
		GlobalScratch: &GlobalScratch{GlobalScratchSize: 128, GlobalScratchAlign: 16},
		Name:          "k<&>\u2028\xff",
		NumWarps:      8,
		NumCTAs:       2,
		ClusterDims:   [3]int{2, 1, 1},
		Shared:        1024,
		Target:        "sm_90a",
		TensorDescMeta: []TensorDesc{
			{Param: 1, Swizzle: 3, ElemSize: 2, ElemType: 6, BlockSize: []int64{64, 128}, FP4Padded: true},
			{Param: 2},
			{Param: 3, BlockSize: []int64{}},
		},
		GridVariant: &Kernel{Name: "k__tt_grid", NumWarps: 4, NumCTAs: 2, ClusterDims: [3]int{2, 1, 1}, Shared: 512,
			Target: "sm_90a", CTAsPerSM: 2},
		CTAsPerSM: 1,
	}
	for _, f := range reflect.VisibleFields(reflect.TypeOf(full)) {
		if reflect.ValueOf(full).FieldByIndex(f.Index).IsZero() {
			t.Errorf("the test's kernel leaves %s unset", f.Name)
		}
	}
	plain := Kernel{Name: "add_kernel", NumWarps: 4, NumCTAs: 1, ClusterDims: [3]int{1, 1, 1}, Target: "sm_80", TensorDescMeta: []TensorDesc{}}
	want := func(ks []Kernel) string {
		var v any = ks[0]
		if len(ks) > 1 {
			v = struct {
				Kernel
				Kernels []Kernel `json:"kernels"`
			}{ks[0], ks}
		}
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		return string(b) + "\n"
	}
	for _, ks := range [][]Kernel{{plain}, {full}, {full, plain}, {plain, full, plain}} {
		got, err := Metadata(ks)
		if err != nil {
			t.Fatal(err)
		}
		if w := want(ks); string(got) != w {
			t.Errorf("Metadata:\n%s\nencoding/json:\n%s", got, w)
		}
	}
	if _, err := Metadata(nil); err == nil {
		t.Error("Metadata(nil): no error")
	}
}
