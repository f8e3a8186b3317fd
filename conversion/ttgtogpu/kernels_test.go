package ttgtogpu_test

import (
	"testing"
)

const kernels = "/work/shared/kernels/"

func TestVectorAddKernel(t *testing.T) {
	m := parseFile(t, kernels+"vector_add_f32_b1024.ttgir")
	lower(t, m)
	t.Log(print(m))
}

func TestSoftmaxKernel(t *testing.T) {
	m := parseFile(t, kernels+"softmax_f32_b1024_w4.ttgir")
	lower(t, m)
	t.Log(print(m))
}
