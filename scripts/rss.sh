#!/usr/bin/env bash
# Resident memory of capreg serve as rebuilds follow, as deploy/base is
# sized from: serve a synthetic repository through a link, as git-sync's
# `current`, and swap in a copy with one capability edited REBUILDS times;
# after each build ask for every data route (gzipped and not) and four
# renders, then print how long the swap took to be served (the debounce
# and the rebuild), VmRSS and VmHWM (peak). Linux only (/proc).
# WIDE_CARDS=N adds N tool cards of 800 distinct random words each (synth
# -wide-cards), which take tool search's vocabulary past its bound, and
# each rebuild then edits one of those cards too, so that the tool index
# is built again (an edited capability alone keeps it).
#   scripts/rss.sh [capabilities] [rebuilds] [port]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-3000}; rebuilds=${2:-12}; port=${3:-18124}; wide=${WIDE_CARDS:-0}
dir=$(mktemp -d); pid=
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
go build -o "$dir/capreg" ./cmd/capreg
go run ./store/storetest/synth -n "$n" -wide-cards "$wide" -out "$dir/wt0"
ln -s wt0 "$dir/current"
CAPREG_MEMORY_LIMIT=${CAPREG_MEMORY_LIMIT:-1073741824} "$dir/capreg" serve --repo "$dir/current" \
  --addr 127.0.0.1:$port --log-level warn --debounce 250ms >/dev/null & pid=$!
base=http://127.0.0.1:$port
until curl -sf $base/readyz >/dev/null; do sleep 0.2; done
generation() { curl -s $base/status | grep -o '"generation": *[0-9]*' | grep -o '[0-9]*$'; }
ask() {
  local p i
  for p in /registry /contract /capabilities /loop-points /config-keys /profiles /reviewers \
    /loop-points/plan:pre "/tools?intent=deploy+a+service" /capabilities/cap-00001; do
    curl -s -o /dev/null $base$p; curl -s -o /dev/null -H 'Accept-Encoding: gzip' $base$p
  done
  for i in 1 2 3 4; do
    curl -s -o /dev/null -X POST -H 'Content-Type: application/json' \
      -d '{"config":{},"enablement":{"profile":"full"}}' $base/render-hooks/plan:pre
  done
}
rss() { awk '/VmRSS|VmHWM/ { printf "  %s %d MB", $1, $2/1000 }' /proc/$pid/status; echo; }
ask; printf 'n=%s first build:' "$n"; rss
for i in $(seq 1 "$rebuilds"); do
  g=$(generation)
  cp -a "$dir/wt$((i-1))" "$dir/wt$i"
  sed -i "s/\"description\": \"/\"description\": \"r$i /" "$dir/wt$i/capabilities/cap-$(printf %05d $((i % n)))/capability.json"
  if [ "$wide" -gt 0 ]; then
    sed -i "s/Does wide work/Does wide work r$i/" "$dir/wt$i/bin/wide-$(printf %03d $((i % wide))).card.json"
  fi
  ln -s "wt$i" "$dir/current.tmp" && mv -T "$dir/current.tmp" "$dir/current"
  start=$(date +%s.%N)
  rm -rf "$dir/wt$((i-1))"
  until [ "$(generation)" != "$g" ]; do sleep 0.2; done
  took=$(echo "$(date +%s.%N) - $start" | bc)
  ask; printf 'n=%s rebuild %d (served after %.1f s):' "$n" "$i" "$took"; rss
done
