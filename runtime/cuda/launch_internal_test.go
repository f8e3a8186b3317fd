package cuda

import (
	"strings"
	"testing"
	"unsafe"
)

// TestLaunchExLayout checks the Go mirrors of cuda.h's CUlaunchConfig and
// CUlaunchAttribute against the C layout on 64-bit hosts, which the driver
// reads them by.
func TestLaunchExLayout(t *testing.T) {
	var c cuLaunchConfig
	var a cuLaunchAttribute
	checks := []struct {
		what      string
		got, want uintptr
	}{
		{"sizeof(CUlaunchConfig)", unsafe.Sizeof(c), 56},
		{"offsetof(hStream)", unsafe.Offsetof(c.stream), 32},
		{"offsetof(attrs)", unsafe.Offsetof(c.attrs), 40},
		{"offsetof(numAttrs)", unsafe.Offsetof(c.numAttrs), 48},
		{"sizeof(CUlaunchAttribute)", unsafe.Sizeof(a), 72},
		{"offsetof(value)", unsafe.Offsetof(a.value), 8},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.what, c.got, c.want)
		}
	}
}

// TestLaunchConfigClusters: clusters must tile the grid and hold at most
// 16 blocks.
func TestLaunchConfigClusters(t *testing.T) {
	base := LaunchConfig{Grid: [3]int{8, 2, 1}, Block: [3]int{128, 1, 1}}
	for _, c := range []struct {
		cluster [3]int
		err     string
	}{
		{[3]int{}, ""},
		{[3]int{2, 1, 1}, ""},
		{[3]int{8, 2, 1}, ""},
		{[3]int{3, 1, 1}, "not a whole number"},
		{[3]int{2, 0, 1}, "not a whole number"},
		{[3]int{8, 2, 2}, "not a whole number"},
	} {
		cfg := base
		cfg.Cluster = c.cluster
		err := cfg.validate()
		switch {
		case c.err == "" && err != nil:
			t.Errorf("cluster %v: %v", c.cluster, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("cluster %v: error %v, want one saying %q", c.cluster, err, c.err)
		}
	}
	big := LaunchConfig{Grid: [3]int{32, 1, 1}, Block: [3]int{32, 1, 1}, Cluster: [3]int{32, 1, 1}}
	if err := big.validate(); err == nil || !strings.Contains(err.Error(), "at most 16") {
		t.Errorf("clusters of 32 blocks: error %v", err)
	}
}
