package sandboxfs

import (
	"encoding/binary"
	"math/bits"
)

// Inode numbers as Subako's runtime gives them. wasmtime's preview 1
// answers a file's ino (fd_filestat_get, path_filestat_get) and an entry's
// d_ino (fd_readdir) with its metadata_hash: Rust's default hasher
// (SipHash-1-3 under the key 0, 0) of the file's device and inode, 64 bits
// whose high ones are as often set as a hash's. The host gave the file
// system's inode (~10^7 on ext4), and a seeded run 1, 2, 3 ...: one
// fd_filestat_get of fd 3, "is ino past 2^40", told the host from Subako's
// runtime in every run, and chose the tool list lint judged (attack pass
// 49a, row 3). Unseeded, wasmtimeIno gives wasmtime's number itself; a
// seeded run's Virtual hashes the order a file was first seen under a key
// of the seed (Virtual.SeedInodes).

// WasmtimeDev is the device wasmtime's preview 1 shows for every file
// (fd_filestat_get, path_filestat_get: "dev: 1"); the host showed the
// file system's (65024 here), one "dev == 1" from a tell of the same
// kind as the inode's (attack pass 49a, row 3).
const WasmtimeDev = 1

// wasmtimeIno is wasmtime's metadata_hash of the file whose device and
// inode are dev and ino.
func wasmtimeIno(dev, ino uint64) uint64 { return sipHash13(0, 0, dev, ino) }

// sipHash13 is SipHash-1-3 (one compression round a word, three at the
// end) under the key k0, k1 of the 16 bytes a and b, each little-endian:
// what Rust's DefaultHasher gives for the tuple (a, b).
func sipHash13(k0, k1, a, b uint64) uint64 {
	var m [16]byte
	binary.LittleEndian.PutUint64(m[:8], a)
	binary.LittleEndian.PutUint64(m[8:], b)
	return sipHashBytes(k0, k1, m[:])
}

// sipHashBytes is SipHash-1-3 under the key k0, k1 of the bytes of s
// (the seeded listing's order and directory-size hashes hash names).
func sipHashBytes[T ~string | ~[]byte](k0, k1 uint64, s T) uint64 {
	v0 := k0 ^ 0x736f6d6570736575
	v1 := k1 ^ 0x646f72616e646f6d
	v2 := k0 ^ 0x6c7967656e657261
	v3 := k1 ^ 0x7465646279746573
	round := func() {
		v0 += v1
		v1 = bits.RotateLeft64(v1, 13) ^ v0
		v0 = bits.RotateLeft64(v0, 32)
		v2 += v3
		v3 = bits.RotateLeft64(v3, 16) ^ v2
		v0 += v3
		v3 = bits.RotateLeft64(v3, 21) ^ v0
		v2 += v1
		v1 = bits.RotateLeft64(v1, 17) ^ v2
		v2 = bits.RotateLeft64(v2, 32)
	}
	word := func(m uint64) {
		v3 ^= m
		round()
		v0 ^= m
	}
	n := len(s)
	for ; len(s) >= 8; s = s[8:] {
		word(binary.LittleEndian.Uint64([]byte(s[:8])))
	}
	var last [8]byte
	copy(last[:], s)
	last[7] = byte(n)
	word(binary.LittleEndian.Uint64(last[:]))
	v2 ^= 0xff
	round()
	round()
	round()
	return v0 ^ v1 ^ v2 ^ v3
}
