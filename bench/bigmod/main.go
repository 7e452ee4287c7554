//go:build wasip1

// Command bigmod exists only to be compiled to a large wasip1 module for
// the wasmparse and linter benchmarks (bench/compare, internal/wasmparse/bench_test.go).
// It links a wide slice of the standard library by referring to one symbol
// of each package; running it does almost nothing. The wasip1 build
// constraint keeps it out of host builds (go build/vet/test ./...), which
// would otherwise compile all of these packages for nothing.
//
//	GOOS=wasip1 GOARCH=wasm go build -o big.wasm ./bench/bigmod
package main

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/flate"
	"compress/gzip"
	"compress/lzw"
	"compress/zlib"
	"container/heap"
	"container/list"
	"container/ring"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/des"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/md5"
	"crypto/mlkem"
	"crypto/rand"
	"crypto/rc4"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"crypto/tls"
	"crypto/x509"
	"database/sql"
	"debug/dwarf"
	"debug/elf"
	"debug/gosym"
	"debug/macho"
	"debug/pe"
	"debug/plan9obj"
	"embed"
	"encoding/ascii85"
	"encoding/asn1"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/csv"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"encoding/xml"
	"errors"
	"expvar"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/constant"
	"go/doc"
	"go/format"
	"go/importer"
	"go/parser"
	"go/printer"
	"go/scanner"
	"go/token"
	"go/types"
	"hash/adler32"
	"hash/crc32"
	"hash/crc64"
	"hash/fnv"
	"hash/maphash"
	"html"
	htmltemplate "html/template"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"index/suffixarray"
	"io"
	"io/fs"
	"iter"
	"log"
	"log/slog"
	"maps"
	"math"
	"math/big"
	"math/bits"
	"math/cmplx"
	mathrand "math/rand/v2"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/http/httputil"
	"net/mail"
	"net/netip"
	"net/rpc"
	"net/smtp"
	"net/textproto"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing/fstest"
	textscanner "text/scanner"
	"text/tabwriter"
	"text/template"
	"time"
	"unicode/utf16"
	"unicode/utf8"
	"unique"
)

var _ embed.FS

var sink = []any{
	tar.NewReader, tar.NewWriter, zip.NewReader, zip.NewWriter,
	bufio.NewScanner, bytes.NewBuffer,
	bzip2.NewReader, flate.NewReader, flate.NewWriter, gzip.NewReader, gzip.NewWriter,
	lzw.NewReader, lzw.NewWriter, zlib.NewReader, zlib.NewWriter,
	heap.Init, list.New, ring.New, context.WithCancel,
	aes.NewCipher, cipher.NewGCM, cipher.NewCTR, des.NewTripleDESCipher,
	ecdh.P256, ecdsa.GenerateKey, ecdsa.SignASN1, ecdsa.VerifyASN1,
	ed25519.GenerateKey, ed25519.Sign, elliptic.P384, hmac.New, md5.New,
	mlkem.GenerateKey768, rand.Read, rc4.NewCipher,
	rsa.GenerateKey, rsa.SignPSS, rsa.EncryptOAEP, sha1.New, sha256.New, sha3.New256, sha512.New,
	tls.Dial, tls.Client, tls.Server, tls.LoadX509KeyPair,
	x509.ParseCertificate, x509.CreateCertificate, x509.NewCertPool,
	sql.Open, sql.Register,
	dwarf.New, elf.NewFile, gosym.NewTable, macho.NewFile, pe.NewFile, plan9obj.NewFile,
	ascii85.NewEncoder, asn1.Marshal, asn1.Unmarshal, base32.NewEncoder, base64.NewEncoder,
	binary.Write, binary.Read, csv.NewReader, csv.NewWriter, gob.NewEncoder, gob.NewDecoder,
	hex.Dump, json.Marshal, json.Unmarshal, json.NewDecoder, pem.Decode, xml.Marshal, xml.Unmarshal, xml.NewDecoder,
	errors.Join, expvar.NewMap, flag.NewFlagSet, fmt.Sprintf,
	ast.Inspect, build.Import, constant.MakeFromLiteral, doc.New, format.Source, importer.Default,
	parser.ParseFile, printer.Fprint, scanner.PrintError, token.NewFileSet,
	types.NewPackage, (&types.Config{}).Check, types.Eval,
	adler32.New, crc32.NewIEEE, crc64.New, fnv.New64a, maphash.String,
	html.EscapeString, htmltemplate.New, htmltemplate.HTMLEscapeString,
	image.NewRGBA, color.RGBAModel, palette.Plan9, draw.Draw, draw.FloydSteinberg,
	gif.Decode, gif.EncodeAll, jpeg.Decode, jpeg.Encode, png.Decode, png.Encode,
	suffixarray.New, io.Copy, fs.WalkDir, iter.Pull[int], log.New, slog.New, slog.NewJSONHandler, slog.NewTextHandler,
	maps.Keys[map[string]int], math.Sqrt, big.NewInt, big.NewFloat, big.NewRat, bits.Len, cmplx.Sqrt, mathrand.IntN,
	mime.TypeByExtension, multipart.NewReader, multipart.NewWriter, quotedprintable.NewReader,
	net.Dial, net.Listen, net.ParseIP, http.ListenAndServe, http.Get, http.NewServeMux, http.FileServer,
	cookiejar.New, httptest.NewRecorder, httptest.NewServer, httputil.DumpRequest, httputil.NewSingleHostReverseProxy,
	mail.ParseAddress, netip.ParseAddr, rpc.NewServer, rpc.NewClient, smtp.SendMail, textproto.NewReader, url.Parse,
	os.Open, path.Join, filepath.Walk, reflect.ValueOf, reflect.DeepEqual, regexp.MustCompile,
	slices.Sort[[]int], sort.Strings, strconv.Quote, strings.NewReplacer, new(sync.Mutex),
	fstest.TestFS, new(textscanner.Scanner), tabwriter.NewWriter, template.New, time.Parse,
	utf16.Encode, utf8.RuneLen, unique.Make[string],
}

func main() {
	if len(os.Args) > 1 {
		fmt.Println(len(sink))
	}
}
