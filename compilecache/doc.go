// Package compilecache keeps compiled kernels on disk so that a kernel is
// compiled once per specialization, across processes and machines sharing
// a directory.
//
// # Keys
//
// An entry is addressed by a Key: the SHA-256 of everything that
// determines the artifact, written into a Hasher as named, length-prefixed
// parts (the source text, the specialization, every compile option) on
// top of what identifies the compiler itself: the cache format, tt's
// version and commit, the Go toolchain and, for a build whose commit does
// not pin its code (a modified tree, a test binary), the running
// executable's Go build ID, a hash of its content (or, for a binary
// without one, the SHA-256 of the file). Two different compilers never
// share an entry.
//
// Sources the compiler read besides the ones hashed into the key (a
// Python kernel's sibling modules) are recorded with the entry as Deps,
// path and hash; Get re-hashes them and treats a change as a miss.
//
// # Storage
//
// Entries live under Dir as XX/XXXX… (the key in hex, fanned out by its
// first byte). Each file carries a magic line, the payload's length and
// its SHA-256: a truncated or corrupted entry (a crash mid-write on a
// filesystem without ordered writes, a bad disk, a hand edit) fails the
// check, counts as a miss and is recompiled and replaced, never used.
//
// Put publishes atomically: it writes a temporary file in the entry's
// directory and renames it over the entry. Readers see the old entry,
// the new one, or none; many processes may compile the same kernel and
// publish at once (each rename is whole, and every writer writes the same
// bytes). Rename within one directory is atomic on local filesystems and
// on NFS, so a cache directory may be shared between machines. No lock is
// taken, and no fsync: a torn file after a power loss fails its checksum.
//
// Trim removes entries not used for a while and temporary files left by
// crashed writers; Put runs it at most once a day.
package compilecache
