#!/bin/sh
# Real-window smoke test: runs the app under Xvfb with a fresh database, takes a
# screenshot, and fails if the app exited or the window shows (almost) nothing.
# The screenshot is kept at $SMOKE_SHOT (default bin/smoke.png) to look at.
#
# For make screenshots (scripts/screenshots.sh): SMOKE_DB starts the app on a
# copy of that database instead of a fresh one, SMOKE_SCREEN sets the virtual
# screen (default 1280x800), and SMOKE_WINDOW_SHOT also saves the app's window
# alone, without the screen around it.
set -eu
bin=$(realpath "$1")
shot=$(realpath -m "${SMOKE_SHOT:-bin/smoke.png}")
window_shot=${SMOKE_WINDOW_SHOT:+$(realpath -m "$SMOKE_WINDOW_SHOT")}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$(dirname "$shot")"
rm -f "$shot"
[ -z "${SMOKE_DB:-}" ] || cp "$SMOKE_DB" "$tmp/smoke.db"

xvfb-run -a -s "-screen 0 ${SMOKE_SCREEN:-1280x800}x24" sh -c '
	"$1" --db "$2/smoke.db" >"$2/app.log" 2>&1 &
	app=$!
	sleep "${SMOKE_WAIT:-8}"
	if ! kill -0 "$app" 2>/dev/null; then
		echo "smoke: the app exited early:"; cat "$2/app.log"; exit 1
	fi
	import -window root "$3"
	if [ -n "$4" ]; then
		win=$(xdotool search --onlyvisible --pid "$app" | tail -1)
		[ -n "$win" ] && import -window "$win" "$4" || { echo "smoke: no window to capture"; exit 1; }
	fi
	kill "$app"
' smoke "$bin" "$tmp" "$shot" "$window_shot"

[ -f "$tmp/smoke.db" ] || { echo "smoke: the app made no database"; exit 1; }
colors=$(identify -format '%k' "$shot")
if [ "$colors" -lt 64 ]; then
	echo "smoke: the screenshot has only $colors colours: the window looks blank ($shot)"
	exit 1
fi
echo "smoke: ok, the window is up and drawn ($colors colours in $shot)"
