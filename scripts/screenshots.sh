#!/bin/sh
# make screenshots: the AppStream metainfo's screenshots, taken with the smoke
# test's tooling (scripts/smoke.sh) from the real app under Xvfb: a 10,000-event
# DUN game resumed at its table (the game scripts/firstframe.sh opens, written by
# ui/dun's TestWriteLongGameDB), in English and in Spanish, each the app's window
# alone at its default size (1280×720). They are committed in
# assets/linux/screenshots/, where the metainfo's URLs point.
set -eu
bin=$1
cd "$(dirname "$0")/.."
command -v go >/dev/null || PATH=$PATH:/usr/local/go/bin
out=assets/linux/screenshots
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CONDUCTOR_LONG_GAME_DB="$tmp/long.db" go test ./ui/dun -run '^TestWriteLongGameDB$' -count=1 >"$tmp/db.log" 2>&1 || {
	cat "$tmp/db.log" >&2
	exit 1
}
mkdir -p "$out"
for lang in en es; do
	LANG=$(if [ $lang = en ]; then echo en_US.UTF-8; else echo es_ES.UTF-8; fi) SMOKE_DB="$tmp/long.db" SMOKE_SCREEN=1440x900 SMOKE_WAIT=10 \
		SMOKE_SHOT="$tmp/screen-$lang.png" SMOKE_WINDOW_SHOT="$tmp/table-$lang.png" sh scripts/smoke.sh "$bin"
	# No time or software chunks: the same picture gives the same file.
	convert "$tmp/table-$lang.png" -strip -define png:exclude-chunks=date,time "$out/table-$lang.png"
	echo "screenshots: $out/table-$lang.png $(identify -format '%wx%h' "$out/table-$lang.png")"
done
