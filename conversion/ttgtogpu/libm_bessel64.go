package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_j0, __nv_j1, __nv_y0 and __nv_y1 (f64) in the
// operations and order of their libdevice code, so that tt's results are
// Triton's bits (libm_bessel.go's own algorithm stays the other targets').
//
// Each function is a chain of branches on |x|: polynomials in the
// distance from the zero of the function that each interval holds (the
// zero in two parts, so that the distance keeps its digits near it), and
// past the last interval the large-argument form sqrt(2/(pi x)) A cos(x
// + F/x - (2n+1) pi/4), with A and F polynomials in 1/x^2. Its phase is
// reduced as __nv_cos reduces an argument (trigReduceLibdeviceF64), the
// quarter turn shifted back in by the quadrant mod 4, and its cosine is
// __nv_cos's (sinCosLibdeviceF64), reduction included, as libdevice
// calls it. Y0 and Y1 near 0 are R(x^2) + (2/pi) ln(x) J(x) (J1 less
// 1/x) with __nv_log's code inlined (logLibdeviceF64) and J's first
// interval. Plain fadd, fsub and fmul are LLVM's, fused by contractFMA
// where a product feeds a sum in its block, as under Triton's fp fusion;
// which products share a block with their sum follows libdevice's
// branches, nested ones included.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_j0": func(e *emitter, x ir.Value, _ bool) ir.Value { return e.j0LibdeviceF64(x) },
		"__nv_j1": func(e *emitter, x ir.Value, _ bool) ir.Value { return e.j1LibdeviceF64(x) },
		"__nv_y0": func(e *emitter, x ir.Value, _ bool) ir.Value { return e.y0LibdeviceF64(x) },
		"__nv_y1": func(e *emitter, x ir.Value, _ bool) ir.Value { return e.y1LibdeviceF64(x) },
	})
})

// besselPieceF64 is one interval of a Bessel function in libdevice: for
// |x| up to upTo, P(d) d with d = |x| - zeroHi - zeroLo (d = |x| where
// the zero is 0), P's coefficients from the highest power down.
type besselPieceF64 struct {
	upTo, zeroHi, zeroLo uint64
	coeffs               []uint64
}

// besselFarF64 is a function's large-argument form: the amplitude and
// phase polynomials in 1/x^2 and the phase's shift, -(2n+1) pi/4 for J
// and -(2n+3) pi/4 for Y (a cosine a quarter turn on is the sine).
type besselFarF64 struct {
	amp, phase []uint64
	shift      uint64
}

// besselF64 is a function's intervals, then its large-argument form.
type besselF64 struct {
	pieces []besselPieceF64
	far    besselFarF64
}

const (
	twoOverPiF64       = 0x3FE45F306DC9C883
	sqrtTwoOverPiF64   = 0x3FE9884533D43651
	y1TinyF64          = 0x000730D67819E8D2 // below it, Y1 is -2/(pi x)
	j1TinyF64          = 0x39B4484BFEEBC2A0 // 1e-30: below it, J1 is x/2
	y0SmallUpToF64     = 0x3FE97F4A8F9D3F28 // Y0's logarithmic form up to here
	y1SmallUpToF64     = 0x3FF4C6F208132576 // and Y1's
	y0RegularZeroHiF64 = 0x3FDBA96740000000 // where Y0's regular part R0 is 0 (in x^2)
	y0RegularZeroLoF64 = 0xBE15A30C80000000
	besselNaNF64       = 0xFFF8000000000000 // Y's NaN for x < 0
)

// The sine-and-cosine's shifts: -pi/4, -3pi/4 and -5pi/4.
const (
	minusQuarterPiF64      = 0xBFE921FB54442D18
	minusThreeQuarterPiF64 = 0xC002D97C7F3321D2
	minusFiveQuarterPiF64  = 0xC00F6A7A2955385E
)

var besselJ0F64 = besselF64{
	pieces: []besselPieceF64{
		{0x400FB319F277BBE5, 0x40033D152E971B40, 0xBCA0F539D7DA258E, []uint64{
			0xBCC0D18564C48C61, 0xBCFCF8F9A8C294BC, 0x3D3FAB983CAE498B, 0x3D7CD7C018579B88, 0xBDBBDD2342D64FDD,
			0xBDF5C2D9416B1E2B, 0x3E32951D73174DD5, 0x3E67FF99802CAEB5, 0xBEA1CCE305C4C9F7, 0xBED232C77E29E1BB,
			0x3F06ED3B9F0EF757, 0x3F315382BA096A62, 0xBF61F992590D1AE4, 0xBF81BB1CBE1A465F, 0x3FACFAE864368D84,
			0x3FBBA1DEEA0294A3, 0xBFE09CDB36551280}},
		{0x401C58FD1A62F5EC, 0x4016148F5B2C2E45, 0x3C975054CD60A517, []uint64{
			0x3CBCB0A8F126B343, 0x3CF83FD1F333EB61, 0xBD4100E33E3FB413, 0xBD7846076D004627, 0x3DBE2F1D4F90720D,
			0x3DF1D03B1E4A119B, 0xBE341D72B1B3BCE9, 0xBE62DA37CE2A9EF8, 0x3EA32E6D9974F763, 0x3ECAD77D744A1879,
			0xBF0863F481A37337, 0xBF26F641F418F0F4, 0x3F627E31FE9A969E, 0x3F72F7FFE9025628, 0xBFAB2150CB41E8BF,
			0xBF9F8F72E7A848DE, 0x3FD5C6E60A097823}},
		{0x402471FCB6A7A8C0, 0x40214EB56CCCDECA, 0xBCB51970714C7C25, []uint64{
			0xBCBDB7FFCF659E24, 0xBCF4B3A71AAAC629, 0x3D417EC150ECDCE7, 0x3D7438F5EA1D10B2, 0xBDBEDAE7EC2C9E87,
			0xBDECADD2C4B91F58, 0x3E34582C8EE12204, 0x3E5CEDA451DD20F8, 0xBEA30E8CC3165E2F, 0xBEC3324842BB1A2E,
			0x3F07800BC54FBDDB, 0x3F1D79605276949A, 0xBF60E0D60385A629, 0xBF648E63600D82F3, 0x3FA68B984EC6493A,
			0x3F900F7FCF183E0B, 0xBFD15F7977A772D4}},
	},
	far: besselFarF64{
		amp: []uint64{0xC0D115CB8C11A9DC, 0x409927467A655012, 0xC05751787E247BD4, 0x401704C4E5FC36B2,
			0xBFE15B747A2FD531, 0x3FBA7FEACF6CB79B, 0xBFAFFFFFEDDCF548, 0x3FEFFFFFFFFFC9E5},
		phase: []uint64{0xC14602FE1C34685E, 0x410ECD4523B12B84, 0xC0C7A2FC1972F05A, 0x407EBA131F7E5BEB,
			0xC0373B92E6E7CC7D, 0x3FFA31BEE63A2F08, 0xBFCAD320104D5D05, 0x3FB0AAAA9C76D07E, 0xBFBFFFFFFFFDACEC},
		shift: minusQuarterPiF64,
	},
}

var besselJ1F64 = besselF64{
	pieces: []besselPieceF64{
		{0x400353AABAD7B784, 0, 0, []uint64{
			0x3D020E4ADCDE2AD3, 0xBD4DD167A0DC3F55, 0x3D5503F5A491E487, 0x3DC1F29940C2403A, 0x3D84CF9302EACDEF,
			0xBE384A53DBBCA436, 0x3D9779BEE4F63BCC, 0x3EA6C160E414F3F0, 0x3D8F3D2F12430699, 0xBF0C71C72C0CED04,
			0x3D659BCA506F1128, 0x3F65555555506982, 0x3D15BA0B425F1BFB, 0xBFB0000000000065, 0x3C8729A7253FB679,
			0x3FE0000000000000}},
		{0x4015B1D0574614EA, 0x400EA75575AF6F09, 0xBCA60155A9D1B256, []uint64{
			0xBCF8D3CDBB60175E, 0x3D41011A1DF02DAD, 0x3D76013AC1E5E222, 0xBDBEC315D96D5F03, 0xBDF03BE1B4B57207,
			0x3E345695F8B660F7, 0x3E617069FCFCFFF4, 0xBEA33825C36745EB, 0xBEC9799D4F90931B, 0x3F083A06E2F7DF13,
			0x3F26E4C2D53A7CF6, 0xBF624B3409957B1C, 0xBF7537544C3325DF, 0x3FAB589D1DA138E2, 0x3FAAE8A39F51AD13,
			0xBFD9C6CF582CBF7F}},
		{0x40213065E54C1AA9, 0x401C0FF5F3B47250, 0xBC9B226D9D243827, []uint64{
			0x3CF3EB867515FAD6, 0xBD40E8363DB649A9, 0xBD73B7DD4A6608FB, 0x3DBEC5E01482C750, 0x3DEC62BB9E882103,
			0xBE34462EED732A23, 0xBE5D48DCAD7DC59B, 0x3EA3026DF29167E9, 0x3EC4255B0119666C, 0xBF0796A751B32693,
			0xBF207358BBDBA284, 0x3F613FBC7D6927B1, 0x3F69A4B292E3DD75, 0xBFA80C83BDEEE4FB, 0xBF95E70DC60362BF,
			0x3FD33518B3874E8A}},
	},
	far: besselFarF64{
		amp: []uint64{0x40CD02EA3F2F6751, 0xC099C06322A3F8BE, 0x405B89354DA77324, 0xC01E352294653188,
			0x3FE9BC7DB16BD7A7, 0xBFC8BFE1C3A4F741, 0x3FC7FFFFF0D00BE2, 0x3FF00000000068CC},
		phase: []uint64{0xC18DA26B212FDC9A, 0x415A30AC6857BEE0, 0xC11764222AD7C910, 0x40CEB02E0C306857,
			0xC08351859FA2B23B, 0x403E65A07AF51F42, 0xC002F2B817F77A57, 0x3FD7BCC34DA069FD, 0xBFC4FFFFF8A44463,
			0x3FD7FFFFFFFF5CD7},
		shift: minusThreeQuarterPiF64,
	},
}

// besselY0F64's intervals start past y0SmallUpToF64.
var besselY0F64 = besselF64{
	pieces: []besselPieceF64{
		{0x4000347C4AB37B18, 0x3FEC982EB8D417EA, 0x3C7EA9D270347F83, []uint64{
			0xBF01630132D75FC3, 0x3F3D054B05D3C52D, 0xBF66DAC0B314B2E5, 0x3F86A5D1DE76263F, 0xBF9FD16652824592,
			0x3FB0F69A9CC79FBD, 0xBFBCCE40EF15583E, 0x3FC446B11780E4FC, 0xBFC89AE7E19621F7, 0x3FCACBA1B38EF7B8,
			0xBFCB4166A03BBFA5, 0x3FCACCA4D5D4889A, 0xBFCA1455932B9392, 0x3FC96D8DB8D844EC, 0xBFC8F7FB77522EDF,
			0x3FC8C0926ABC9AB0, 0xBFC8D35B8FEA468C, 0x3FC9424B8A0C8F94, 0xBFCA396A7F3403EF, 0x3FCC068086C37055,
			0xBFCCF18E6A4C5C4E, 0x3FCC3B1338AF4239, 0xBFDF7E38A46D70DB, 0x3FEC24371844B88A}},
		{0x40161663B5D9A628, 0x400FA9534D98569C, 0xBC9F06AE7804384E, []uint64{
			0xBCDAEA62AC8BDA68, 0xBCD2434958151AC7, 0x3D11C24A40D33FE1, 0x3D237CD62FA08CA4, 0xBD43902E0298C52A,
			0xBD1DDAAD11CAB40F, 0xBD5209D9F06D7DE4, 0x3D8BB9F464468E1A, 0xBDA8F67B07D1B440, 0x3DC7C8D60F9EAECF,
			0xBDE9703405B49A8D, 0x3E0A6B64E76417E4, 0xBE2F6B5AFB2F1359, 0x3E54526B71C21EC1, 0xBE5776DBCBBC8E1D,
			0xBE93B211FC2DF90E, 0xBED486372E8562DC, 0x3F0AB2C1FBC3A254, 0x3F299827653353B8, 0xBF61E32BC4ED7084,
			0xBF7C116FDC599A09, 0x3FADF6D59BF50C77, 0x3FAA09C92903680B, 0xBFD9C34256A12A0B}},
		{0x40214EF30C0C06ED, 0x401C581DC4E72103, 0xBC99774A495F56CF, []uint64{
			0x3CF1CB3ABA718B8E, 0xBD3F443BB4F53D75, 0xBD770F737BD6A786, 0x3DBF0E9A20459E14, 0x3DEFA6B137D5E108,
			0xBE344296729FB7FA, 0xBE60A2813A80DFAA, 0x3EA34AA737A83EB4, 0x3EC6A9227332D03C, 0xBF08177E4F93C81E,
			0xBF226DD71E391775, 0x3F61D35E85FD7B22, 0x3F6B2F14A955285C, 0xBFA8969C64CBF388, 0xBF95AEF611FC4D5A,
			0x3FD334CCA0697A5A}},
	},
	far: besselFarF64{
		amp: []uint64{0xC0C5E91E6AC3AD03, 0x4093F56A049CDDE7, 0xC05572D39DFB8433, 0x4016A6041CAA59E5,
			0xBFE155E3A0493880, 0x3FBA7FB92F417F7F, 0xBFAFFFFFB12E32F5, 0x3FEFFFFFFFFECED5},
		phase: []uint64{0x418A86A64BE101DC, 0xC15709C79AAC5813, 0x41142A31C980A287, 0xC0C9CBE68930485D,
			0x407F583E14E8A4E8, 0xC0374A629C650680, 0x3FFA32A7AF17FAE9, 0xBFCAD32497785CD6, 0x3FB0AAAA9FB75F7B,
			0xBFBFFFFFFFFE320F},
		shift: minusThreeQuarterPiF64,
	},
}

// besselY1F64's intervals start past y1SmallUpToF64.
var besselY1F64 = besselF64{
	pieces: []besselPieceF64{
		{0x4009B510EC2ADC83, 0x400193BED4DFF243, 0xBC8BD1E50D219BFD, []uint64{
			0xBE2B87B0BE2AA150, 0x3E4833AAE4D8B975, 0xBE44E279B423E68F, 0x3E129DC6A747EB4F, 0xBE61D15534496CD8,
			0x3E7EEC8D48FECE00, 0xBE8D1180AF70A134, 0x3E9C8386A0EA1388, 0xBEB01A014E7F3250, 0x3EC1FB752010A320,
			0xBED3AA0AFF4E332B, 0x3EE584A6C77F6700, 0xBEF794C520FC2EBB, 0x3F09D18D2D35CC71, 0xBF1C3FB7315C4599,
			0x3F2EEA7ADECCE927, 0xBF40B2D85257446F, 0x3F517AB4B1FE5D5B, 0xBF65429DC6516C0D, 0x3F7E671C7D0B090B,
			0xBF73A6DEC36FB27C, 0xBFA0D2AF4E931FD1, 0xBFBE56F82217B964, 0x3FE0AA48442F014B}},
		{0x401C0D26D5A541CB, 0x4015B7FE4E87B02E, 0x3CBDFE7BAC228E8C, []uint64{
			0x3CBA3C76069F1D8C, 0x3CC69A30996793E2, 0xBCDDD8432FE756E7, 0xBD143158EEE220F7, 0x3D28D44491230F5A,
			0xBD438842EAF4EDBC, 0x3D74958DAFBFAF5A, 0xBD9449A60E664848, 0x3D838BC8CD594A76, 0xBDFA798002141323,
			0x3E380B4198956AAA, 0x3E5B62B5F21BACD4, 0xBEA255E729FB6AAE, 0xBEC80618F6BAE5AA, 0x3F085B940F8E8D36,
			0x3F2337C7E10E14E8, 0xBF61BE6DB99332CA, 0xBF710A329E2BE9B8, 0x3FAA15D92DFE3FCF, 0x3FA00B9F8571C9BE,
			0xBFD5C7C556F0C19A}},
		{0x4022585C739ACDDD, 0x40213127AE6169B4, 0x3CB479CC068D9046, []uint64{
			0x3CB09CCC22945996, 0xBD43515F67644276, 0xBD72C5B978E9F5C7, 0x3DBEC1151613913C, 0x3DE9E38D13C4A824,
			0xBE341E75E1088EB5, 0xBE5A384EBB13CFE1, 0x3EA2BECB27F8C8F8, 0x3EC176E72B989FD8, 0xBF06F7BAB102F822,
			0xBF1B50D7E1D278E1, 0x3F607A678D60004F, 0x3F63CED2A2E69115, 0xBFA6395DFE49FCD4, 0xBF902B3933CF21B1,
			0x3FD15F993FCEAB5C}},
	},
	far: besselFarF64{
		amp: []uint64{0x40D13DB326ECEBFE, 0xC09C26E89385D5B1, 0x405C6AB923C6F55E, 0xC01E61EAF3BD2FA1,
			0x3FE9BF15D9B97DD1, 0xBFC8BFECF93D7D19, 0x3FC7FFFFF756AA6C, 0x3FF0000000003646},
		phase: []uint64{0xC1943281A050209C, 0x416024E99BA46E7B, 0xC11A6875D7DFBD65, 0x40D032C041790233,
			0xC0839F895BC22946, 0x403E77CC78ECD2D8, 0xC002F368D0117BE9, 0x3FD7BCC786009A25, 0xBFC4FFFFFC51BC7A,
			0x3FD7FFFFFFFFB5EA},
		shift: minusFiveQuarterPiF64,
	},
}

// y0RegularF64Coeffs is Y0's regular part near 0, R0(x) = P(x^2) (x^2 -
// r^2) with r the zero of R0; y1RegularF64Coeffs is Y1's, R1(x) = x
// P(x^2). Both from the highest power down.
var (
	y0RegularF64Coeffs = []uint64{0x3C8EFBD0A1B77C65, 0xBD13098C51C18514, 0x3D923102D2F5F2F5,
		0xBE0A5F2DEE7D526E, 0x3E7BB77E758B38AF, 0xBEE3D1A206EC4F36, 0x3F4183DCD3ED6294,
		0xBF903921CF04F123, 0x3FC5DB69D7753176}
	y1RegularF64Coeffs = []uint64{0x3D5249F90687428C, 0xBDCF0B5B1FB7B95E, 0x3E432E589311FA14,
		0xBEB0A780AA4A92E9, 0x3F12C7DBFFCAEC2B, 0xBF6835B97894BA4A, 0x3FABD3975C75B4A3,
		0xBFC91866143CBC8A}
)

// besselPieceLibdeviceF64 is piece p at a = |x|.
func (e *emitter) besselPieceLibdeviceF64(a ir.Value, p *besselPieceF64) ir.Value {
	d := a
	if p.zeroHi != 0 {
		d = e.fsub(e.fsub(a, e.f64Const(p.zeroHi)), e.f64Const(p.zeroLo))
	}
	return e.fmul(e.hornerBitsF64(p.coeffs, d), d)
}

// besselIntervalsLibdeviceF64 is a function at a = |x| from its
// intervals, a branch each (the first whose bound a does not pass), and
// past them (NaN included) its large-argument form.
func (e *emitter) besselIntervalsLibdeviceF64(a ir.Value, pieces []besselPieceF64, far *besselFarF64) ir.Value {
	if len(pieces) == 0 {
		return e.besselFarLibdeviceF64(a, far)
	}
	p := &pieces[0]
	return e.choose(e.fcmp(llvm.FCmpOLE, a, e.f64Const(p.upTo)), e.f64(),
		func() ir.Value { return e.besselPieceLibdeviceF64(a, p) },
		func() ir.Value { return e.besselIntervalsLibdeviceF64(a, pieces[1:], far) })
}

// besselFarLibdeviceF64 is the large-argument form at a = |x|: with r =
// 1/a (libdevice's refined reciprocal), rsqrt.approx(a) sqrt(2/pi) A(r^2)
// times the cosine of the phase a + r F(r^2) plus the shift. The phase's
// quadrant q and remainder t (__nv_cos's reduction) give the cosine's
// argument t + shift + (q mod 4) pi/2 (the product fused into the sum).
// Infinity gives 0, in a branch around the rest.
func (e *emitter) besselFarLibdeviceF64(a ir.Value, f *besselFarF64) ir.Value {
	f64 := e.f64()
	finite := e.fcmp(llvm.FCmpUNE, a, e.cFloat(f64, math.Inf(1)))
	return e.chooseOrKeep(finite, func() ir.Value {
		r := e.reciprocalLibdeviceF64(a)
		r2 := e.fmul(r, r)
		amp := e.hornerBitsF64(f.amp, r2)
		phase := e.fmaF64(e.hornerBitsF64(f.phase, r2), r, a)
		scale := e.fmul(e.fmul(newGPU(e).unary("rsqrt_approx", a, false), e.f64Const(sqrtTwoOverPiF64)), amp)
		q, t := e.trigReduceLibdeviceF64(phase)
		quarters := e.cast("llvm.uitofp", e.andC(q, 3), f64)
		arg := e.fadd(e.fadd(t, e.f64Const(f.shift)), e.fmul(quarters, e.f64Const(halfPiF64)))
		return e.fmul(scale, e.sinCosLibdeviceF64(arg, true))
	}, e.cFloat(f64, 0))
}

// j0LibdeviceF64 is __nv_j0 of |x|.
func (e *emitter) j0LibdeviceF64(x ir.Value) ir.Value {
	a := e.intrinsic("fabs", e.f64(), x)
	return e.besselIntervalsLibdeviceF64(a, besselJ0F64.pieces, &besselJ0F64.far)
}

// j1LibdeviceF64 is __nv_j1: J1(|x|) with x's sign (negated where x < 0),
// x/2 below 1e-30 (the sign of a zero kept).
func (e *emitter) j1LibdeviceF64(x ir.Value) ir.Value {
	f64 := e.f64()
	a := e.intrinsic("fabs", f64, x)
	r := e.besselIntervalsLibdeviceF64(a, besselJ1F64.pieces, &besselJ1F64.far)
	r = e.selectV(e.fcmp(llvm.FCmpOLT, x, e.cFloat(f64, 0)), e.fneg(r), r)
	return e.selectV(e.fcmp(llvm.FCmpOLT, a, e.f64Const(j1TinyF64)), e.fmul(x, e.cFloat(f64, 0.5)), r)
}

// y0LibdeviceF64 is __nv_y0: up to about 0.797, R0(a) + (2/pi) ln(a)
// J0(a) with a = |x| (J0's first interval; that product fused into the
// sum, R0 computed before ln's branch as in libdevice's code), the
// intervals and large-argument form beyond; NaN for x < 0 (-0 is 0:
// -inf).
func (e *emitter) y0LibdeviceF64(x ir.Value) ir.Value {
	f64 := e.f64()
	a := e.intrinsic("fabs", f64, x)
	r := e.choose(e.fcmp(llvm.FCmpOLE, a, e.f64Const(y0SmallUpToF64)), f64, func() ir.Value {
		a2 := e.fmul(a, a)
		p := e.hornerBitsF64(y0RegularF64Coeffs, a2)
		// a^2 - r^2 in two parts (the product fused into the first).
		d := e.fsub(e.fsub(a2, e.f64Const(y0RegularZeroHiF64)), e.f64Const(y0RegularZeroLoF64))
		reg := e.fmul(p, d)
		lg := e.fmul(e.f64Const(twoOverPiF64), e.logLibdeviceF64(a))
		j := e.besselPieceLibdeviceF64(a, &besselJ0F64.pieces[0])
		return e.fadd(reg, e.fmul(lg, j))
	}, func() ir.Value { return e.besselIntervalsLibdeviceF64(a, besselY0F64.pieces, &besselY0F64.far) })
	return e.selectV(e.fcmp(llvm.FCmpOLT, x, e.cFloat(f64, 0)), e.f64Const(besselNaNF64), r)
}

// y1LibdeviceF64 is __nv_y1: -(2/pi)/a for a = |x| below about 1e-308; up
// to about 1.299, R1(a) + (2/pi) (J1(a) ln(a) - 1/a) (J1's first interval,
// a/2 below 1e-30; both products fused into their sums, R1 computed
// before ln's branch); the intervals and large-argument form beyond;
// -inf at 0 and NaN for x < 0.
func (e *emitter) y1LibdeviceF64(x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	a := e.intrinsic("fabs", f64, x)
	r := e.choose(e.fcmp(llvm.FCmpOLT, a, e.f64Const(y1TinyF64)), f64, func() ir.Value {
		return e.fbin("llvm.fdiv", e.f64Const(twoOverPiF64|negativeF64Bit), a)
	}, func() ir.Value {
		return e.choose(e.fcmp(llvm.FCmpOLE, a, e.f64Const(y1SmallUpToF64)), f64, func() ir.Value {
			a2 := e.fmul(a, a)
			reg := e.fmul(e.hornerBitsF64(y1RegularF64Coeffs, a2), a)
			j := e.besselPieceLibdeviceF64(a, &besselJ1F64.pieces[0])
			j = e.selectV(e.fcmp(llvm.FCmpOLT, a, e.f64Const(j1TinyF64)), e.fmul(a, c(0.5)), j)
			lg := e.logLibdeviceF64(a)
			t := e.fsub(e.fmul(j, lg), e.fbin("llvm.fdiv", c(1), a))
			return e.fadd(reg, e.fmul(e.f64Const(twoOverPiF64), t))
		}, func() ir.Value { return e.besselIntervalsLibdeviceF64(a, besselY1F64.pieces, &besselY1F64.far) })
	})
	r = e.selectV(e.fcmp(llvm.FCmpOLT, x, c(0)), e.f64Const(besselNaNF64), r)
	return e.selectV(e.fcmp(llvm.FCmpOEQ, x, c(0)), c(math.Inf(-1)), r)
}
