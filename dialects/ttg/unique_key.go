package ttg

import "strconv"

// The unique keys of the package's attributes and types spell out their
// parameters. Layouts are built, and so keyed, all the time (most of them
// exist already), so the keys are written with strconv: fmt.Sprint made
// keying cost more than the lookup it serves. Each number is written
// after a space and each list as its length and elements in brackets, so
// that a key determines the parameters it was written from.

// keyWriter accumulates a unique key.
type keyWriter []byte

func newKey() keyWriter { return make(keyWriter, 0, 64) }

func (k keyWriter) int(v int) keyWriter { return strconv.AppendInt(append(k, ' '), int64(v), 10) }

func (k keyWriter) bool(v bool) keyWriter { return strconv.AppendBool(append(k, ' '), v) }

func (k keyWriter) ints(vs []int) keyWriter { return appendKeyList(k, vs) }

func (k keyWriter) int64s(vs []int64) keyWriter { return appendKeyList(k, vs) }

// bases writes a list of basis vectors (a linear layout's, or a CGA's).
func (k keyWriter) bases(bs [][]int32) keyWriter {
	k = strconv.AppendInt(append(k, '['), int64(len(bs)), 10)
	for _, b := range bs {
		k = appendKeyList(k, b)
	}
	return append(k, ']')
}

func (k keyWriter) cga(c CGALayout) keyWriter { return k.int(c.Rank).bases(c.Bases) }

func (k keyWriter) String() string { return string(k) }

func appendKeyList[T int | int32 | int64](k keyWriter, vs []T) keyWriter {
	k = strconv.AppendInt(append(k, '['), int64(len(vs)), 10)
	for _, v := range vs {
		k = strconv.AppendInt(append(k, ' '), int64(v), 10)
	}
	return append(k, ']')
}
