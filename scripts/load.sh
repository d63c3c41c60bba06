#!/usr/bin/env bash
# Load test: serve a synthetic 10,000-capability repository and hit
# /loop-points/plan:pre with wrk on loopback (apt-get install wrk).
#   scripts/load.sh [capabilities] [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-10000}; secs=${2:-10}
repo=$(mktemp -d); port=18123
trap 'kill $pid 2>/dev/null; rm -rf "$repo" /tmp/capreg-load' EXIT
go run ./store/storetest/synth -n "$n" -out "$repo"
go build -o /tmp/capreg-load ./cmd/capreg
/tmp/capreg-load serve --repo "$repo" --addr 127.0.0.1:$port --log-level warn & pid=$!
until curl -sf 127.0.0.1:$port/readyz >/dev/null; do sleep 0.2; done
url=http://127.0.0.1:$port/loop-points/plan:pre
printf 'plan:pre: %s bytes, %s gzipped\n' "$(curl -s $url | wc -c)" "$(curl -s -H 'Accept-Encoding: gzip' $url | wc -c)"
etag=$(curl -s -D - -o /dev/null $url | tr -d '\r' | awk 'tolower($1)=="etag:"{print $2}')
for c in 4 8; do
  echo "== gzip, 1 wrk thread, $c connections"
  wrk -t1 -c$c -d${secs}s --latency -H 'Accept-Encoding: gzip' $url | grep -E 'Requests/sec|50%|99%'
done
echo "== identity (uncompressed), 1 thread, 4 connections"
wrk -t1 -c4 -d${secs}s --latency $url | grep -E 'Requests/sec|50%|99%|Transfer'
echo "== If-None-Match (304), 1 thread, 4 connections"
wrk -t1 -c4 -d${secs}s --latency -H "If-None-Match: $etag" $url | grep -E 'Requests/sec|50%|99%'
