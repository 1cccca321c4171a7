#!/bin/sh
# make windows-check: conductor.exe (make windows) run under Wine, beside the
# Linux build (make build) of the same commit:
#
#   windowscheck.sh EXE LINUX_BIN
#
#   - conductor.exe --version and --help (the help byte-identical to Linux's;
#     the version says windows/amd64 where Linux's says linux/amd64)
#   - conductor.exe script on every golden script (core/*/testdata/scripts/*.jsonl
#     and cmd/conductor/testdata/*.jsonl), given by its Windows path (Z:\…), in
#     English and in Spanish: the output and the exit status byte-identical to
#     the Linux build's
#   - the language from Windows' settings: Wine's locale Spanish (LANG,
#     es_ES.UTF-8 made by localedef in bin/locale when the system lacks it),
#     LANG cleared by cmd.exe: conductor.exe --help byte-identical to Linux's
#     LANG=es_ES.UTF-8 conductor --help
#   - read-aloud: ui/speech's test of the app's speech service (speech.New),
#     built for Windows and run under Wine: Wine's PowerShell is a stub, so
#     there is no speech service, and the app says so
#   - quest validate on quests given by Windows paths (a folder with a space, a
#     picture in a subfolder): a valid one passes, a broken one gets the same
#     problems, line for line, as on Linux
#   - export then import of a save, by Windows paths: the game's saves
#     database (data/testdata/schema_v9.db, upgraded on opening) exported to a
#     .dunsave, imported into a new database, and replayed from there: the
#     same states as Linux replaying the same export
#   - the window opened under Wine and Xvfb, a screenshot that is not blank
#     (WINDOWS_SHOT, default bin/windows/wine-window.png), the saves made in
#     %APPDATA%\conductor, and a new game started by a click (xdotool)
#
# Wine 8.0 lacks bcryptprimitives.dll's ProcessPrng, which Go's runtime needs:
# the check puts a stand-in into the prefix (assets/windows/wine-bcryptprimitives.c).
# The Wine prefix is made once under bin/wine (WINEPREFIX to use another);
# making it takes about a minute, a check afterwards well under two.
set -eu
cd "$(dirname "$0")/.."
exe=$(realpath "${1:?usage: windowscheck.sh EXE LINUX_BIN}")
linux=$(realpath "${2:?usage: windowscheck.sh EXE LINUX_BIN}")
shot=$(realpath -m "${WINDOWS_SHOT:-bin/windows/wine-window.png}")
root=$(pwd)
export WINEPREFIX=${WINEPREFIX:-$root/bin/wine}
export WINEDEBUG=-all
# No Mono or Gecko download prompts: the app needs neither.
export WINEDLLOVERRIDES="mscoree,mshtml="
export WINEARCH=win64
export LANG=en_US.UTF-8
unset LC_ALL LC_MESSAGES
command -v wine >/dev/null || { echo "windows-check: wine is missing (make windows-check installs wine and wine64)" >&2; exit 1; }

failures=0
fail() {
	printf 'windows-check: FAIL: %s\n' "$*" >&2
	failures=$((failures + 1))
}
ok() { printf 'windows-check: ok: %s\n' "$*"; }
# winpath PATH: the Windows path Wine gives a Linux file (Z: is /).
winpath() { printf 'Z:%s\n' "$1" | tr / '\\'; }
t0=$(date +%s)
step=$t0
took() {
	now=$(date +%s)
	echo "windows-check: ($1 took $((now - step)) s)"
	step=$now
}

if [ ! -f "$WINEPREFIX/system.reg" ]; then
	echo "windows-check: making the Wine prefix $WINEPREFIX (once)"
	mkdir -p "$WINEPREFIX"
	wineboot --init >/dev/null 2>&1
	wineserver -w
	took "the Wine prefix"
fi

# Go's runtime needs ProcessPrng from bcryptprimitives.dll, which Windows 10
# and 11 have and Wine 8.0 lacks: a stand-in for the check alone
# (assets/windows/wine-bcryptprimitives.c), built with MinGW into the prefix.
prng=$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll
if [ ! -f "$prng" ]; then
	x86_64-w64-mingw32-gcc -O2 -shared -s -o "$prng" assets/windows/wine-bcryptprimitives.c -ladvapi32
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# win ARGS…: conductor.exe under Wine, stdout to $work/out, stderr to $work/err; sets rc.
win() {
	rc=0
	wine "$exe" "$@" >"$work/out" 2>"$work/err" </dev/null || rc=$?
}
lin() {
	lrc=0
	"$linux" "$@" >"$work/lout" 2>"$work/lerr" </dev/null || lrc=$?
}

# --version and --help.
win --version
lin --version
if [ $rc -eq 0 ] && [ "$(sed 's,windows/amd64,linux/amd64,' "$work/out")" = "$(cat "$work/lout")" ]; then
	ok "--version: $(tr '\n' ' ' <"$work/out")"
else
	fail "--version (exit $rc): $(cat "$work/out" "$work/err")"
fi
win --help
lin --help
if [ $rc -eq 0 ] && cmp -s "$work/out" "$work/lout"; then
	ok "--help, byte-identical to Linux's ($(wc -c <"$work/out") bytes)"
else
	fail "--help (exit $rc) differs from Linux's:"
	diff "$work/lout" "$work/out" | head -n 20 >&2 || true
fi
took "--version and --help"

# The language from Windows' settings: Wine takes its Windows locale from
# LANG, which needs es_ES.UTF-8 generated; when the system lacks it,
# localedef makes it in bin/locale (LOCPATH), nothing installed. cmd.exe then
# clears LANG from conductor.exe's environment: the language can only come
# from Windows' settings (GetUserDefaultLocaleName, locale_windows.go). The
# help must be byte-identical to Linux's in Spanish.
spanish=no
locpath=""
if locale -a 2>/dev/null | grep -q -i -x 'es_ES\.utf-\{0,1\}8'; then
	spanish="the system's es_ES.UTF-8"
elif [ -f bin/locale/es_ES.UTF-8/LC_MESSAGES/SYS_LC_MESSAGES ] ||
	{ mkdir -p bin/locale && localedef -i es_ES -f UTF-8 bin/locale/es_ES.UTF-8 2>"$work/err"; }; then
	locpath=$root/bin/locale
	spanish="es_ES.UTF-8 made by localedef in bin/locale"
else
	fail "cannot make the es_ES.UTF-8 locale for Wine (localedef, from the locales package): $(cat "$work/err")"
fi
if [ "$spanish" != no ]; then
	# wine cmd /c: run from the program's folder (a quoted path does not
	# reach cmd.exe intact through Wine).
	inwin() {
		(cd "$(dirname "$exe")" && env ${locpath:+LOCPATH="$locpath"} LANG=es_ES.UTF-8 wine cmd /c "$1") \
			>"$work/out" 2>"$work/err" </dev/null
	}
	rc=0
	inwin "set LANG=& set LOCPATH=& $(basename "$exe") --help" || rc=$?
	LANG=es_ES.UTF-8 lin --help
	cp "$work/out" "$work/help"
	inwin "set LANG=& set LOCPATH=& set" || true
	winlocale=$(tr -d '\r' <"$work/out" | sed -n 's/^WINEUSERLOCALE=//p')
	if tr -d '\r' <"$work/out" | grep -q '^LANG='; then
		fail "cmd.exe did not clear LANG from conductor.exe's environment"
	elif [ $rc -eq 0 ] && cmp -s "$work/help" "$work/lout"; then
		ok "Windows' language $winlocale, no LANG: --help in Spanish, byte-identical to Linux's LANG=es_ES.UTF-8 ($(wc -c <"$work/help") bytes; $spanish)"
	else
		fail "--help with Windows' language $winlocale and no LANG (exit $rc) differs from Linux's in Spanish:"
		diff "$work/lout" "$work/help" | head -n 10 >&2 || true
	fi
fi
took "the language from Windows' settings"

# Read-aloud: ui/speech's tests built for Windows, run under Wine. The app's
# own choice (speech.New) finds Wine's powershell.exe, a stub that reads
# nothing: the speech service must say there is none (the app then says "No
# speech service on this computer"), never pretend to speak.
if (CGO_ENABLED=0 GOOS=windows GOARCH=amd64 go test -c -o "$work/speech.test.exe" ./ui/speech) >"$work/err" 2>&1; then
	rc=0
	CONDUCTOR_SPEECH_EXPECT=none wine "$work/speech.test.exe" -test.run '^(TestNewOnThisComputer|TestSAPICommandKeepsTheTextOutOfTheCommandLine|TestSAPILanguage|TestUnavailableMessages)$' \
		-test.v -test.count=1 >"$work/out" 2>&1 </dev/null || rc=$?
	said=$(tr -d '\r' <"$work/out" | sed -n 's/.*speech on this computer: //p')
	if [ $rc -eq 0 ] && grep -q -- '--- PASS: TestNewOnThisComputer' "$work/out" && [ -n "$said" ]; then
		ok "read-aloud under Wine: $said, so the app says there is no speech service (Windows' message, in English and Spanish); the SAPI command keeps hostile texts out of the command line"
	else
		fail "read-aloud under Wine (exit $rc):"
		tr -d '\r' <"$work/out" | tail -n 15 >&2
	fi
else
	fail "ui/speech's tests do not build for Windows: $(cat "$work/err")"
fi
took "read-aloud"

# The golden scripts, English and Spanish.
n=0
same=0
bytes=0
for lang in en_US.UTF-8 es_ES.UTF-8; do
	for f in "$root"/core/*/testdata/scripts/*.jsonl "$root"/cmd/conductor/testdata/*.jsonl; do
		n=$((n + 1))
		LANG=$lang win script "$(winpath "$f")"
		LANG=$lang lin script "$f"
		if [ $rc -eq $lrc ] && cmp -s "$work/out" "$work/lout" && cmp -s "$work/err" "$work/lerr"; then
			same=$((same + 1))
			bytes=$((bytes + $(wc -c <"$work/out")))
		else
			fail "script $(basename "$f") ($lang): exit $rc (Linux $lrc); first differences:"
			diff "$work/lout" "$work/out" | head -n 10 >&2 || true
			diff "$work/lerr" "$work/err" | head -n 10 >&2 || true
		fi
	done
done
[ $same -eq $n ] && ok "script: $same of $n runs (every golden script, English and Spanish) byte-identical to Linux's, $bytes bytes of states"
took "the golden scripts"

# quest validate by Windows paths.
q="$work/My quests/Tomb"
mkdir -p "$q/tiles"
cp core/dun/quest/testdata/valid.toml "$q/quest.toml"
/usr/bin/convert -size 8x8 xc:gray "$q/tiles/floor.png" 2>/dev/null || printf 'x' >"$q/tiles/floor.png"
sed -i '0,/kind = "room"/s//kind = "room"\nimage = "tiles\/floor.png"/' "$q/quest.toml"
win quest validate "$(winpath "$q/quest.toml")"
lin quest validate "$q/quest.toml"
if [ $rc -eq 0 ] && [ $lrc -eq 0 ]; then
	ok "quest validate $(winpath "$q/quest.toml"): $(head -n 1 "$work/out")"
else
	fail "quest validate of a valid quest: exit $rc (Linux $lrc): $(cat "$work/out" "$work/err")"
fi
sed -e 's/^kind = "room"/kind = "nowhere"/' -e 's,tiles/floor.png,../../outside.png,' "$q/quest.toml" >"$q/broken.toml"
win quest validate "$(winpath "$q/broken.toml")"
lin quest validate "$q/broken.toml"
# The path it names is the one it was given.
sed "s|$q/broken.toml|$(winpath "$q/broken.toml" | sed 's/\\/\\\\/g')|g" "$work/lout" >"$work/lout.win"
if [ $rc -eq 1 ] && [ $lrc -eq 1 ] && cmp -s "$work/out" "$work/lout.win"; then
	ok "quest validate of a broken quest: exit 1, the same $(wc -l <"$work/out") problem lines as Linux's, naming $(winpath "$q/broken.toml")"
else
	fail "quest validate of a broken quest: exit $rc (Linux $lrc):"
	diff "$work/lout.win" "$work/out" >&2 || true
fi
took "quest validate"

# Export, import, replay by Windows paths.
cp data/testdata/schema_v9.db "$work/saves.db"
win export --db "$(winpath "$work/saves.db")" --game 1 "$(winpath "$work/Game 1.dunsave")"
if [ $rc -ne 0 ] || [ ! -s "$work/Game 1.dunsave" ]; then
	fail "export: exit $rc: $(cat "$work/out" "$work/err")"
else
	win import --db "$(winpath "$work/imported.db")" "$(winpath "$work/Game 1.dunsave")"
	irc=$rc
	imported=$(cat "$work/out")
	id=$(python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select max(id) from games").fetchone()[0])' "$work/imported.db" 2>/dev/null || echo 1)
	win replay --db "$(winpath "$work/imported.db")" "$id"
	lin replay "$work/Game 1.dunsave"
	if [ $irc -eq 0 ] && [ $rc -eq 0 ] && [ $lrc -eq 0 ] && cmp -s "$work/out" "$work/lout"; then
		ok "export then import: $(echo "$imported" | head -n 1); replayed from the new database, byte-identical to Linux replaying the export ($(wc -l <"$work/out") states)"
	else
		fail "export then import: import exit $irc, replay exit $rc (Linux $lrc)"
		diff "$work/lout" "$work/out" | head -n 10 >&2 || true
	fi
fi
took "export and import"

# The window under Xvfb: a screenshot with more than a few colours. Opened
# without --db, it makes its saves in %APPDATA%\conductor (the prefix's
# users/NAME/AppData/Roaming/conductor), removed afterwards. The Wine server of
# the commands above has no display: it is stopped first.
mkdir -p "$(dirname "$shot")"
rm -f "$shot"
wineserver -k 2>/dev/null || true
wineserver -w
appdata=$(echo "$WINEPREFIX"/drive_c/users/*/AppData/Roaming | cut -d' ' -f1)
rm -rf "$appdata/conductor"
# Wine opens the window a minute late when LANG names a locale this system
# has not generated (en_US.UTF-8 on a bare Debian): the window runs in C.UTF-8,
# so its language comes from Wine's Windows settings (English). Then real
# input: the first screen asks "Which game?"; a click on Dungeon Universalis
# (the middle of the dialog, at 1280x800), one on the New game form's Start
# game (its defaults), and the new game is in the saves database.
newgame=${shot%.png}-newgame.png
rm -f "$newgame"
LANG=C.UTF-8 xvfb-run -a -s "-screen 0 1280x800x24" sh -c '
	wine "$1" >/dev/null 2>&1 &
	p=$!
	i=0
	while [ $i -lt 90 ]; do
		xwininfo -root -tree 2>/dev/null | grep -q "\"Conductor" && break
		sleep 1
		i=$((i + 1))
	done
	echo "windows-check: the window showed after $i s"
	sleep 5
	import -window root "$2"
	xdotool mousemove 636 381 click 1
	sleep 4
	xdotool mousemove 777 648 click 1
	sleep 5
	import -window root "$3"
	kill $p 2>/dev/null
	wineserver -k 2>/dev/null || true
' sh "$exe" "$shot" "$newgame" || true
wineserver -w
if [ -s "$appdata/conductor/conductor.db" ]; then
	ok "the saves in %APPDATA%\\conductor\\conductor.db (${appdata#"$WINEPREFIX"/})"
	games=$(python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select count(*) from games").fetchone()[0])' "$appdata/conductor/conductor.db" 2>/dev/null || echo 0)
	if [ "$games" -ge 1 ]; then
		ok "a new game started by a click in the window: $games game in the saves ($newgame)"
	else
		fail "the click on Dungeon Universalis started no game ($newgame)"
	fi
else
	fail "no saves database in %APPDATA%\\conductor ($appdata/conductor)"
fi
rm -rf "$appdata/conductor"
colours=$(/usr/bin/convert "$shot" -format %k info: 2>/dev/null || echo 0)
if [ "$colours" -gt "${MIN_COLOURS:-50}" ]; then
	ok "the window under Wine and Xvfb: $shot, $colours colours"
else
	fail "the window under Wine and Xvfb: $shot has $colours colours (a blank screen has 1)"
fi
took "the window"

echo "windows-check: $((failures)) failures, $(($(date +%s) - t0)) s in all"
[ $failures -eq 0 ]
