#!/bin/sh
# Real-window smoke test: runs the app under Xvfb with a fresh database, takes a
# screenshot, and fails if the app exited or the window shows (almost) nothing.
# The screenshot is kept at $SMOKE_SHOT (default bin/smoke.png) to look at.
set -eu
bin=$(realpath "$1")
shot=$(realpath -m "${SMOKE_SHOT:-bin/smoke.png}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$(dirname "$shot")"
rm -f "$shot"

xvfb-run -a -s "-screen 0 1280x800x24" sh -c '
	"$1" --db "$2/smoke.db" >"$2/app.log" 2>&1 &
	app=$!
	sleep "${SMOKE_WAIT:-8}"
	if ! kill -0 "$app" 2>/dev/null; then
		echo "smoke: the app exited early:"; cat "$2/app.log"; exit 1
	fi
	import -window root "$3"
	kill "$app"
' smoke "$bin" "$tmp" "$shot"

[ -f "$tmp/smoke.db" ] || { echo "smoke: the app made no database"; exit 1; }
colors=$(identify -format '%k' "$shot")
if [ "$colors" -lt 64 ]; then
	echo "smoke: the screenshot has only $colors colours: the window looks blank ($shot)"
	exit 1
fi
echo "smoke: ok, the window is up and drawn ($colors colours in $shot)"
