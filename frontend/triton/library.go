package triton

import (
	"embed"
	"math/big"
	"strings"
)

// The triton and triton.language namespaces a kernel file imports: the
// builtins implemented here in Go (core, math, libdevice) and the
// library of @jit functions (standard, random) written in Python in
// prelude/ and compiled like user code, so that tl.sum, tl.softmax,
// tl.rand ... become specialized private functions that the TTIR
// pipeline inlines, exactly as in Triton.

//go:embed prelude/*.py
var preludeFS embed.FS

// preludeModules maps module names to the embedded files.
var preludeModules = map[string]string{
	"triton.language.standard": "prelude/standard.py",
	"triton.language.random":   "prelude/random.py",
}

var standardNames = []string{"argmax", "argmin", "bitonic_merge", "cdiv", "cumprod", "cumsum", "flip", "interleave",
	"max", "min", "ravel", "reduce_or", "sigmoid", "softmax", "sort", "sum", "swizzle2d", "topk", "xor_sum", "zeros",
	"zeros_like"}

var randomNames = []string{"pair_uniform_to_normal", "philox", "philox_impl", "rand", "rand4x", "randint",
	"randint4x", "randn", "randn4x", "uint_to_uniform_float"}

// tensorMethodNames lists the members Triton adds to tl.tensor
// (_tensor_member_fn) that come from the @jit library.
var tensorJITMethods = []string{"cdiv", "sigmoid", "softmax", "ravel", "max", "argmax", "min", "argmin", "sum",
	"xor_sum", "reduce_or", "cumsum", "cumprod", "flip"}

// library holds the namespaces of one compilation.
type library struct {
	l                             *loader
	triton, tl, core, math, extra *Namespace
	cuda, hip                     *Namespace
	// libdeviceCUDA and libdeviceHIP are the backends' libdevice
	// modules; tl.extra.libdevice is the target's (libdevice).
	libdeviceCUDA, libdeviceHIP *Namespace
	methods                     map[string]Object
	descMethods                 map[string]Object
	modules                     map[string]*SourceModule
	classes                     map[string]*Class
}

func newLibrary(l *loader) *library {
	lib := &library{l: l, modules: map[string]*SourceModule{}}
	lib.classes = languageClasses()
	lib.core = &Namespace{Name: "triton.language.core", Members: map[string]Object{}}
	lib.math = &Namespace{Name: "triton.language.math", Members: map[string]Object{}}
	lib.libdeviceCUDA = libdeviceNamespace("triton.language.extra.cuda.libdevice", cudaLibdevice)
	lib.libdeviceHIP = libdeviceNamespace("triton.language.extra.hip.libdevice", hipLibdevice)
	for _, b := range coreBuiltins() {
		lib.core.Members[b.Name] = b
	}
	for _, b := range mathBuiltins() {
		lib.math.Members[b.Name] = b
		lib.core.Members[b.Name] = b
	}
	for name, t := range dtypeNames() {
		lib.core.Members[name] = t
	}
	for name, c := range lib.classes {
		lib.core.Members[name] = c
	}
	lib.core.Members["TRITON_MAX_TENSOR_NUMEL"] = big.NewInt(maxTensorNumel)
	lib.core.Members["CONSTEXPR_0"] = &ConstexprBox{V: big.NewInt(0)}
	lib.core.Members["constexpr_function"] = &Builtin{Name: "constexpr_function"}
	lib.core.Members["get_int_dtype"] = &Builtin{Name: "get_int_dtype", Host: hostGetIntDType}
	lib.cuda = &Namespace{Name: "triton.language.extra.cuda", Members: map[string]Object{
		"libdevice": lib.libdeviceCUDA,
	}}
	for _, b := range cudaBuiltins() {
		lib.cuda.Members[b.Name] = b
	}
	lib.hip = &Namespace{Name: "triton.language.extra.hip", Members: map[string]Object{"libdevice": lib.libdeviceHIP}}
	for _, b := range hipBuiltins() {
		lib.hip.Members[b.Name] = b
	}
	lib.extra = &Namespace{Name: "triton.language.extra", Members: map[string]Object{"cuda": lib.cuda, "hip": lib.hip},
		Resolve: func(name string) (Object, bool) {
			if name == "libdevice" {
				return lib.libdevice(), true
			}
			return nil, false
		}}
	lib.tl = &Namespace{Name: "triton.language", Members: map[string]Object{
		"math": lib.math, "extra": lib.extra, "core": lib.core,
	}, Resolve: func(name string) (Object, bool) {
		if v, ok := lib.core.Members[name]; ok && !strings.HasPrefix(name, "_") {
			return v, true
		}
		switch name {
		case "standard":
			return lib.moduleNS("triton.language.standard")
		case "random":
			return lib.moduleNS("triton.language.random")
		}
		for _, n := range standardNames {
			if n == name {
				return lib.preludeMember("triton.language.standard", name)
			}
		}
		for _, n := range randomNames {
			if n == name {
				return lib.preludeMember("triton.language.random", name)
			}
		}
		return nil, false
	}}
	jit := &Builtin{Name: "jit"}
	// The tuning decorators are read from the kernel's source (autotune.go);
	// evaluated at module level they only wrap the function.
	decorator := func(name string) *Builtin {
		return &Builtin{Name: name, Host: func([]Object, []kwArg) (Object, error) {
			return &Opaque{What: "a decorator"}, nil
		}}
	}
	lib.triton = &Namespace{Name: "triton", Members: map[string]Object{
		"jit": jit, "language": lib.tl, "autotune": decorator("autotune"), "heuristics": decorator("heuristics"),
		"Config":             &Class{Name: "Config", Host: newConfigObj, IsInstance: func(o Object) bool { _, ok := unwrap(o).(*ConfigObj); return ok }},
		"runtime":            runtimeNamespace(l),
		"constexpr_function": lib.core.Members["constexpr_function"],
		"cdiv": &Builtin{Name: "cdiv", Host: func(args []Object, _ []kwArg) (Object, error) {
			if len(args) != 2 {
				return nil, typeErrorf("cdiv() takes 2 arguments")
			}
			s, err := pyBinary("+", args[0], args[1])
			if err != nil {
				return nil, err
			}
			s, err = pyBinary("-", s, big.NewInt(1))
			if err != nil {
				return nil, err
			}
			return pyBinary("//", s, args[1])
		}},
		"next_power_of_2": &Builtin{Name: "next_power_of_2", Host: func(args []Object, _ []kwArg) (Object, error) {
			if len(args) != 1 {
				return nil, typeErrorf("next_power_of_2() takes 1 argument")
			}
			n, ok := intValue(args[0])
			if !ok {
				return nil, typeErrorf("next_power_of_2() expects an int")
			}
			p := int64(1)
			for p < n {
				p <<= 1
			}
			return big.NewInt(p), nil
		}},
	}, Resolve: func(name string) (Object, bool) {
		return &Namespace{Name: "triton." + name, Host: true, Members: map[string]Object{}}, true
	}}
	return lib
}

// maxTensorNumel is TRITON_MAX_TENSOR_NUMEL.
const maxTensorNumel = 1048576

// module resolves `import name` for Triton's own modules.
func (lib *library) module(name string) (Object, bool) {
	switch name {
	case "triton":
		return lib.triton, true
	case "triton.language", "triton.language.core":
		if name == "triton.language" {
			return lib.tl, true
		}
		return lib.core, true
	case "triton.language.math":
		return lib.math, true
	case "triton.language.extra":
		return lib.extra, true
	case "triton.language.extra.cuda":
		return lib.cuda, true
	case "triton.language.extra.hip":
		return lib.hip, true
	case "triton.language.extra.cuda.libdevice":
		return lib.libdeviceCUDA, true
	case "triton.language.extra.hip.libdevice":
		return lib.libdeviceHIP, true
	case "triton.language.extra.libdevice", "triton.language.math.libdevice":
		return lib.libdevice(), true
	case "triton.language.standard", "triton.language.random":
		return lib.moduleNS(name)
	}
	if strings.HasPrefix(name, "triton.") {
		return &Namespace{Name: name, Host: true, Members: map[string]Object{}}, true
	}
	return nil, false
}

// libdevice is tl.extra.libdevice: the libdevice module of the target's
// backend, as Triton's code generator maps it (its backends'
// get_module_map): CUDA's __nv_ functions, or on AMD the HIP module's
// OCML ones (__ocml_erfinv_f32), which has fewer functions.
func (lib *library) libdevice() *Namespace {
	if lib.l.target.Backend == "hip" {
		return lib.libdeviceHIP
	}
	return lib.libdeviceCUDA
}

// prelude loads one of the library's Python modules.
func (lib *library) prelude(name string) (*SourceModule, bool) {
	if m, ok := lib.modules[name]; ok {
		return m, true
	}
	file, ok := preludeModules[name]
	if !ok {
		return nil, false
	}
	data, err := preludeFS.ReadFile(file)
	if err != nil {
		return nil, false
	}
	path := "triton/language/" + strings.TrimPrefix(file, "prelude/")
	m, err := lib.l.loadSource(path, name, string(data))
	if err != nil {
		panic("the Triton library in frontend/triton/prelude does not load: " + err.Error())
	}
	lib.modules[name] = m
	return m, true
}

func (lib *library) moduleNS(name string) (Object, bool) {
	m, ok := lib.prelude(name)
	if !ok {
		return nil, false
	}
	return moduleNamespace(m), true
}

func (lib *library) preludeMember(module, name string) (Object, bool) {
	m, ok := lib.prelude(module)
	if !ok {
		return nil, false
	}
	return m.Globals.get(name)
}

// tensorMethod resolves a member function of tl.tensor.
func (lib *library) tensorMethod(name string) (Object, bool) {
	if lib.methods == nil {
		lib.methods = map[string]Object{}
		for _, n := range []string{"broadcast_to", "trans", "permute", "split", "view", "item", "reshape", "expand_dims",
			"cast", "store", "advance", "atomic_cas", "atomic_xchg", "atomic_add", "atomic_max", "atomic_min",
			"atomic_and", "atomic_or", "atomic_xor", "reduce", "associative_scan", "histogram", "gather"} {
			lib.methods[n] = lib.core.Members[n]
		}
		for _, n := range []string{"exp", "exp2", "log", "log2", "cos", "sin", "sqrt", "sqrt_rn", "rsqrt", "abs", "erf",
			"floor", "ceil"} {
			lib.methods[n] = lib.math.Members[n]
		}
		lib.methods["to"] = lib.core.Members["cast"]
		lib.methods["logical_and"] = lib.core.Members["_logical_and"]
		lib.methods["logical_or"] = lib.core.Members["_logical_or"]
	}
	if m, ok := lib.methods[name]; ok && m != nil {
		return m, true
	}
	for _, n := range tensorJITMethods {
		if n == name {
			return lib.preludeMember("triton.language.standard", name)
		}
	}
	return nil, false
}

// descMethod resolves a member function of a tensor descriptor.
func (lib *library) descMethod(name string) (Object, bool) {
	if lib.descMethods == nil {
		lib.descMethods = descriptorMethods()
	}
	m, ok := lib.descMethods[name]
	return m, ok
}

// dtypeNames are the dtype objects of triton.language.
func dtypeNames() map[string]*DType {
	return map[string]*DType{
		"void": Void, "int1": Int1, "int8": Int8, "int16": Int16, "int32": Int32, "int64": Int64,
		"uint8": UInt8, "uint16": UInt16, "uint32": UInt32, "uint64": UInt64,
		"float8e5": FP8E5, "float8e5b16": FP8E5B16, "float8e4nv": FP8E4NV, "float8e4b8": FP8E4B8,
		"float8e4b15": FP8E4B15, "float16": FP16, "bfloat16": BF16, "float32": FP32, "float64": FP64,
		"pi32_t": PointerTo(Int32, 1, false),
	}
}

func hostGetIntDType(args []Object, kws []kwArg) (Object, error) {
	var bits, signed Object
	if len(args) > 0 {
		bits = args[0]
	}
	if len(args) > 1 {
		signed = args[1]
	}
	for _, k := range kws {
		switch k.Name {
		case "bitwidth":
			bits = k.Value
		case "signed":
			signed = k.Value
		}
	}
	n, ok := intValue(bits)
	s, ok2 := truthy(signed)
	if !ok || !ok2 {
		return nil, typeErrorf("get_int_dtype(bitwidth, signed) expects an int and a bool")
	}
	return IntDType(int(n), s)
}

// dtypeAttr resolves attributes and methods of a dtype.
func dtypeAttr(t *DType, name string) (Object, bool) {
	pred := func(f func() bool) Object {
		return &Builtin{Name: name, Host: func([]Object, []kwArg) (Object, error) { return f(), nil }}
	}
	switch name {
	case "name":
		return t.String(), true
	case "primitive_bitwidth":
		return big.NewInt(int64(t.PrimitiveBitwidth())), true
	case "int_bitwidth":
		if t.IsInt() {
			return big.NewInt(int64(t.IntBitwidth())), true
		}
	case "itemsize":
		return big.NewInt(int64(t.PrimitiveBitwidth() / 8)), true
	case "fp_mantissa_width":
		if t.IsFloating() {
			return big.NewInt(int64(t.MantissaWidth())), true
		}
	case "element_ty":
		if t.IsPtr() || t.IsBlock() {
			return t.elem, true
		}
	case "scalar":
		return t.Scalar(), true
	case "shape":
		if t.IsBlock() {
			out := &Tuple{}
			for _, d := range t.shape {
				out.Values = append(out.Values, big.NewInt(d))
			}
			return out, true
		}
	case "numel":
		if t.IsBlock() {
			return big.NewInt(t.Numel()), true
		}
	case "address_space":
		if t.IsPtr() {
			return big.NewInt(int64(t.addrSpace)), true
		}
	case "cache_key_part":
		return t.String(), true
	case "is_ptr":
		return pred(t.IsPtr), true
	case "is_block":
		return pred(t.IsBlock), true
	case "is_const":
		return pred(t.IsConst), true
	case "is_void":
		return pred(t.IsVoid), true
	case "is_floating":
		return pred(t.IsFloating), true
	case "is_standard_floating":
		return pred(t.IsStandardFloating), true
	case "is_int":
		return pred(t.IsInt), true
	case "is_int_signed":
		return pred(t.IsIntSigned), true
	case "is_int_unsigned":
		return pred(t.IsIntUnsigned), true
	case "is_bool":
		return pred(t.IsBool), true
	case "is_fp8":
		return pred(t.IsFP8), true
	case "is_fp16":
		return pred(t.IsFP16), true
	case "is_bf16":
		return pred(t.IsBF16), true
	case "is_fp32":
		return pred(t.IsFP32), true
	case "is_fp64":
		return pred(t.IsFP64), true
	case "with_element_ty":
		return &Builtin{Name: name, Host: func(args []Object, _ []kwArg) (Object, error) {
			if len(args) != 1 {
				return nil, typeErrorf("with_element_ty() takes 1 argument")
			}
			e, ok := unwrap(args[0]).(*DType)
			if !ok {
				return nil, typeErrorf("with_element_ty() expects a dtype")
			}
			return t.WithElement(e), nil
		}}, true
	case "get_int_max_value", "get_int_min_value":
		return &Builtin{Name: name, Host: func([]Object, []kwArg) (Object, error) {
			if !t.IsInt() {
				return nil, valueErrorf("%s is not an integer type", t)
			}
			w := uint(t.IntBitwidth())
			one := big.NewInt(1)
			switch {
			case name == "get_int_max_value" && t.IsIntSigned():
				return new(big.Int).Sub(new(big.Int).Lsh(one, w-1), one), nil
			case name == "get_int_max_value":
				return new(big.Int).Sub(new(big.Int).Lsh(one, w), one), nil
			case t.IsIntSigned():
				return new(big.Int).Neg(new(big.Int).Lsh(one, w-1)), nil
			}
			return big.NewInt(0), nil
		}}, true
	}
	if strings.HasPrefix(name, "is_") {
		n := strings.TrimPrefix(name, "is_")
		switch n {
		case "int1", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
			"fp8e4nv", "fp8e4b8", "fp8e4b15", "fp8e5", "fp8e5b16":
			return pred(func() bool { return t.name == n && !t.IsPtr() && !t.IsBlock() }), true
		}
	}
	return nil, false
}

// languageClasses are the classes of triton.language a kernel may name.
func languageClasses() map[string]*Class {
	isTensor := func(o Object) bool { _, ok := unwrap(o).(*Tensor); return ok }
	return map[string]*Class{
		"constexpr": {Name: "constexpr",
			Call: func(g *gen, c *callArgs) Object {
				v := c.bind(g, "value")
				return unwrap(v[0])
			},
			Host: func(args []Object, _ []kwArg) (Object, error) {
				if len(args) != 1 {
					return nil, typeErrorf("constexpr() takes 1 argument")
				}
				return &ConstexprBox{V: unwrap(args[0])}, nil
			}},
		"constexpr_type": {Name: "constexpr_type",
			IsInstance: func(o Object) bool { _, ok := unwrap(o).(*ConstexprType); return ok },
			Call: func(g *gen, c *callArgs) Object {
				return &ConstexprType{Value: unwrap(c.bind(g, "value")[0])}
			},
			Host: func(args []Object, _ []kwArg) (Object, error) {
				if len(args) != 1 {
					return nil, typeErrorf("constexpr_type() takes 1 argument")
				}
				return &ConstexprType{Value: unwrap(args[0])}, nil
			}},
		"tensor": {Name: "tensor", IsInstance: isTensor},
		"tensor_descriptor": {Name: "tensor_descriptor", IsInstance: func(o Object) bool {
			d, ok := unwrap(o).(*Desc)
			return ok && d.T.Shape != nil
		}},
		"tensor_descriptor_base": {Name: "tensor_descriptor_base", IsInstance: func(o Object) bool {
			_, ok := unwrap(o).(*Desc)
			return ok
		}},
		"tuple": {Name: "tuple", IsInstance: func(o Object) bool { _, ok := unwrap(o).(*Tuple); return ok },
			Call: func(g *gen, c *callArgs) Object {
				v := c.bind(g, "args")
				t, ok := unwrap(v[0]).(*Tuple)
				if !ok {
					g.failCur("TypeError: tuple() expects a sequence")
				}
				return &Tuple{Values: append([]Object(nil), t.Values...)}
			}},
		"dtype": {Name: "dtype", IsInstance: func(o Object) bool { _, ok := unwrap(o).(*DType); return ok },
			Host: func(args []Object, _ []kwArg) (Object, error) {
				if len(args) != 1 {
					return nil, typeErrorf("dtype() takes 1 argument")
				}
				n, ok := unwrap(args[0]).(string)
				if !ok || scalars[n] == nil {
					return nil, valueErrorf("unknown dtype %s", str(args[0]))
				}
				return scalars[n], nil
			}},
		"pointer_type": {Name: "pointer_type", IsInstance: func(o Object) bool { d, ok := unwrap(o).(*DType); return ok && d.IsPtr() },
			Host: func(args []Object, kws []kwArg) (Object, error) {
				if len(args) < 1 {
					return nil, typeErrorf("pointer_type() needs an element type")
				}
				e, ok := unwrap(args[0]).(*DType)
				if !ok {
					return nil, typeErrorf("element_ty has type `%s`; expected `dtype`.", typeName(args[0]))
				}
				as := int64(1)
				if len(args) > 1 {
					as, _ = intValue(args[1])
				}
				isConst := false
				for _, k := range kws {
					switch k.Name {
					case "address_space":
						as, _ = intValue(k.Value)
					case "const":
						isConst, _ = truthy(k.Value)
					}
				}
				return PointerTo(e, int(as), isConst), nil
			}},
		"block_type": {Name: "block_type", IsInstance: func(o Object) bool { d, ok := unwrap(o).(*DType); return ok && d.IsBlock() },
			Host: func(args []Object, _ []kwArg) (Object, error) {
				if len(args) != 2 {
					return nil, typeErrorf("block_type(element_ty, shape)")
				}
				e, ok := unwrap(args[0]).(*DType)
				t, ok2 := unwrap(args[1]).(*Tuple)
				if !ok || !ok2 {
					return nil, typeErrorf("block_type(element_ty, shape)")
				}
				var shape []int64
				for _, d := range t.Values {
					v, ok := intValue(d)
					if !ok {
						return nil, typeErrorf("shape elements must be ints")
					}
					shape = append(shape, v)
				}
				return BlockOf(e, shape), nil
			}},
		"range":        {Name: "tl.range"},
		"static_range": {Name: "static_range"},
		"condition": {Name: "condition", Call: func(g *gen, c *callArgs) Object {
			v := c.bind(g, "arg1", "disable_licm=")
			dl := false
			if v[1] != nil {
				dl, _ = truthy(v[1])
			}
			return &conditionObj{cond: v[0], disableLICM: dl}
		}},
		"PropagateNan": {Name: "PropagateNan", Attrs: map[string]Object{
			"NONE": &EnumVal{Enum: "PropagateNan", Name: "NONE", Value: 0},
			"ALL":  &EnumVal{Enum: "PropagateNan", Name: "ALL", Value: 0xFFFF},
		}},
		"const": {Name: "const"},
		"slice": {Name: "slice", IsInstance: func(o Object) bool { _, ok := unwrap(o).(*SliceObj); return ok }},
	}
}

// kernelBuiltin returns the Python builtins kernels may call.
func kernelBuiltin(name string) (Object, bool) {
	switch name {
	case "len":
		return staticLen, true
	case "int":
		return staticInt, true
	case "print":
		return deviceprintBuiltin, true
	case "min":
		return builtinMin, true
	case "max":
		return builtinMax, true
	case "isinstance":
		return kernelIsinstance, true
	case "getattr":
		return kernelGetattr, true
	case "hasattr":
		return kernelHasattr, true
	}
	return pyBuiltin(name)
}

// isinstance, getattr and hasattr inside kernels see tensors as Python
// does (Triton passes its objects to these builtins unchanged).
var (
	kernelIsinstance = kb("isinstance", func(g *gen, c *callArgs) Object {
		v := c.bind(g, "obj", "cls")
		r, err := isInstance(v[0], v[1])
		g.check(err)
		return r
	})
	kernelGetattr = kb("getattr", func(g *gen, c *callArgs) Object {
		v := c.bind(g, "obj", "name", "default=")
		name, ok := unwrap(v[1]).(string)
		if !ok {
			g.failCur("TypeError: getattr(): attribute name must be string")
		}
		if r, ok := g.tryAttribute(v[0], name); ok {
			return r
		}
		if v[2] != nil {
			return v[2]
		}
		return g.attribute(v[0], name)
	})
	kernelHasattr = kb("hasattr", func(g *gen, c *callArgs) Object {
		v := c.bind(g, "obj", "name")
		name, ok := unwrap(v[1]).(string)
		if !ok {
			g.failCur("TypeError: hasattr(): attribute name must be string")
		}
		_, found := g.tryAttribute(v[0], name)
		return found
	})
)
