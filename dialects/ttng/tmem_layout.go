package ttng

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// Tensor memory is addressed by (row, col): 128 lanes by 512 32-bit
// columns. Its linear layouts map (row, col) to the buffer dims.
const (
	Row = "row"
	Col = "col"
)

// ToLinearLayout is Triton's tensorMemoryToLinearLayout for a 2-D buffer.
func (a *TensorMemoryEncoding) ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error) {
	if len(shape) != 2 {
		return linearlayout.LinearLayout{}, fmt.Errorf("tensor memory layouts are 2-D, got shape %v", shape)
	}
	l, err := tmemLayout(shape, *a)
	if err != nil {
		return linearlayout.LinearLayout{}, err
	}
	return l.TransposeOuts(linearlayout.StandardOutDimNames(2)), nil
}

func tmemLayout(shape []int64, e TensorMemoryEncoding) (l linearlayout.LinearLayout, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("invalid tensor memory layout for shape %v: %v", shape, r)
		}
	}()
	dims := linearlayout.StandardOutDimNames(2)
	if e.CTASplitN > 1 {
		split := linearlayout.Identity1D(int32(e.CTASplitN), Col, dims[1])
		n := e
		n.CTASplitN = 1
		inner, err := tmemLayout([]int64{shape[0], shape[1] / int64(e.CTASplitN)}, n)
		if err != nil {
			return linearlayout.LinearLayout{}, err
		}
		return inner.Mul(split), nil
	}
	if e.CTASplitM > 1 {
		splitM, blockM := e.CTASplitM, e.BlockM
		m64Two := blockM == 64 && e.TwoCTAs
		if m64Two {
			blockM *= 2
			splitM /= 2
		}
		split := linearlayout.Identity1D(int32(splitM), Col, dims[0])
		n := e
		n.BlockM, n.CTASplitM = blockM, 1
		inner, err := tmemLayout([]int64{shape[0] / int64(splitM), shape[1]}, n)
		if err != nil {
			return linearlayout.LinearLayout{}, err
		}
		ret := inner.Mul(split)
		if m64Two {
			bases := ret.Bases()
			var rows, cols *linearlayout.InBases
			for i := range bases {
				switch bases[i].Name {
				case Row:
					rows = &bases[i]
				case Col:
					cols = &bases[i]
				}
			}
			if rows != nil && cols != nil && len(rows.Bases) > 0 && len(cols.Bases) > 0 {
				r, c := len(rows.Bases)-1, len(cols.Bases)-1
				rows.Bases[r], cols.Bases[c] = cols.Bases[c], rows.Bases[r]
			}
			return linearlayout.NewNonSurjective(bases, ret.OutDims())
		}
		return ret, nil
	}
	blockM := e.BlockM
	blockN := min(int64(e.BlockN), shape[1])
	if blockM != 64 && blockM != 128 {
		return linearlayout.LinearLayout{}, fmt.Errorf("blockM must be 64 or 128")
	}
	tile := linearlayout.Zeros1D(int32(e.ColStride), Col, dims[1])
	if blockM == 64 {
		tile = tile.Mul(linearlayout.Identity1D(16, Row, dims[0])).Mul(linearlayout.Identity1D(int32(blockN), Col, dims[1]))
		tile = tile.TransposeOuts(dims)
		var bases []linearlayout.InBases
		for _, in := range tile.Bases() {
			if in.Name == Row {
				switch {
				case shape[0] > int64(blockM):
					in.Bases = append(in.Bases, []int32{64, 0})
				case shape[1] > blockN:
					in.Bases = append(in.Bases, []int32{0, int32(blockN)})
				default:
					in.Bases = append(in.Bases, []int32{0, 0})
				}
				in.Bases = append(in.Bases, []int32{16, 0}, []int32{32, 0})
			}
			bases = append(bases, in)
		}
		if tile, err = linearlayout.NewInferSizes(bases, dims); err != nil {
			return linearlayout.LinearLayout{}, err
		}
	} else {
		tile = tile.Mul(linearlayout.Identity1D(int32(blockM), Row, dims[0])).Mul(linearlayout.Identity1D(int32(blockN), Col, dims[1]))
	}
	repsM := shape[0] / int64(tile.OutDimSize(dims[0]))
	repsN := shape[1] / int64(tile.OutDimSize(dims[1]))
	if repsM < 1 || repsN < 1 {
		return linearlayout.LinearLayout{}, fmt.Errorf("shape %v is smaller than the tensor memory block", shape)
	}
	return tile.Mul(linearlayout.Identity1D(int32(repsM), Col, dims[0])).Mul(linearlayout.Identity1D(int32(repsN), Col, dims[1])), nil
}

// VerifyMemDesc checks the memdesc invariants for a TMEM buffer
// (MemDescType::verify).
func (a *TensorMemoryEncoding) VerifyMemDesc(shape []int64, elem ir.Type, space ir.Attribute, alloc []int64) error {
	if _, ok := space.(*TensorMemorySpace); !ok {
		return fmt.Errorf("memorySpace must be TensorMemorySpace")
	}
	if len(shape) != 2 && len(shape) != 3 {
		return fmt.Errorf("rank must be 2 or 3")
	}
	bw := ir.BitWidth(elem)
	if bw*a.ColStride > 32 {
		return fmt.Errorf("bitwidth * colStride must be less than or equal to 32. Got %d and %d", bw, a.ColStride)
	}
	alloc = alloc[len(alloc)-2:]
	if alloc[0] < int64(a.BlockM*a.CTASplitM) || alloc[1] < int64(a.BlockN*a.CTASplitN) {
		return fmt.Errorf("the allocation shape must be at least %dx%d. Got %s", a.BlockM*a.CTASplitM, a.BlockN*a.CTASplitN, join(alloc, ", "))
	}
	ll, err := a.ToLinearLayout(alloc)
	if err != nil {
		return err
	}
	d0, d1 := int64(ll.OutDimSize("dim0")), int64(ll.OutDimSize("dim1"))
	if d0 != alloc[0] || d1 != alloc[1] {
		return fmt.Errorf("allocation shape must be equal to %dx%d", d0, d1)
	}
	return nil
}

// VerifyMemDesc checks the memdesc invariants for TMEM scales.
func (a *TensorMemoryScalesEncoding) VerifyMemDesc(shape []int64, elem ir.Type, space ir.Attribute, alloc []int64) error {
	if _, ok := space.(*TensorMemorySpace); !ok {
		return fmt.Errorf("memorySpace must be TensorMemorySpace")
	}
	if len(alloc) != 2 {
		return fmt.Errorf("Scales don't currently support multibuffering")
	}
	if ir.BitWidth(elem) != 8 {
		return fmt.Errorf("bitwidth must be 8")
	}
	return nil
}

func join(v []int64, sep string) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(parts, sep)
}

var (
	_ ttg.MemDescEncoding = (*TensorMemoryEncoding)(nil)
	_ ttg.MemDescEncoding = (*TensorMemoryScalesEncoding)(nil)
)
