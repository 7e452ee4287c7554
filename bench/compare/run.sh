#!/usr/bin/env bash
# Whole-process comparison of subakogo lint, wabt's wasm-validate and
# wasmtime's validator on the same two modules (see README.md).
#
#   bench/compare/run.sh                     # 20 runs on hello, 5 on big
#   RUNS_HELLO=50 RUNS_BIG=10 bench/compare/run.sh
#   bench/compare/run.sh -inprocess=false    # extra flags go to runbench
#   bench/compare/run.sh -timer go           # interleave the tools run by run
#
# It builds subakogo (from the main module), wasmtime-validate and runbench
# into $BIN (default: the user cache dir's subako-go-bench/bin), builds the
# two wasm modules (cached there too) and prints a Markdown report.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/subako-go-bench
bin=${BIN:-$cache/bin}
mkdir -p "$bin"

# wabt gives wasm-validate; hyperfine is optional (runbench times it itself
# without). Both are Debian packages.
missing=()
command -v wasm-validate >/dev/null || missing+=(wabt)
command -v hyperfine >/dev/null || missing+=(hyperfine)
if ((${#missing[@]})) && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "run.sh: installing ${missing[*]}" >&2
  apt-get update -qq >&2
  apt-get install -y -qq "${missing[@]}" >&2 || true
fi
command -v wasm-validate >/dev/null || { echo "run.sh: wasm-validate missing: apt-get install -y wabt" >&2; exit 1; }

# One build at a time: the machine is small.
echo "run.sh: building into $bin" >&2
(cd "$root" && go build -o "$bin/subakogo" ./cmd/subakogo)
(cd "$here" && go build -o "$bin/wasmtime-validate" ./cmd/wasmtime-validate)
(cd "$here" && go build -o "$bin/runbench" ./cmd/runbench)

export SUBAKO_GO_ROOT="$root"
exec "$bin/runbench" \
  -subakogo "$bin/subakogo" \
  -wasmtime-validate "$bin/wasmtime-validate" \
  -runs-hello "${RUNS_HELLO:-20}" \
  -runs-big "${RUNS_BIG:-5}" \
  -warmup "${WARMUP:-2}" \
  "$@"
