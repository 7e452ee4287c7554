#!/usr/bin/env bash
# Rebuilds every .wasm in testdata/toolchain/ from the sources in src/.
#
# Usage: testdata/toolchain/build.sh [GROUP...]
#   GROUP is one of: c free emcc as rust component (default: all of them, in that order).
#   Set VERIFY=0 to skip the wasm-validate pass at the end.
#
# This script installs nothing. It needs (Debian 12 package names, npm packages under $NPMTOOLS):
#   c, free:   clang (14.0.6), clang-19 (19.1.7), lld, lld-19, wasi-libc (0.0~git20220510),
#              libclang-rt-14-dev-wasm32, libclang-rt-19-dev-wasm32
#   emcc:      emscripten (3.1.6) and node (NODE_PATH=/usr/share/nodejs is set here)
#   as:        npm assemblyscript@0.28.20 and @assemblyscript/wasi-shim@0.1.0 in $NPMTOOLS/node_modules
#   rust:      rustc (1.63) and libstd-rust-dev-wasm32; /usr/bin/rustc is called explicitly, because a
#              rustup toolchain earlier on PATH usually has no wasm32 std
#   component: npm @bytecodealliance/jco@1.35.0 ($JCO, else $NPMTOOLS/node_modules/.bin/jco or
#              $NPMTOOLS/jco/node_modules/.bin/jco); it wraps c-clang14.wasm, so build "c" first
#   verify:    wabt (wasm-validate, 1.0.32)
# NPMTOOLS defaults to /tmp/npmtools (npm packages must stay outside the repository).
#
# The clang drivers run any wasm-opt found on PATH after an optimised link (binaryen 108 comes in
# with emscripten). To keep the clang outputs independent of that, clang runs with a PATH that
# holds only clang and wasm-ld. The GOOS=js and GOOS=wasip1 Go builds are not made here: the
# tests build them at test time (the GOOS=js binary is about 2.6 MB even with -ldflags='-s -w').
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$HERE/src
OUT=$HERE
NPMTOOLS=${NPMTOOLS:-/tmp/npmtools}
RUSTC=${RUSTC:-/usr/bin/rustc}

GROUPS_ALL=(c free emcc as rust component)
if [ $# -eq 0 ]; then set -- "${GROUPS_ALL[@]}"; fi

die() { echo "build.sh: $*" >&2; exit 1; }

missing=()
need_cmd() { command -v "$1" >/dev/null 2>&1 || missing+=("$1 ($2)"); }
need_file() { [ -e "$1" ] || missing+=("$1 ($2)"); }

find_jco() {
	if [ -n "${JCO:-}" ]; then echo "$JCO"; return; fi
	for j in "$NPMTOOLS/node_modules/.bin/jco" "$NPMTOOLS/jco/node_modules/.bin/jco"; do
		if [ -x "$j" ]; then echo "$j"; return; fi
	done
	echo "$NPMTOOLS/node_modules/.bin/jco"
}

for g in "$@"; do
	case $g in
	c | free)
		need_cmd clang "Debian clang 14"
		need_cmd clang-19 "Debian clang-19"
		need_cmd wasm-ld "Debian lld"
		need_cmd wasm-ld-19 "Debian lld-19"
		need_file /usr/lib/wasm32-wasi/crt1-command.o "Debian wasi-libc"
		need_file /usr/lib/llvm-14/lib/clang/14.0.6/lib/wasi/libclang_rt.builtins-wasm32.a "Debian libclang-rt-14-dev-wasm32"
		need_file /usr/lib/llvm-19/lib/clang/19/lib/wasi/libclang_rt.builtins-wasm32.a "Debian libclang-rt-19-dev-wasm32"
		;;
	emcc)
		need_cmd emcc "Debian emscripten"
		need_cmd node "node"
		;;
	as)
		need_cmd node "node"
		need_file "$NPMTOOLS/node_modules/.bin/asc" "npm assemblyscript@0.28.20 in \$NPMTOOLS"
		need_file "$NPMTOOLS/node_modules/@assemblyscript/wasi-shim/asconfig.json" "npm @assemblyscript/wasi-shim@0.1.0 in \$NPMTOOLS"
		;;
	rust)
		need_file "$RUSTC" "Debian rustc"
		need_file /usr/lib/rustlib/wasm32-wasi "Debian libstd-rust-dev-wasm32"
		need_file /usr/lib/rustlib/wasm32-unknown-unknown "Debian libstd-rust-dev-wasm32"
		;;
	component)
		need_cmd node "node"
		need_file "$(find_jco)" "npm @bytecodealliance/jco@1.35.0 (or set JCO)"
		;;
	*) die "unknown group '$g' (groups: ${GROUPS_ALL[*]})" ;;
	esac
done
if [ "${VERIFY:-1}" != 0 ]; then need_cmd wasm-validate "Debian wabt"; fi
if [ ${#missing[@]} -gt 0 ]; then
	echo "build.sh: missing tools:" >&2
	printf '  %s\n' "${missing[@]}" | sort -u >&2
	exit 1
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# A PATH with clang and wasm-ld only, so that the clang driver does not find wasm-opt.
CLANGBIN=$TMP/clangbin
mkdir -p "$CLANGBIN"
for t in clang clang-19 wasm-ld wasm-ld-14 wasm-ld-19; do
	if command -v "$t" >/dev/null 2>&1; then ln -s "$(command -v "$t")" "$CLANGBIN/$t"; fi
done
clang14() { PATH=$CLANGBIN clang "$@"; }
clang19() { PATH=$CLANGBIN clang-19 "$@"; }
wasmld19() { PATH=$CLANGBIN wasm-ld-19 "$@"; }

say() { printf '  %-28s %s\n' "$1" "$(wc -c <"$OUT/$1") bytes"; }

build_c() {
	echo "c: clang $(clang --version | sed -n 's/.*clang version \([^ ]*\).*/\1/p;q') / clang-19 + wasi-libc"
	local strip=-Wl,--strip-debug
	clang14 --target=wasm32-wasi -O2 $strip -o "$OUT/c-clang14.wasm" "$SRC/c/hello.c"
	say c-clang14.wasm
	# Debian's wasi-libc keeps DWARF: this one keeps the .debug_* sections on purpose.
	clang14 --target=wasm32-wasi -O2 -o "$OUT/c-clang14-dwarf.wasm" "$SRC/c/hello.c"
	say c-clang14-dwarf.wasm
	clang19 --target=wasm32-wasi -O2 $strip -o "$OUT/c-clang19.wasm" "$SRC/c/hello.c"
	say c-clang19.wasm
	clang14 --target=wasm32-wasi -O2 $strip -o "$OUT/c-http.wasm" "$SRC/c/http.c"
	say c-http.wasm
	clang14 --target=wasm32-wasi -O2 $strip -DBAD_SIGNATURE -o "$OUT/c-http-badsig.wasm" "$SRC/c/http.c"
	say c-http-badsig.wasm
	clang14 --target=wasm32-wasi -O2 $strip -DENV_LOG -o "$OUT/c-http-envlog.wasm" "$SRC/c/http.c"
	say c-http-envlog.wasm
	clang14 --target=wasm32-wasi -O2 $strip -mexec-model=reactor -o "$OUT/c-reactor.wasm" "$SRC/c/reactor.c"
	say c-reactor.wasm
	clang14 --target=wasm32-wasi -O2 $strip -nostartfiles -Wl,--no-entry -o "$OUT/c-library.wasm" "$SRC/c/library.c"
	say c-library.wasm
}

# freestanding NAME SOURCE [clang flags...] -- [wasm-ld flags...]
freestanding() {
	local name=$1 src=$2
	shift 2
	local cflags=() ldflags=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do cflags+=("$1"); shift; done
	[ $# -gt 0 ] && shift
	ldflags=("$@")
	local target=--target=wasm32
	local f
	for f in "${cflags[@]}"; do case $f in --target=*) target=$f ;; esac; done
	local cf=()
	for f in "${cflags[@]}"; do case $f in --target=*) ;; *) cf+=("$f") ;; esac; done
	clang19 "$target" -O2 -c "${cf[@]}" -o "$TMP/$name.o" "$SRC/free/$src"
	wasmld19 --no-entry --export=_start --export-memory "${ldflags[@]}" -o "$OUT/$name.wasm" "$TMP/$name.o"
	say "$name.wasm"
}

build_free() {
	echo "free: clang-19 --target=wasm32 -O2 -c, then wasm-ld-19 --no-entry --export=_start --export-memory"
	freestanding free-mvp basic.c -mcpu=mvp
	freestanding free-default basic.c
	freestanding free-simd simd.c -msimd128
	freestanding free-multivalue multivalue.c -mmultivalue -Xclang -target-abi -Xclang experimental-mv
	freestanding free-bulk bulk.c -mbulk-memory -msign-ext -mnontrapping-fptoint
	freestanding free-threads threads.c -matomics -mbulk-memory -- --shared-memory --max-memory=131072
	freestanding free-tailcall tailcall.c -mtail-call
	freestanding free-relaxed-simd relaxed.c -msimd128 -mrelaxed-simd
	freestanding free-memory64 memory64.c --target=wasm64 -- -mwasm64
}

build_emcc() {
	echo "emcc: $(emcc --version 2>/dev/null | head -n1)"
	local d=$TMP/emcc
	mkdir -p "$d"
	# JS mode: emcc writes hello.js and hello.wasm; only the .wasm is kept.
	(cd "$d" && NODE_PATH=/usr/share/nodejs emcc -O2 "$SRC/c/hello.c" -o hello.js)
	cp "$d/hello.wasm" "$OUT/emcc-js.wasm"
	say emcc-js.wasm
	(cd "$d" && NODE_PATH=/usr/share/nodejs emcc -O2 -sSTANDALONE_WASM "$SRC/c/hello.c" -o standalone.wasm)
	cp "$d/standalone.wasm" "$OUT/emcc-standalone.wasm"
	say emcc-standalone.wasm
}

build_as() {
	echo "as: assemblyscript $(node -p "require('$NPMTOOLS/node_modules/assemblyscript/package.json').version") + wasi-shim $(node -p "require('$NPMTOOLS/node_modules/@assemblyscript/wasi-shim/package.json').version")"
	# asconfig.json extends ./node_modules/@assemblyscript/wasi-shim/asconfig.json, which must be
	# a real relative path (--config straight into node_modules fails with "wasi_Date not found").
	local d=$TMP/as
	mkdir -p "$d"
	cp "$SRC/as/hello.ts" "$SRC/as/asconfig.json" "$d/"
	ln -s "$NPMTOOLS/node_modules" "$d/node_modules"
	(cd "$d" && "$NPMTOOLS/node_modules/.bin/asc" hello.ts --config asconfig.json -O2 -o hello.wasm)
	cp "$d/hello.wasm" "$OUT/as-hello.wasm"
	say as-hello.wasm
}

build_rust() {
	echo "rust: $("$RUSTC" --version)"
	"$RUSTC" --target wasm32-wasi -C opt-level=2 -C strip=debuginfo -o "$TMP/rust-hello.wasm" "$SRC/rust/hello.rs"
	cp "$TMP/rust-hello.wasm" "$OUT/rust-hello.wasm"
	say rust-hello.wasm
	"$RUSTC" --target wasm32-unknown-unknown --crate-type cdylib -C opt-level=2 -C strip=debuginfo \
		-o "$TMP/rust-unknown-cdylib.wasm" "$SRC/rust/lib.rs"
	cp "$TMP/rust-unknown-cdylib.wasm" "$OUT/rust-unknown-cdylib.wasm"
	say rust-unknown-cdylib.wasm
}

build_component() {
	local jco
	jco=$(find_jco)
	echo "component: jco $("$jco" --version 2>/dev/null || echo '?')"
	[ -f "$OUT/c-clang14.wasm" ] || die "component: c-clang14.wasm is missing; build group c first"
	"$jco" new "$OUT/c-clang14.wasm" --wasi-command -o "$OUT/component.wasm"
	say component.wasm
}

for g in "$@"; do "build_$g"; done

# Validate what was built. Feature flags per file; components are not core modules (skipped).
if [ "${VERIFY:-1}" != 0 ]; then
	echo "verify: $(wasm-validate --version 2>/dev/null || echo wasm-validate)"
	fail=0
	for f in "$OUT"/*.wasm; do
		b=$(basename "$f")
		flags=()
		case $b in
		component.wasm) continue ;;
		free-threads.wasm) flags=(--enable-threads) ;;
		free-tailcall.wasm) flags=(--enable-tail-call) ;;
		free-relaxed-simd.wasm) flags=(--enable-relaxed-simd) ;;
		free-memory64.wasm) flags=(--enable-memory64) ;;
		esac
		if wasm-validate "${flags[@]}" "$f"; then
			printf '  %-28s valid %s\n' "$b" "${flags[*]}"
		else
			printf '  %-28s INVALID %s\n' "$b" "${flags[*]}"
			fail=1
		fi
	done
	[ $fail = 0 ] || die "some modules did not validate"
fi
