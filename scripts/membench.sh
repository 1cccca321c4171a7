#!/bin/sh
# The app's resident memory through a quest-editing session with pictures and
# play at the table, by real input (TestMemoryByRealInput in ui/realinput):
# the app built from this checkout ("after") and from an earlier commit
# ("before"), in turn, in the same run, MEMBENCH_RUNS times each (3 by
# default); it prints the medians of the peak and of the growth a loop. A
# measure, not a check: it fails only when a flow cannot be played.
#
#   sh scripts/membench.sh [COMMIT]
#
# COMMIT is the "before" (default: a9c7c49, the last commit before the
# quest editor stopped copying its pictures at each key and the app set a
# soft memory limit; 0c7ddc1 is the one before the first round, the fonts
# parsed again at each refresh); MEMBENCH_BASE=none measures this checkout
# alone. MEMBENCH_PHASE=editing (or table) measures one session only;
# CONDUCTOR_MEMPROFILE=DIR has the app write a heap profile at the end of
# each loop (docs/speed.md). It is built
# from a git worktree in a temporary folder, removed at the end. One run of
# one binary takes about 7 minutes (docs/speed.md says what a loop does and
# why it stands for a longer session). `make bench` runs it.
set -e
cd "$(dirname "$0")/.."
base=${1:-${MEMBENCH_BASE:-a9c7c49}}
out=bin/membench
mkdir -p "$out"
go build -o "$out/conductor-after" ./cmd/conductor
export CONDUCTOR_BIN="$PWD/$out/conductor-after"
if [ "$base" != none ]; then
	tree=$(mktemp -d)
	trap 'git worktree remove --force "$tree" >/dev/null 2>&1; rm -rf "$tree"' EXIT
	git worktree add -q --detach "$tree" "$base"
	(cd "$tree" && go build -o "$OLDPWD/$out/conductor-before" ./cmd/conductor)
	export MEMBENCH_BASE_BIN="$PWD/$out/conductor-before"
fi
# The app before a change may be slow to answer (the fonts parsed again at
# each key): a minute for each wait rather than 20 s.
REALINPUT_WAIT=${REALINPUT_WAIT:-60} REALINPUT_MEMORY=1 LANG=en_US.UTF-8 go test -count=1 -timeout 180m -v \
	-run '^TestMemoryByRealInput$' ./ui/realinput/ | tee "$out/membench.log" |
	grep -E '^(memory by real input|binary|before|after|  anon) |: editing peak|^(ok|FAIL|---)'
