#!/bin/sh
# Builds Conductor for 64-bit Windows on Linux with the distribution's MinGW-w64
# (gcc-mingw-w64-x86-64: Fyne's GLFW and go-sqlite3 are cgo) and, for a
# release, packs it as a zip and an NSIS installer (nsis: makensis):
#
#   windows.sh build OUT VERSION COMMIT   conductor.exe at OUT (make windows)
#   windows.sh release                    bin/release/conductor-VERSION-windows-amd64.zip
#                                         and conductor-VERSION-windows-amd64-setup.exe,
#                                         with their .sha256 (make release), reproducibly
#
# conductor.exe carries the icon (assets/windows/conductor.ico), a version
# resource with VERSION and COMMIT (Properties > Details) and a manifest
# (assets/windows/conductor.exe.manifest): MinGW's windres compiles
# assets/windows/conductor.rc into a .syso that `go build` links. It is linked
# as a windowed program (-H windowsgui: no console window from the Start menu);
# from a command prompt its subcommands still print there
# (cmd/conductor/console_windows.go).
#
# The first build compiles go-gl and go-sqlite3 for Windows: about 5 minutes on
# two cores; the build cache keeps them.
set -eu
cd "$(dirname "$0")/.."
command -v go >/dev/null || PATH=$PATH:/usr/local/go/bin
CC_WIN=${CC_WIN:-x86_64-w64-mingw32-gcc}
WINDRES=${WINDRES:-x86_64-w64-mingw32-windres}

fail() {
	echo "windows: $*" >&2
	exit 1
}

# numeric_version: X.Y.Z[-N-gHASH|-dev+HASH] as the four numbers of a Windows
# version resource: X,Y,Z,N (0 before or at the tag).
numeric_version() {
	echo "$1" | sed -n 's/^\([0-9]*\)\.\([0-9]*\)\.\([0-9]*\)-\([0-9][0-9]*\)-g.*/\1,\2,\3,\4/p;t;s/^\([0-9]*\)\.\([0-9]*\)\.\([0-9]*\).*/\1,\2,\3,0/p'
}

# resource SRCDIR VERSION COMMIT: writes SRCDIR/cmd/conductor/zz_resource_windows_amd64.syso.
resource() {
	src=$1 version=$2 commit=$3
	command -v "$WINDRES" >/dev/null || fail "$WINDRES is missing (make windows installs gcc-mingw-w64-x86-64)"
	numeric=$(numeric_version "$version")
	[ -n "$numeric" ] || fail "cannot read a version X.Y.Z from $version"
	rcdir=$(mktemp -d)
	cp "$src/assets/windows/conductor.ico" "$src/assets/windows/conductor.exe.manifest" "$rcdir/"
	sed -e "s/@NUMERIC@/$numeric/g" -e "s/@VERSION@/$version/g" -e "s/@COMMIT@/$commit/g" \
		"$src/assets/windows/conductor.rc" >"$rcdir/conductor.rc"
	(cd "$rcdir" && "$WINDRES" -O coff -F pe-x86-64 -i conductor.rc -o res.syso)
	mv "$rcdir/res.syso" "$src/cmd/conductor/zz_resource_windows_amd64.syso"
	rm -rf "$rcdir"
}

# gobuild SRCDIR OUT VERSION COMMIT [go build flags…]
gobuild() {
	src=$1 out=$2 version=$3 commit=$4
	shift 4
	command -v "$CC_WIN" >/dev/null || fail "$CC_WIN is missing (make windows installs gcc-mingw-w64-x86-64)"
	resource "$src" "$version" "$commit"
	out=$(realpath -m "$out")
	mkdir -p "$(dirname "$out")"
	status=0
	(cd "$src" && CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC="$CC_WIN" \
		go build "$@" -ldflags "${EXTRA_LDFLAGS:-} -H windowsgui -X main.version=$version -X main.commit=$commit" \
		-o "$out" ./cmd/conductor) || status=$?
	rm -f "$src/cmd/conductor/zz_resource_windows_amd64.syso"
	return $status
}

build() {
	[ $# -eq 3 ] || fail "usage: windows.sh build OUT VERSION COMMIT"
	start=$(date +%s)
	gobuild . "$1" "$2" "$3"
	echo "windows: $1 ($2, $(du -h "$1" | cut -f1), $(($(date +%s) - start)) s)"
}

release() {
	version=${VERSION:-}
	if [ -z "$version" ]; then
		tag=$(git describe --tags --exact-match --match 'v[0-9]*' HEAD 2>/dev/null) ||
			fail "HEAD carries no version tag: tag it (git tag v1.2.3) or pass VERSION=1.2.3"
		version=${tag#v}
	fi
	commit=$(git rev-parse HEAD)
	epoch=$(git log -1 --format=%ct HEAD)
	name=conductor-$version-windows-amd64
	dist=$(realpath -m "${DIST:-bin/release}")
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	echo "windows: $name from commit $commit"
	mkdir "$work/src"
	git archive HEAD | tar -x -C "$work/src"
	EXTRA_LDFLAGS="-s -w" gobuild "$work/src" "$work/$name/conductor.exe" "$version" "$commit" -trimpath -buildvcs=false
	cp "$work/src/LICENSE" "$work/src/NOTICE" "$work/$name/"
	# Windows' own editors read CRLF text.
	for f in LICENSE NOTICE; do
		sed 's/$/\r/' "$work/$name/$f" >"$work/$name/$f.txt" && rm "$work/$name/$f"
	done
	cp "$work/src/assets/windows/conductor.ico" "$work/$name/"
	find "$work/$name" -type d -exec chmod 0755 {} +
	find "$work/$name" -type f -exec chmod 0644 {} +
	chmod 0755 "$work/$name/conductor.exe"
	find "$work/$name" -exec touch -h -d "@$epoch" {} +
	mkdir -p "$dist"
	rm -f "$dist/$name.zip" "$dist/$name.zip.sha256" "$dist/$name-setup.exe" "$dist/$name-setup.exe.sha256"

	# The zip: sorted names, fixed modes, the commit's times (UTC), no extra attributes.
	(cd "$work" && find "$name" -print | LC_ALL=C sort | TZ=UTC zip -X -q -9 -@ "$dist/$name.zip")

	# The installer.
	command -v makensis >/dev/null || fail "makensis is missing (make release installs nsis)"
	numeric=$(numeric_version "$version" | tr , .)
	SOURCE_DATE_EPOCH=$epoch makensis -V2 -INPUTCHARSET UTF8 \
		-DVERSION="$version" -DNUMERIC="$numeric" -DSRC="$work/$name" \
		-DOUT="$dist/$name-setup.exe" "$work/src/assets/windows/installer.nsi"
	(cd "$dist" && sha256sum "$name.zip" >"$name.zip.sha256" && sha256sum "$name-setup.exe" >"$name-setup.exe.sha256")
	echo "windows: $(cat "$dist/$name.zip.sha256") ($(du -h "$dist/$name.zip" | cut -f1))"
	echo "windows: $(cat "$dist/$name-setup.exe.sha256") ($(du -h "$dist/$name-setup.exe" | cut -f1))"
}

case "${1:-}" in
build)
	shift
	build "$@"
	;;
release)
	release
	;;
*) fail "usage: windows.sh build OUT VERSION COMMIT | windows.sh release" ;;
esac
