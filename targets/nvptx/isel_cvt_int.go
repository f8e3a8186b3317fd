package nvptx

import (
	"github.com/ttcompiler/tt/dialects/gpu"
)

// emitCvtIntFloat emits gpu.cvt between integers and floats: one PTX cvt.
// From a float the rounding is to an integral value (.rni, .rzi, .rmi,
// .rpi; cvt clamps to the integer's range and gives 0 for NaN), with .ftz
// on an f32 operand where asked; to a float it is the float rounding
// (.rn, .rz, .rm, .rp).
func (f *fn) emitCvtIntFloat(d, x *value, o gpu.CvtOptions) {
	kind := byte('s')
	if o.Unsigned {
		kind = 'u'
	}
	if ft := ftype(x.typ); ft != "" { // float -> integer
		mods := "." + o.Rounding.String() + "i"
		if o.FTZ {
			mods += ".ftz"
		}
		f.inss("cvt"+mods+"."+cvtInt(kind, d.typ)+"."+ft+" %s, %s", d.reg, f.reg(x))
		return
	}
	f.inss("cvt."+o.Rounding.String()+"."+ftype(d.typ)+"."+cvtInt(kind, x.typ)+" %s, %s", d.reg, f.reg(x))
}
