package linearlayout

import "testing"

// Layouts read from user IR (#ttg.linear, #ttg.shared_linear) go through
// NewInferSizes: whatever the bases, it must return a layout or an error.
func FuzzNewInferSizes(f *testing.F) {
	f.Add([]byte{0, 1, 2, 1, 0, 0, 2}, uint8(2))
	f.Add([]byte{255, 255, 255, 255}, uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, rank uint8) {
		r := int(rank % 5)
		names := []string{Register, Lane, Warp, Block}
		var ins []InBases
		for k, n := range names {
			var bs B
			for i := k; i+r <= len(data) && len(bs) < 8; i += 4 + r {
				v := make([]int32, r)
				for j := range v {
					v[j] = int32(data[i+j]) * int32(data[i+j]) * 131
				}
				bs = append(bs, v)
			}
			ins = append(ins, InBases{Name: n, Bases: bs})
		}
		l, err := NewInferSizes(ins, StandardOutDimNames(r))
		if err != nil {
			return
		}
		if !l.IsSurjective() {
			t.Fatalf("NewInferSizes returned a non-surjective layout %v", l)
		}
		_ = l.String()
		if _, err := l.PseudoInvert(); err != nil {
			t.Fatalf("PseudoInvert of a surjective layout: %v", err)
		}
	})
}

// Attribute parameters come from user IR too: the standard layouts must
// answer every parameter set with a layout or an error.
func FuzzStandardLayouts(f *testing.F) {
	f.Add(uint8(2), uint8(0), uint8(5), uint8(2), uint8(3), uint8(1), uint8(0), uint8(7), uint8(6))
	f.Add(uint8(1), uint8(31), uint8(31), uint8(31), uint8(31), uint8(0), uint8(3), uint8(255), uint8(255))
	f.Fuzz(func(t *testing.T, rank, s0, s1, s2, s3, kind, op, x, y uint8) {
		r := int(rank%4) + 1
		pw := func(b uint8) int { return 1 << (b % 40) }
		vals := []int{pw(s0), pw(s1), pw(s2), pw(s3)}
		shape := make([]int64, r)
		spt, tpw, wpc, order := make([]int, r), make([]int, r), make([]int, r), make([]int, r)
		for i := 0; i < r; i++ {
			shape[i] = int64(pw(x >> (i % 4)))
			spt[i] = vals[i%4]
			tpw[i] = vals[(i+1)%4]
			wpc[i] = vals[(i+2)%4]
			order[i] = (i + int(y)) % r
		}
		if y%7 == 0 {
			order[0] = order[r-1] // not a permutation
		}
		bp := BlockedParams{SizePerThread: spt, ThreadsPerWarp: tpw, WarpsPerCTA: wpc, Order: order}
		if y%5 == 0 {
			bp.CTA = CTALayout{CTAsPerCGA: spt, CTASplitNum: wpc, CTAOrder: order}
		}
		var l LinearLayout
		var err error
		switch kind % 9 {
		case 0:
			l, err = Blocked(shape, bp)
		case 1:
			l, err = FMADotOperand(shape, int(op%3), bp)
		case 2:
			l, err = NvidiaMMA(shape, NvidiaMMAParams{VersionMajor: int(op % 4), WarpsPerCTA: wpc, InstrShape: spt})
		case 3:
			l, err = NvidiaDotOperand(shape, int(op%2), vals[0], NvidiaMMAParams{VersionMajor: 2, WarpsPerCTA: wpc, InstrShape: []int{16, 8}})
		case 4:
			l, err = AMDMFMA(shape, MFMAParams{Version: int(op % 5), WarpsPerCTA: wpc, InstrShape: spt, TilesPerWarp: tpw, IsTransposed: x%2 == 0})
		case 5:
			l, err = MFMADotOperand(shape, int(op%2), vals[1], MFMAParams{Version: 3, WarpsPerCTA: wpc, InstrShape: []int{32, 32, 8}, TilesPerWarp: tpw})
		case 6:
			l, err = WMMADotOperand(shape, int(op%2), vals[1], WMMAParams{Version: int(op%4) + 1, WarpsPerCTA: wpc, TilesPerWarp: tpw, InstrShape: spt})
		case 7:
			l, err = SwizzledShared(shape, SwizzledSharedParams{Vec: vals[0], PerPhase: vals[1], MaxPhase: vals[2], Order: order})
		case 8:
			l, err = NVMMAShared(shape, NVMMASharedParams{SwizzlingByteWidth: 32 << (op % 4), ElementBitWidth: 8 << (x % 4), Transposed: y%2 == 0, FP4Padded: y%3 == 0})
		}
		if err != nil {
			return
		}
		if !l.IsSurjective() {
			t.Fatalf("kind %d shape %v returned a non-surjective layout %v %v", kind%9, shape, l, l.OutDims())
		}
		for i, d := range l.OutDims() {
			if int64(d.Size) != shape[i] {
				t.Fatalf("kind %d: out dims %v for shape %v", kind%9, l.OutDims(), shape)
			}
		}
	})
}
