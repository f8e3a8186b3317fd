package npy

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"strings"
)

// arrayAlign is the alignment NumPy gives the start of the array data.
const arrayAlign = 64

// Write encodes a as a .npy file (format 1.0, or 2.0 when the header needs
// more than 65535 bytes), with the header laid out as np.save lays it out.
func Write(w io.Writer, a Array) error {
	if err := a.Validate(); err != nil {
		return err
	}
	hdr, err := encodeHeader(a.DType, a.Shape)
	if err != nil {
		return err
	}
	if _, err := w.Write(hdr); err != nil {
		return err
	}
	_, err = w.Write(a.Data)
	return err
}

// encodeHeader returns magic, version, header length and the padded header.
func encodeHeader(dtype DType, shape []int) ([]byte, error) {
	text := formatHeader(dtype, shape)
	// Version 1.0 has a 2-byte length field, 2.0 a 4-byte one.
	for _, v := range []struct {
		major   byte
		lenSize int
		max     uint64
	}{{1, 2, 0xffff}, {2, 4, 0xffffffff}} {
		prefix := len(magic) + 2 + v.lenSize
		hlen := len(text) + 1 // final newline
		pad := arrayAlign - (prefix+hlen)%arrayAlign
		total := hlen + pad
		if uint64(total) > v.max {
			continue
		}
		out := make([]byte, 0, prefix+total)
		out = append(out, magic...)
		out = append(out, v.major, 0)
		if v.lenSize == 2 {
			out = binary.LittleEndian.AppendUint16(out, uint16(total))
		} else {
			out = binary.LittleEndian.AppendUint32(out, uint32(total))
		}
		out = append(out, text...)
		out = append(out, strings.Repeat(" ", pad)...)
		return append(out, '\n'), nil
	}
	return nil, fmt.Errorf("npy: header of %d bytes does not fit any format version", len(text))
}

// WriteFile writes a to path as a .npy file, replacing any existing file.
func WriteFile(path string, a Array) error {
	if err := a.Validate(); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	err = Write(bw, a)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
