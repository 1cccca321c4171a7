#!/bin/sh
# make windows-installer-check: the Windows installer (make release's
# bin/release/conductor-VERSION-windows-amd64-setup.exe) installed and
# uninstalled silently under Wine:
#
#   windows-installcheck.sh SETUP.exe
#
#   - setup.exe /S puts conductor.exe, LICENSE.txt, NOTICE.txt and
#     Uninstall.exe in %LOCALAPPDATA%\Programs\Conductor, the Start-menu entry,
#     the .dunsave association (HKCU\Software\Classes) and the entry in
#     Settings > Apps; the installed conductor.exe --version runs
#   - Uninstall.exe /S removes every file and key it added: the prefix's files
#     are the same as before the install (listed, compared), the keys are gone,
#     and the saves in %APPDATA%\conductor are still there
#
# Uses make windows-check's Wine prefix (bin/wine) and its stand-in for
# bcryptprimitives.dll (made by make windows-check).
set -eu
cd "$(dirname "$0")/.."
setup=$(realpath "${1:?usage: windows-installcheck.sh SETUP.exe}")
export WINEPREFIX=${WINEPREFIX:-$(pwd)/bin/wine}
export WINEDEBUG=-all
export WINEDLLOVERRIDES="mscoree,mshtml="
export LANG=C.UTF-8
unset DISPLAY
[ -f "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" ] ||
	{ echo "windows-installer-check: run make windows-check first (it makes the Wine prefix)" >&2; exit 1; }
failures=0
fail() {
	printf 'windows-installer-check: FAIL: %s\n' "$*" >&2
	failures=$((failures + 1))
}
ok() { printf 'windows-installer-check: ok: %s\n' "$*"; }
t0=$(date +%s)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

user=$(ls "$WINEPREFIX/drive_c/users" | grep -v -x -e Public -e "$(id -un)x" | head -n 1)
home=$WINEPREFIX/drive_c/users/$user
instdir=$home/AppData/Local/Programs/Conductor
startmenu="$home/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Conductor.lnk"
saves=$home/AppData/Roaming/conductor
# A save the uninstaller must leave.
mkdir -p "$saves"
echo keep >"$saves/keep.txt"

# The files of the prefix, without Wine's own bookkeeping.
listing() {
	wineserver -w
	(cd "$WINEPREFIX" && find drive_c -path 'drive_c/users/*/Temp' -prune -o -print | LC_ALL=C sort)
}
key() { wine reg query "$1" >/dev/null 2>&1; }

listing >"$work/before"
wine "$setup" /S
wineserver -w
listing >"$work/installed"
added=$(comm -13 "$work/before" "$work/installed" | wc -l)
for f in conductor.exe LICENSE.txt NOTICE.txt Uninstall.exe; do
	[ -f "$instdir/$f" ] || fail "setup /S did not install $f in $instdir"
done
[ -f "$startmenu" ] || fail "no Start-menu entry ($startmenu)"
for k in 'HKCU\Software\Classes\.dunsave' 'HKCU\Software\Classes\Conductor.dunsave\shell\open\command' \
	'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.dunconductor.conductor'; do
	key "$k" || fail "setup /S did not write $k"
done
open=$(wine reg query 'HKCU\Software\Classes\Conductor.dunsave\shell\open\command' /ve 2>/dev/null | tr -d '\r' | grep -o '".*' || true)
version=$(wine "$instdir/conductor.exe" --version 2>&1 | head -n 1 | tr -d '\r')
case $version in
"Conductor "*) ok "setup /S: $added files and folders added, the Start-menu entry, .dunsave opens with $open; the installed conductor.exe says $version" ;;
*) fail "the installed conductor.exe --version: $version" ;;
esac

wine "$instdir/Uninstall.exe" /S
# The uninstaller runs from a copy in %TEMP% and returns at once: wait for it.
sleep 2
wineserver -w
listing >"$work/after"
if cmp -s "$work/before" "$work/after"; then
	ok "Uninstall.exe /S: the prefix's files are as before the install ($(wc -l <"$work/after") listed)"
else
	fail "Uninstall.exe /S left or removed files:"
	diff "$work/before" "$work/after" >&2 || true
fi
for k in 'HKCU\Software\Classes\.dunsave' 'HKCU\Software\Classes\Conductor.dunsave' \
	'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\io.github.dunconductor.conductor'; do
	key "$k" && fail "Uninstall.exe /S left $k"
done
[ "$(cat "$saves/keep.txt" 2>/dev/null)" = keep ] && ok "the saves in %APPDATA%\\conductor are still there" ||
	fail "the uninstaller touched the saves in %APPDATA%\\conductor"
rm -rf "$saves"
echo "windows-installer-check: $failures failures, $(($(date +%s) - t0)) s"
[ $failures -eq 0 ]
