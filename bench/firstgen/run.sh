#!/bin/sh
# Measures the first go generate of a new package, as an author meets it:
# subakogo init (against this checkout), then go generate with an empty
# build cache (the module cache stays warm, as after go mod download).
# It prints the wall and CPU time of go generate, and what it printed.
#
#   bench/firstgen/run.sh [CHECKOUT]    # CHECKOUT: this repository by default
set -eu
root=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/subakogo" ./cmd/subakogo)
"$work/subakogo" init --replace "$root" "$work/pkg" >/dev/null
mkdir "$work/cache"
cd "$work/pkg"
echo "go generate in a new package, empty GOCACHE ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)):"
/usr/bin/time -f "%e s wall, %U s user, %S s system" env GOCACHE="$work/cache" go generate ./... 2>&1 | sed 's/^/  /'
test -f subako_gen.go && echo "  wrote subako_gen.go ($(wc -c <subako_gen.go) bytes)"
