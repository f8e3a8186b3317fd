package npy

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// magic is the prefix of every .npy file.
const magic = "\x93NUMPY"

// maxHeaderLen bounds the header size Read accepts, so a corrupt length
// field cannot trigger a huge allocation. NumPy's own default limit is
// 10000 bytes.
const maxHeaderLen = 1 << 20

// readChunk is the most Read allocates ahead of the data actually present,
// so a header announcing a huge shape over a short stream fails cheaply.
const readChunk = 1 << 20

// Read decodes one .npy array from r. It consumes exactly the bytes of that
// array, so several arrays written back to back can be read in sequence.
func Read(r io.Reader) (Array, error) {
	var pre [8]byte
	if _, err := io.ReadFull(r, pre[:]); err != nil {
		return Array{}, fmt.Errorf("npy: reading magic: %w", noEOF(err))
	}
	if string(pre[:6]) != magic {
		return Array{}, errors.New("npy: not a .npy file (bad magic)")
	}
	major, minor := pre[6], pre[7]
	var hlen uint64
	switch major {
	case 1:
		var b [2]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return Array{}, fmt.Errorf("npy: reading header length: %w", noEOF(err))
		}
		hlen = uint64(binary.LittleEndian.Uint16(b[:]))
	case 2, 3:
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return Array{}, fmt.Errorf("npy: reading header length: %w", noEOF(err))
		}
		hlen = uint64(binary.LittleEndian.Uint32(b[:]))
	default:
		return Array{}, fmt.Errorf("npy: unsupported format version %d.%d", major, minor)
	}
	if hlen > maxHeaderLen {
		return Array{}, fmt.Errorf("npy: header length %d exceeds limit %d", hlen, maxHeaderLen)
	}
	hbuf := make([]byte, hlen)
	if _, err := io.ReadFull(r, hbuf); err != nil {
		return Array{}, fmt.Errorf("npy: reading header: %w", noEOF(err))
	}
	if major == 3 && !utf8.Valid(hbuf) {
		return Array{}, errors.New("npy: version 3.0 header is not valid UTF-8")
	}
	h, err := parseHeader(string(hbuf))
	if err != nil {
		return Array{}, err
	}
	n, err := numBytes(h.dtype, h.shape)
	if err != nil {
		return Array{}, err
	}
	data, err := readData(r, n)
	if err != nil {
		return Array{}, fmt.Errorf("npy: reading %d data bytes for %s%s: %w", n, h.dtype, shapeString(h.shape), noEOF(err))
	}
	if h.bigEndian {
		swapBytes(data, h.dtype.Size())
	}
	return Array{DType: h.dtype, Shape: h.shape, Data: data}, nil
}

// readData reads exactly n bytes. The buffer starts at readChunk at most
// and doubles as data arrives, so memory tracks the input actually present.
func readData(r io.Reader, n int) ([]byte, error) {
	buf := make([]byte, min(n, readChunk))
	have := 0
	for {
		m, err := io.ReadFull(r, buf[have:])
		have += m
		if err != nil {
			return nil, err
		}
		if have == n {
			return buf, nil
		}
		buf = append(buf, make([]byte, min(n-have, len(buf)))...)
	}
}

// noEOF reports a clean EOF inside a file as truncation.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// ReadFile reads the first array of the .npy file at path.
func ReadFile(path string) (Array, error) {
	f, err := os.Open(path)
	if err != nil {
		return Array{}, err
	}
	defer f.Close()
	a, err := Read(bufio.NewReader(f))
	if err != nil {
		return Array{}, fmt.Errorf("%s: %w", path, err)
	}
	return a, nil
}
