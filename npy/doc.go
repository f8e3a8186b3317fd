// Package npy reads and writes NumPy .npy files.
//
// # Format
//
// A .npy file is a magic string ("\x93NUMPY"), a format version, a
// little-endian header length, a header that is a Python dict literal, and
// the raw array bytes. Read accepts format versions 1.0, 2.0 and 3.0 (3.0
// only differs by allowing UTF-8 in the header). Write produces version 1.0
// unless the header does not fit in 65535 bytes, then 2.0, and lays the
// header out exactly as NumPy's np.save does (same key order, same growth
// padding, data aligned to 64 bytes), so a round trip through Read and Write
// reproduces a NumPy file byte for byte.
//
// The header parser understands the subset of Python literal syntax that
// NumPy emits and that hand-edited files plausibly contain: dicts, tuples,
// lists, single- or double-quoted strings, integers (including the Python 2
// "L" suffix), True, False and None, with keys in any order, arbitrary
// whitespace and trailing commas. Malformed input yields an error, never a
// panic; FuzzRead checks this.
//
// # Supported arrays
//
// Only C-order (row-major) arrays are supported: a header with
// 'fortran_order': True is rejected with an error, as are structured and
// object dtypes. Shapes may have any rank, including 0-d arrays (shape ()),
// which hold exactly one element, and may contain zero-length axes.
//
// The supported element types are the ones Triton kernels use, listed as
// [DType] constants: bool ('|b1'), int8/16/32/64 ('<i1'...'<i8'),
// uint8/16/32/64 ('<u1'...'<u8'), float16 ('<f2'), float32 ('<f4') and
// float64 ('<f8').
//
// # Byte order
//
// [Array.Data] always holds little-endian bytes, whatever the host. Files
// whose descr is big-endian ('>f4', '>i8', ...) are byte-swapped to
// little-endian while reading, so their values are preserved; the DType then
// reports the little-endian descr and Write emits a little-endian file. The
// native-order marker '=' is treated as little-endian, and the
// not-applicable marker '|' is accepted for one-byte types only.
//
// # bfloat16
//
// NumPy has no bfloat16 dtype. This package follows the common convention of
// storing bfloat16 tensors as their raw 16-bit patterns in a uint16 array
// ('<u2'): build one with [FromSlice] on a []uint16 of bits (see
// [Float32ToBFloat16]) and read values back with [Array.BFloat16Values].
// Files written by np.save from an ml_dtypes.bfloat16 array carry the descr
// '<V2' (a two-byte opaque void type); Read loads those as [Uint16] so the
// same helpers apply. Write always emits '<u2'.
//
// # Half precision
//
// [Float16ToFloat32] and [Float32ToFloat16] convert IEEE 754 binary16 values
// exactly; narrowing rounds to nearest, ties to even, overflows to infinity
// and keeps NaN payloads where they fit.
package npy
