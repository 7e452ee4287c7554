#!/usr/bin/env bash
# Comparison of subakogo lint, wabt's wasm-validate and wasmtime's validator
# on the same two modules, by CPU time, pinned to one core (see README.md).
#
#   bench/compare/run.sh                     # 20 runs on hello, 5 on big
#   RUNS_HELLO=50 RUNS_BIG=10 bench/compare/run.sh
#   CPU=0 bench/compare/run.sh               # pin to another core (default 1)
#   bench/compare/run.sh -inprocess=false    # extra flags go to runbench
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

# wabt gives wasm-validate, a Debian package; taskset is util-linux's.
if ! command -v wasm-validate >/dev/null && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "run.sh: installing wabt" >&2
  apt-get update -qq >&2
  apt-get install -y -qq wabt >&2 || true
fi
command -v wasm-validate >/dev/null || { echo "run.sh: wasm-validate missing: apt-get install -y wabt" >&2; exit 1; }
command -v taskset >/dev/null || { echo "run.sh: taskset missing: apt-get install -y util-linux" >&2; exit 1; }

# One build at a time: the machine is small.
echo "run.sh: building into $bin" >&2
(cd "$root" && go build -o "$bin/subakogo" ./cmd/subakogo)
(cd "$here" && go build -o "$bin/wasmtime-validate" ./cmd/wasmtime-validate)
(cd "$here" && go build -o "$bin/runbench" ./cmd/runbench)

export SUBAKO_GO_ROOT="$root"
# runbench and every process it starts run on one core: wasmtime validates
# function bodies on several threads, which a CPU-time comparison on one
# core neither helps nor hides.
exec taskset -c "${CPU:-1}" "$bin/runbench" \
  -subakogo "$bin/subakogo" \
  -wasmtime-validate "$bin/wasmtime-validate" \
  -runs-hello "${RUNS_HELLO:-20}" \
  -runs-big "${RUNS_BIG:-5}" \
  -warmup "${WARMUP:-2}" \
  "$@"
