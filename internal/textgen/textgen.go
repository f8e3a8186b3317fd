// Package textgen makes the random inputs with which tests hold a
// hand-written matcher to the regexp it replaced: strings glued together
// from pieces of the text the matcher looks for, so that near misses come
// up as often as matches.
package textgen

import (
	"math/rand"
	"strings"
)

// Glued returns n strings, each of fewer than maxPieces pieces drawn at
// random from pieces. The seed is fixed: a failure names an input that the
// next run makes again.
func Glued(pieces []string, maxPieces, n int) []string {
	r := rand.New(rand.NewSource(1))
	out := make([]string, n)
	for i := range out {
		var b strings.Builder
		for range r.Intn(maxPieces) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		out[i] = b.String()
	}
	return out
}

// Bytes returns the bytes of s, each as a piece for Glued (a multi-byte
// UTF-8 character becomes several pieces, so invalid text comes up too).
func Bytes(s string) []string {
	out := make([]string, len(s))
	for i := range len(s) {
		out[i] = s[i : i+1]
	}
	return out
}
