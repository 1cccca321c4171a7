#!/bin/sh
# make test's check of the desktop install (make install-check alone):
#   1. `make install` into a temporary DESTDIR: exactly the files scripts/install.sh
#      lists, with their modes;
#   2. desktop-file-validate on the menu entry, appstreamcli validate (and
#      validate-tree) on the metainfo, every icon at its size, the MIME type
#      registered for *.dunsave with update-mime-database, the metainfo's
#      screenshots in the repository at the sizes it declares;
#   3. the installed binary opened under Xvfb by the menu entry's Exec line, as a
#      desktop would (field codes dropped): its window is drawn and the saves land
#      in ~/.config/conductor/conductor.db; then with a save file (%f): the import
#      is offered, taken (Tab to Import, then space), and the game is in the saves;
#   4. `make uninstall` from the same DESTDIR leaves no file behind;
#   5. the Flatpak manifest, with flatpak-builder --show-manifest where it is installed.
# Screenshots of 3 are kept in bin/install-check/ to look at.
set -eu
cd "$(dirname "$0")/.."
ID=io.github.dunconductor.conductor
PREFIX=/usr/local
out=$(realpath -m bin/install-check)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
root=$tmp/root
inst=$root$PREFIX
rm -rf "$out"
mkdir -p "$out"
fail() {
	echo "install-check: $*" >&2
	exit 1
}

# 1. The tree.
make --no-print-directory -s install DESTDIR="$root" PREFIX="$PREFIX" >"$tmp/install.log" || {
	cat "$tmp/install.log"
	fail "make install failed"
}
got=$(cd "$root" && find . -type f -o -type l | sed 's|^\./||' | sort)
want=$(sh scripts/install.sh files | sed "s|^|${PREFIX#/}/|" | sort)
if [ "$got" != "$want" ]; then
	printf '%s\n' "$want" >"$tmp/want"
	printf '%s\n' "$got" | diff "$tmp/want" - >&2 || true
	fail "the installed tree is not the one scripts/install.sh lists (< missing, > extra)"
fi
for f in $(sh scripts/install.sh files); do
	mode=$(stat -c %a "$inst/$f")
	case $f in bin/*) w=755 ;; *) w=644 ;; esac
	[ "$mode" = "$w" ] || fail "$f has mode $mode, not $w"
done
echo "install-check: make install DESTDIR=… put $(echo "$got" | wc -l) files in place"

# 2. The metadata.
desktop=$inst/share/applications/$ID.desktop
metainfo=$inst/share/metainfo/$ID.metainfo.xml
desktop-file-validate "$desktop" || fail "desktop-file-validate refused $desktop"
appstreamcli validate --no-net "$metainfo" >"$tmp/as.log" 2>&1 || {
	cat "$tmp/as.log"
	fail "appstreamcli validate refused the metainfo"
}
appstreamcli validate-tree --no-net "$root$PREFIX" >"$tmp/astree.log" 2>&1 || {
	cat "$tmp/astree.log"
	fail "appstreamcli validate-tree refused the installed tree"
}
grep -q '^Categories=Game;BoardGame;$' "$desktop" || fail "the desktop entry's categories are not Game;BoardGame;"
for key in Name Comment Keywords GenericName; do
	grep -q "^$key=" "$desktop" && grep -q "^$key\[es\]=" "$desktop" || fail "the desktop entry lacks $key or $key[es]"
done
for n in 16 24 32 48 64 128 256 512; do
	size=$(identify -format '%wx%h' "$inst/share/icons/hicolor/${n}x$n/apps/$ID.png")
	[ "$size" = "${n}x$n" ] || fail "the ${n}x$n icon is $size"
done
rsvg-convert "$inst/share/icons/hicolor/scalable/apps/$ID.svg" -o "$tmp/svg.png" || fail "the SVG icon does not render"
cp -r "$inst/share/mime" "$tmp/mime"
update-mime-database "$tmp/mime" >"$tmp/mime.log" 2>&1 || {
	cat "$tmp/mime.log"
	fail "update-mime-database refused the MIME type"
}
grep -q ':application/x-dunsave:\*\.dunsave$' "$tmp/mime/globs2" || fail "*.dunsave is not application/x-dunsave"
grep -q '^MimeType=application/x-dunsave;$' "$desktop" || fail "the desktop entry does not open application/x-dunsave"
shots=$(sed -n 's|.*<image type="source" width="\([0-9]*\)" height="\([0-9]*\)">https://raw.githubusercontent.com/dunconductor/conductor/main/\(.*\)</image>|\3 \1x\2|p' "$metainfo")
[ -n "$shots" ] || fail "the metainfo has no screenshot of the repository's"
echo "$shots" | while read -r file size; do
	[ -f "$file" ] || fail "screenshot $file is not in the repository (make screenshots)"
	got=$(identify -format '%wx%h' "$file")
	[ "$got" = "$size" ] || fail "screenshot $file is $got, the metainfo says $size"
done
echo "install-check: desktop-file-validate, appstreamcli validate and validate-tree pass; icons, MIME type and screenshots are right"

# 3. The menu entry opens the installed app under Xvfb.
CONDUCTOR_SAMPLE_SAVE="$tmp/Tuesday.dunsave" go test ./cmd/conductor -run '^TestWriteSampleSave$' -count=1 >"$tmp/sample.log" 2>&1 || {
	cat "$tmp/sample.log"
	fail "could not write a sample save"
}
exec_line=$(sed -n 's/^Exec=//p' "$desktop")
mkdir -p "$tmp/home"
HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config PATH=$inst/bin:$PATH LANG=en_US.UTF-8 \
	xvfb-run -a -s "-screen 0 1280x800x24" sh -c '
	set -eu
	exec_line=$1 tmp=$2 out=$3 inst=$4
	fail() { echo "install-check: $*" >&2; exit 1; }
	[ "$(command -v conductor)" = "$inst/bin/conductor" ] || fail "conductor on PATH is $(command -v conductor)"
	# wait_window PID [NAME]: the id of the visible window of PID (named NAME), within 20 s.
	wait_window() {
		for i in $(seq 1 40); do
			w=$(xdotool search --onlyvisible --pid "$1" ${2:+--name "$2"} 2>/dev/null | tail -1) || true
			[ -n "$w" ] && echo "$w" && return 0
			kill -0 "$1" 2>/dev/null || return 1
			sleep 0.5
		done
		return 1
	}
	# The way a menu opens it: the Exec line without its field codes.
	eval "set -- $(echo "$exec_line" | sed "s/ *%[fFuU]//g")"
	"$@" >"$tmp/app.log" 2>&1 &
	app=$!
	wait_window $app >/dev/null || { cat "$tmp/app.log"; fail "no window from: $exec_line"; }
	sleep 4
	import -window root "$out/menu.png"
	kill $app
	wait $app 2>/dev/null || true
	[ -f "$tmp/home/.config/conductor/conductor.db" ] || fail "the saves are not in ~/.config/conductor/conductor.db"
	colors=$(identify -format %k "$out/menu.png")
	[ "$colors" -ge 64 ] || fail "the window looks blank ($colors colours in $out/menu.png)"

	# A file manager opening a save: Exec with %f.
	eval "set -- $(echo "$exec_line" | sed "s|%f|\"$tmp/Tuesday.dunsave\"|")"
	"$@" >"$tmp/open.log" 2>&1 &
	app=$!
	win=$(wait_window $app "Import saves") || { cat "$tmp/open.log"; fail "no import offered for a save file"; }
	sleep 2
	import -window root "$out/offer.png"
	# No window manager here: the keys go where the pointer and the focus are.
	xdotool mousemove --window "$win" 20 20 windowfocus --sync "$win" 2>/dev/null || true
	xdotool key Tab Tab space # Cancel, then Import
	sleep 4
	import -window root "$out/imported.png"
	kill $app
	wait $app 2>/dev/null || true
' check "$exec_line" "$tmp" "$out" "$inst"
HOME=$tmp/home XDG_CONFIG_HOME=$tmp/home/.config "$inst/bin/conductor" replay --db "$tmp/home/.config/conductor/conductor.db" 1 >"$tmp/replay.log" 2>&1 ||
	fail "the offered import did not save the game: $(cat "$tmp/replay.log")"
echo "install-check: the menu entry's Exec line opens the installed app under Xvfb, and a save given to it is imported ($out/*.png)"

# 4. Uninstall.
make --no-print-directory -s uninstall DESTDIR="$root" PREFIX="$PREFIX" >/dev/null
left=$(find "$root" -type f)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "install-check: make uninstall DESTDIR=… removed every file"

# 5. The Flatpak manifest (its fields are checked by cmd/conductor's tests).
manifest=assets/flatpak/$ID.json
if command -v flatpak-builder >/dev/null 2>&1; then
	# It warns of an unknown property or source type, and still exits 0.
	# From $tmp: it leaves its state folder (.flatpak-builder) where it runs.
	(cd "$tmp" && flatpak-builder --show-manifest "$OLDPWD/$manifest") >/dev/null 2>"$tmp/flatpak.log" && ! grep -q WARNING "$tmp/flatpak.log" || {
		cat "$tmp/flatpak.log"
		fail "flatpak-builder refused $manifest"
	}
	echo "install-check: flatpak-builder $(flatpak-builder --version | cut -d' ' -f2) reads $manifest"
else
	echo "install-check: flatpak-builder is not installed: $manifest was checked by go test only"
fi
