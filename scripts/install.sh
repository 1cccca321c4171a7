#!/bin/sh
# Installs Conductor the way a Linux desktop expects it, under PREFIX (default
# /usr/local), with DESTDIR before it when set (a package's staging root):
#
#   bin/conductor
#   share/applications/io.github.dunconductor.conductor.desktop     the menu entry
#   share/metainfo/io.github.dunconductor.conductor.metainfo.xml    AppStream (software centres)
#   share/mime/packages/io.github.dunconductor.conductor.xml        .dunsave files
#   share/icons/hicolor/scalable/apps/io.github.dunconductor.conductor.svg
#   share/icons/hicolor/NxN/apps/io.github.dunconductor.conductor.png   N = 16 … 512
#
#   install.sh stage BIN DIR   lays that tree out in DIR from BIN and assets/ (the repository's)
#   install.sh install DIR     copies DIR's tree into $DESTDIR$PREFIX (given BIN instead
#                              of DIR, stages it in a temporary folder first)
#   install.sh uninstall       removes those files from $DESTDIR$PREFIX
#   install.sh files           lists them, relative to PREFIX
#
# `make install`, `make uninstall` and the release archive's Makefile call it.
# Without DESTDIR (an install on this machine), install and uninstall refresh
# the desktop's caches (menu entries, MIME types, icons) when their tools are
# there; with DESTDIR that is left to the package manager. The user's saves
# (~/.config/conductor/) are never touched.
set -eu

ID=io.github.dunconductor.conductor
SIZES="16 24 32 48 64 128 256 512"
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}

files() {
	echo bin/conductor
	echo "share/applications/$ID.desktop"
	echo "share/metainfo/$ID.metainfo.xml"
	echo "share/mime/packages/$ID.xml"
	echo "share/icons/hicolor/scalable/apps/$ID.svg"
	for n in $SIZES; do
		echo "share/icons/hicolor/${n}x$n/apps/$ID.png"
	done
}

# render SIZE OUT: the icon drawing as a SIZE×SIZE PNG.
render() {
	svg=$root/assets/icon.svg
	if command -v rsvg-convert >/dev/null 2>&1; then
		rsvg-convert -w "$1" -h "$1" "$svg" -o "$2"
	elif command -v convert >/dev/null 2>&1; then
		convert -background none -density 300 "$svg" -resize "$1x$1" "PNG32:$2"
	else
		echo "install.sh: rsvg-convert (librsvg2-bin) or convert (imagemagick) is needed to render the icons" >&2
		exit 1
	fi
}

stage() {
	bin=$1 dir=$2
	root=$(cd "$(dirname "$0")/.." && pwd)
	linux=$root/assets/linux
	rm -rf "$dir"
	install -D -m 0755 "$bin" "$dir/bin/conductor"
	install -D -m 0644 "$linux/$ID.desktop" "$dir/share/applications/$ID.desktop"
	install -D -m 0644 "$linux/$ID.metainfo.xml" "$dir/share/metainfo/$ID.metainfo.xml"
	install -D -m 0644 "$linux/$ID.mime.xml" "$dir/share/mime/packages/$ID.xml"
	install -D -m 0644 "$root/assets/icon.svg" "$dir/share/icons/hicolor/scalable/apps/$ID.svg"
	for n in $SIZES; do
		mkdir -p "$dir/share/icons/hicolor/${n}x$n/apps"
		render "$n" "$dir/share/icons/hicolor/${n}x$n/apps/$ID.png"
		chmod 0644 "$dir/share/icons/hicolor/${n}x$n/apps/$ID.png"
	done
	# The tree must be exactly what uninstall removes.
	got=$(cd "$dir" && find . -type f | sed 's|^\./||' | sort)
	want=$(files | sort)
	if [ "$got" != "$want" ]; then
		echo "install.sh: the staged tree is not the list of files uninstall removes" >&2
		exit 1
	fi
}

# refresh: the desktop's caches, after a real install or uninstall.
refresh() {
	[ -z "$DESTDIR" ] || return 0
	share=$PREFIX/share
	if command -v update-desktop-database >/dev/null 2>&1; then
		update-desktop-database -q "$share/applications" || true
	fi
	if command -v update-mime-database >/dev/null 2>&1 && [ -d "$share/mime/packages" ]; then
		update-mime-database "$share/mime" || true
	fi
	if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -d "$share/icons/hicolor" ]; then
		gtk-update-icon-cache -q -t -f "$share/icons/hicolor" || true
	fi
}

install_tree() {
	src=$1
	if [ -f "$src" ]; then # a binary: staged first, where nothing is left behind
		tmp=$(mktemp -d)
		trap 'rm -rf "$tmp"' EXIT
		stage "$src" "$tmp/stage"
		src=$tmp/stage
	fi
	for f in $(files); do
		[ -f "$src/$f" ] || {
			echo "install.sh: $src/$f is missing" >&2
			exit 1
		}
	done
	for f in $(files); do
		mode=0644
		[ "$f" = bin/conductor ] && mode=0755
		install -D -m "$mode" "$src/$f" "$DESTDIR$PREFIX/$f"
		echo "installed $DESTDIR$PREFIX/$f"
	done
	refresh
}

uninstall() {
	for f in $(files); do
		if [ -e "$DESTDIR$PREFIX/$f" ]; then
			rm -f "$DESTDIR$PREFIX/$f"
			echo "removed $DESTDIR$PREFIX/$f"
		fi
	done
	refresh
}

usage() {
	echo "usage: install.sh stage BIN DIR | install DIR|BIN | uninstall | files   (PREFIX, DESTDIR from the environment)" >&2
	exit 2
}
# The functions run outside any && or || list: there, set -e would not stop them.
case ${1:-}/$# in
stage/3) stage "$2" "$3" ;;
install/2) install_tree "$2" ;;
uninstall/1) uninstall ;;
files/1) files ;;
*) usage ;;
esac
