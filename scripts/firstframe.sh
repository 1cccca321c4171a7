#!/usr/bin/env bash
# Cold start to the first drawn frame: the Conductor against the smallest Fyne
# window (cmd/minimalwindow, one label), built with the same Fyne, measured in
# the same run on one Xvfb server (1280×800×24).
#
#   scripts/firstframe.sh [RUNS]     # RUNS launches of each, 10 by default
#
# What is measured. The script notes the time ($EPOCHREALTIME, the Unix clock
# in microseconds, read by bash itself: no process is started for it) right
# before it starts a program, with CONDUCTOR_FIRST_FRAME=1 set. Each program
# then prints the same clock:
#   first-frame  right after its window's Show() returns. Fyne's GLFW driver
#                draws the window's first frame inside Show(), before the event
#                loop starts: it lays out the content, paints it with OpenGL and
#                swaps the buffers. So the line is printed once the first frame
#                is drawn and handed to the X server, in both programs alike.
#   table        (the Conductor only) once the first frame that shows the
#                resumed game's screen is drawn: an animation's tick runs on the
#                main thread right before each frame is drawn; the first tick
#                that finds the screen open queues a fyne.Do, which runs right
#                after that frame. The program then quits.
# Launch → first-frame and launch → table are the numbers; each is the process
# start (exec, Go runtime, Fyne app, for the Conductor its database, the
# translations and the window's content), GLFW's and OpenGL's set-up and the
# painting (Mesa's software renderer under Xvfb).
#
# The Conductor runs on a copy of a database made here whose last game played
# is a 10,000-event DUN game saved as the app saves it (a snapshot every 100th
# event): TestWriteLongGameDB in ui/dun, the same game BenchmarkTapSavedRedrawn
# and BenchmarkTapRSS tap. Its load (tens of ms) runs behind the window.
#
# The two programs take turns, the first of each round alternating, after one
# launch of each that is not counted (it fills the file cache). The medians are
# printed with their ratio; the goal is a ratio of at most 1.3.
set -euo pipefail

if [ "${1:-}" = "--inner" ]; then
	# Under Xvfb: $2 runs, $3 the work folder with the binaries and the database.
	runs=$2 work=$3
	export LANG=en_US.UTF-8

	# launch NAME PROGRAM [ARGS]: one run; appends "NAME first-frame-ms table-ms"
	# to $work/results (table-ms is - for the minimal window).
	launch() {
		local name=$1 out="$work/out" t0 pid dog line frame="" table=-
		shift
		[ "$name" = conductor ] && cp "$work/long.db" "$work/run.db"
		rm -f "$work/run.db-wal" "$work/run.db-shm"
		t0=${EPOCHREALTIME/./}
		CONDUCTOR_FIRST_FRAME=1 "$@" >"$out" 2>"$work/err" &
		pid=$!
		(sleep 60 && kill "$pid" 2>/dev/null) &
		dog=$!
		wait "$pid" || true
		kill "$dog" 2>/dev/null || true
		wait "$dog" 2>/dev/null || true
		while read -r line; do
			case $line in
			"first-frame "*) frame=$(((${line#first-frame } - t0))) ;;
			"table none") echo "firstframe: the Conductor resumed no game" >&2 && exit 1 ;;
			"table "*) table=$(((${line#table } - t0))) ;;
			esac
		done <"$out"
		if [ -z "$frame" ] || { [ "$name" = conductor ] && [ "$table" = - ]; }; then
			echo "firstframe: $name printed no time:" >&2
			cat "$out" "$work/err" >&2
			exit 1
		fi
		[ "$table" = - ] || table=$(awk -v t="$table" 'BEGIN { printf "%.1f", t / 1000 }')
		awk -v n="$name" -v f="$frame" -v t="$table" 'BEGIN { printf "%s %.1f %s\n", n, f / 1000, t }' >>"$work/results"
	}
	minimal() { launch minimal "$work/minimalwindow"; }
	conductor() { launch conductor "$work/conductor" -db "$work/run.db"; }

	minimal
	conductor
	: >"$work/results" # the warm-up launches do not count
	for i in $(seq 1 "$runs"); do
		if [ $((i % 2)) -eq 1 ]; then
			minimal
			conductor
		else
			conductor
			minimal
		fi
	done
	exit 0
fi

runs=${1:-10}
case $runs in '' | *[!0-9]* | 0)
	echo "usage: $0 [RUNS]" >&2
	exit 2
	;;
esac
cd "$(dirname "$0")/.."
command -v go >/dev/null || PATH=$PATH:/usr/local/go/bin
for tool in xvfb-run go awk; do
	command -v "$tool" >/dev/null || {
		echo "firstframe: $tool is needed (make deps; apt-get install xvfb)" >&2
		exit 1
	}
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "firstframe: building cmd/conductor and cmd/minimalwindow"
go build -o "$work/conductor" ./cmd/conductor
go build -o "$work/minimalwindow" ./cmd/minimalwindow
echo "firstframe: making the database (a 10,000-event DUN game as the last game played)"
CONDUCTOR_LONG_GAME_DB="$work/long.db" go test ./ui/dun -run '^TestWriteLongGameDB$' -count=1 >"$work/dbmake.log" 2>&1 || {
	cat "$work/dbmake.log" >&2
	exit 1
}

echo "firstframe: $runs launches of each under one Xvfb server (1280x800x24)"
xvfb-run -a -s "-screen 0 1280x800x24" bash "$0" --inner "$runs" "$work"

echo "run  program    first-frame-ms  table-ms"
awk '{ printf "%3d  %-9s  %14s  %8s\n", int((NR + 1) / 2), $1, $2, $3 }' "$work/results"
median() { # median of column $2 for program $1
	awk -v p="$1" -v c="$2" '$1 == p { print $c }' "$work/results" | sort -n |
		awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
fastest() { # smallest of column $2 for program $1
	awk -v p="$1" -v c="$2" '$1 == p { print $c }' "$work/results" | sort -n | head -1
}
min_frame=$(median minimal 2)
con_frame=$(median conductor 2)
con_table=$(median conductor 3)
echo "median first frame: minimal window ${min_frame} ms, Conductor ${con_frame} ms"
awk -v c="$con_frame" -v m="$min_frame" 'BEGIN { r = c / m; printf "ratio Conductor / minimal: %.2f (goal: at most 1.30, %s)\n", r, (r <= 1.3 ? "met" : "not met") }'
echo "median launch to the resumed game's table drawn: ${con_table} ms"
# On a shared machine other work can slow a stretch of runs down; the
# fastest runs show what the programs take by themselves.
echo "fastest first frame: minimal window $(fastest minimal 2) ms, Conductor $(fastest conductor 2) ms; table $(fastest conductor 3) ms"
