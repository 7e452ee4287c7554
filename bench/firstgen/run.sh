#!/bin/sh
# Measures the first go generate of a new package, as an author meets it,
# with an empty build cache (the module cache stays warm, as after go mod
# download): subakogo init (against this checkout), which builds the
# package's tools, then go generate in the same cache. It prints init's
# wall and CPU time, when go generate printed its first line, its wall and
# CPU time, and what it printed.
#
#   bench/firstgen/run.sh [CHECKOUT]    # CHECKOUT: this repository by default
set -eu
root=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
(cd "$root" && go build -o "$work/subakogo" ./cmd/subakogo)
mkdir "$work/cache"
export GOCACHE="$work/cache"
echo "subakogo init, empty GOCACHE ($(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)):"
/usr/bin/time -f "%e s wall, %U s user, %S s system" "$work/subakogo" init --replace "$root" "$work/pkg" 2>&1 | sed 's/^/  /'
cd "$work/pkg"
echo "go generate right after it (load $(cut -d' ' -f1 /proc/loadavg)):"
now() { awk '{print $1}' /proc/uptime; }
start=$(now)
/usr/bin/time -f "%e s wall, %U s user, %S s system" go generate ./... 2>&1 | while IFS= read -r line; do
	echo "  at $(awk -v s="$start" -v n="$(now)" 'BEGIN{printf "%.2f", n-s}') s: $line"
done
test -f subako_gen.go && echo "  wrote subako_gen.go ($(wc -c <subako_gen.go) bytes)"
