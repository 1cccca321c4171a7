#!/bin/sh
# The speed goals, each as a ratio against its floor (1.00 or less meets it),
# from the medians of BENCH_COUNT runs (default 5) of their benchmarks in
# this one run: the machine is shared, so a time alone says little.
#
#   Apply        BenchmarkApplyRealistic (core/dun): a realistic mix, the
#                game's whole history live. At least 1.5M events/s, and at
#                most half the 1,074 B an event allocated before (commit
#                7c1c86e, the same benchmark).
#   Apply, table BenchmarkApplyTable (core/dun): a table's mix, creature
#                activations a quarter of the events, history live. At
#                least 1.5M events/s, and at most half the 1,038 B an event
#                allocated before (commit e69a2c1, the same benchmark).
#   Apply, mix   BenchmarkApplyMix (core/dun): a mix made apart from the
#                others (dice, creatures acting, tests, reveals, Obstacles,
#                cards, spawns, Initiative, undo), history live. With the
#                collector running: at most 200 B an event, at least 1.5M
#                events/s, and at most 1.1 times its own time with the
#                collector paused in the same run (/paused: 1.5M against
#                the 1.65M the mix ran at paused before).
#   LoadGame     BenchmarkLoadGame/snapshot (10,000 records) at most 10 ms,
#                /snapshot_100k at most 100 ms.
#   Append       BenchmarkAppend/append and /append_quest: each append timed
#                against a bare one-row commit beside it (x-bare), at most 1.2.
#
# sh scripts/benchgoals.sh [FILE]: with FILE, read `go test -bench` output
# from it instead of running the benchmarks.
set -e
cd "$(dirname "$0")/.."
if [ -n "$1" ]; then
	out=$1
else
	out=$(mktemp)
	trap 'rm -f "$out"' EXIT
	count=${BENCH_COUNT:-5}
	{
		go test -run '^$' -benchmem -count "$count" -bench '^BenchmarkApply(Realistic|Table|Mix)$' ./core/dun
		go test -run '^$' -benchmem -count "$count" -bench '^(BenchmarkLoadGame|BenchmarkAppend)$/^(snapshot|append)' ./data
	} | tee "$out"
fi
awk '
function median(key,   n, i, j, v, a) {
	n = count[key]
	for (i = 1; i <= n; i++) a[i] = vals[key, i]
	for (i = 2; i <= n; i++) { v = a[i]; for (j = i - 1; j >= 1 && a[j] > v; j--) a[j + 1] = a[j]; a[j + 1] = v }
	if (n % 2) return a[(n + 1) / 2]
	return (a[n / 2] + a[n / 2 + 1]) / 2
}
function have(key) { return count[key] > 0 }
function line(goal, measured, floor, ratio) {
	printf "%-40s %-22s %-26s %5.2f %s\n", goal, measured, floor, ratio, (ratio <= 1 ? "ok" : "MISSED")
}
/^Benchmark/ {
	name = $1; sub(/-[0-9]+$/, "", name)
	for (i = 3; i < NF; i += 2) { key = name SUBSEP $(i + 1); vals[key, ++count[key]] = $i }
}
END {
	print ""
	printf "%-40s %-22s %-26s %5s\n", "speed goal (medians)", "measured", "floor", "ratio"
	a = "BenchmarkApplyRealistic"
	if (have(a SUBSEP "ns/op")) {
		ns = median(a SUBSEP "ns/op")
		line("Apply, realistic mix, history live", sprintf("%.2fM events/s", 1000 / ns), "1.5M events/s", ns / (1e9 / 1.5e6))
		bop = median(a SUBSEP "B/op")
		line("Apply, bytes allocated per event", sprintf("%d B (%d allocs)", bop, median(a SUBSEP "allocs/op")), "537 B (half of 1,074)", bop / 537)
	}
	a = "BenchmarkApplyTable"
	if (have(a SUBSEP "ns/op")) {
		ns = median(a SUBSEP "ns/op")
		line("Apply, table mix, history live", sprintf("%.2fM events/s", 1000 / ns), "1.5M events/s", ns / (1e9 / 1.5e6))
		bop = median(a SUBSEP "B/op")
		line("Apply, table mix, bytes per event", sprintf("%d B (%d allocs)", bop, median(a SUBSEP "allocs/op")), "519 B (half of 1,038)", bop / 519)
	}
	a = "BenchmarkApplyMix/collector"
	if (have(a SUBSEP "ns/op")) {
		ns = median(a SUBSEP "ns/op")
		line("Apply, mix, collector running", sprintf("%.2fM events/s", 1000 / ns), "1.5M events/s", ns / (1e9 / 1.5e6))
		bop = median(a SUBSEP "B/op")
		line("Apply, mix, bytes per event", sprintf("%d B", bop), "200 B", bop / 200)
		p = "BenchmarkApplyMix/paused" SUBSEP "ns/op"
		if (have(p)) line("Apply, mix, collector vs paused", sprintf("%.2fx (%.2fM paused)", ns / median(p), 1000 / median(p)), "1.1x", ns / median(p) / 1.1)
	}
	n = split("snapshot 10 10,000|snapshot_100k 100 100,000", cases, "|")
	for (c = 1; c <= n; c++) {
		split(cases[c], f, " ")
		k = "BenchmarkLoadGame/" f[1] SUBSEP "ns/op"
		if (have(k)) line("LoadGame, " f[3] " records, snapshot", sprintf("%.1f ms", median(k) / 1e6), f[2] " ms", median(k) / 1e6 / f[2])
	}
	n = split("append|append_quest", cases, "|")
	for (c = 1; c <= n; c++) {
		k = "BenchmarkAppend/" cases[c] SUBSEP "x-bare"
		if (have(k)) line("Append (" cases[c] ") vs a bare commit", sprintf("%.2fx", median(k)), "1.2x", median(k) / 1.2)
	}
}' "$out"
