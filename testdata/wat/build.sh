#!/usr/bin/env bash
# Assembles every .wat in testdata/wat/ into the .wasm beside it, then validates each one with
# its own feature flag (and checks that the feature files are refused without it).
#
# Usage: testdata/wat/build.sh [GROUP...]   GROUP: wabt npm jco (default: all three)
#
# This script installs nothing. It needs:
#   wabt: Debian wabt 1.0.32 (wat2wasm, wasm-validate)
#   npm:  npm wabt@1.0.39 in $NPMTOOLS/node_modules (for exnref and custom page sizes, which
#         Debian's wabt cannot assemble) and node
#   jco:  npm @bytecodealliance/jco@1.35.0 ($JCO, else $NPMTOOLS/node_modules/.bin/jco or
#         $NPMTOOLS/jco/node_modules/.bin/jco) for GC, typed function references, wide arithmetic
#         and stack switching, which no wabt can assemble (Debian wabt writes the pre-standard
#         call_ref/ref encodings, so it is not used for function-references). `jco parse` encodes
#         without validating; set WTVAL to a validator taking "FILE [feature...]" (e.g. a small
#         wasmtime-go v39 program) to check those four files as well.
# NPMTOOLS defaults to /tmp/npmtools (npm packages must stay outside the repository).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
cd "$HERE"
NPMTOOLS=${NPMTOOLS:-/tmp/npmtools}
NPMWABT=$NPMTOOLS/node_modules/wabt/bin

find_jco() {
	if [ -n "${JCO:-}" ]; then echo "$JCO"; return; fi
	for j in "$NPMTOOLS/node_modules/.bin/jco" "$NPMTOOLS/jco/node_modules/.bin/jco"; do
		if [ -x "$j" ]; then echo "$j"; return; fi
	done
	echo "$NPMTOOLS/node_modules/.bin/jco"
}
JCOBIN=$(find_jco)

# file : tool group : feature flag (wabt --enable-*, or the feature name for WTVAL)
MODULES=(
	"valid-2.0:wabt:"
	"threads:wabt:threads"
	"exception-handling-legacy:wabt:exceptions"
	"tail-call:wabt:tail-call"
	"memory64:wabt:memory64"
	"multi-memory:wabt:multi-memory"
	"relaxed-simd:wabt:relaxed-simd"
	"extended-const:wabt:extended-const"
	"exception-handling:npm:exceptions"
	"custom-page-sizes:npm:custom-page-sizes"
	"gc:jco:gc"
	"function-references:jco:function-references"
	"wide-arithmetic:jco:wide-arithmetic"
	"stack-switching:jco:stack-switching"
)

if [ $# -eq 0 ]; then set -- wabt npm jco; fi
want() { local g; for g in "${SELECTED[@]}"; do [ "$g" = "$1" ] && return 0; done; return 1; }
SELECTED=("$@")
for g in "${SELECTED[@]}"; do
	case $g in wabt | npm | jco) ;; *) echo "build.sh: unknown group '$g' (wabt npm jco)" >&2; exit 1 ;; esac
done

missing=()
want wabt && { command -v wat2wasm >/dev/null || missing+=("wat2wasm (Debian wabt)"); }
command -v wasm-validate >/dev/null || missing+=("wasm-validate (Debian wabt)")
if want npm; then
	command -v node >/dev/null || missing+=("node")
	[ -x "$NPMWABT/wat2wasm" ] || missing+=("$NPMWABT/wat2wasm (npm wabt@1.0.39 in \$NPMTOOLS)")
fi
if want jco; then
	command -v node >/dev/null || missing+=("node")
	[ -x "$JCOBIN" ] || missing+=("$JCOBIN (npm @bytecodealliance/jco@1.35.0, or set JCO)")
fi
if [ ${#missing[@]} -gt 0 ]; then
	echo "build.sh: missing tools:" >&2
	printf '  %s\n' "${missing[@]}" | sort -u >&2
	exit 1
fi

echo "tools: wat2wasm $(wat2wasm --version 2>/dev/null || echo -)," \
	"npm wat2wasm $("$NPMWABT/wat2wasm" --version 2>/dev/null || echo -)," \
	"jco $("$JCOBIN" --version 2>/dev/null || echo -)"

fail=0
for m in "${MODULES[@]}"; do
	IFS=: read -r name group feat <<<"$m"
	want "$group" || continue
	flag=()
	[ -n "$feat" ] && flag=("--enable-$feat")
	case $group in
	wabt)
		wat2wasm "${flag[@]}" "$name.wat" -o "$name.wasm"
		validate=(wasm-validate)
		;;
	npm)
		"$NPMWABT/wat2wasm" "${flag[@]}" "$name.wat" -o "$name.wasm"
		validate=("$NPMWABT/wasm-validate")
		;;
	jco)
		"$JCOBIN" parse "$name.wat" -o "$name.wasm" >/dev/null
		validate=()
		;;
	esac
	size=$(wc -c <"$name.wasm")
	status="assembled"
	if [ ${#validate[@]} -gt 0 ]; then
		if "${validate[@]}" "${flag[@]}" "$name.wasm"; then status="valid ${flag[*]}"; else status="INVALID ${flag[*]}"; fail=1; fi
		# A feature module must be refused without its flag.
		if [ -n "$feat" ] && "${validate[@]}" "$name.wasm" 2>/dev/null; then
			status="$status, but also valid WITHOUT the flag"
			fail=1
		fi
	elif [ -n "${WTVAL:-}" ]; then
		if "$WTVAL" "$name.wasm" "$feat" >/dev/null 2>&1; then status="valid (WTVAL $feat)"; else status="INVALID (WTVAL $feat)"; fail=1; fi
		if "$WTVAL" "$name.wasm" >/dev/null 2>&1; then status="$status, but also valid WITHOUT it"; fail=1; fi
	else
		status="assembled, not validated (set WTVAL)"
	fi
	printf '  %-32s %5s bytes  %s\n' "$name.wasm" "$size" "$status"
done
[ $fail = 0 ] || { echo "build.sh: some modules did not validate as expected" >&2; exit 1; }
