#!/bin/sh
# Builds the Debian package conductor_VERSION_amd64.deb with the distribution's
# own tools (dpkg-shlibdeps, dpkg-deb; lintian checks it):
#
#   deb.sh build BIN VERSION OUTDIR   from a built binary (make deb: make build's)
#   deb.sh release                    from the release archive make release just
#                                     built (bin/release/conductor-VERSION-linux-amd64.tar.xz),
#                                     beside it, reproducibly
#
# The package installs what `make install` installs (scripts/install.sh stage),
# under /usr instead of /usr/local: the binary, the menu entry, the metainfo,
# the .dunsave MIME type and the icons; and /usr/share/doc/conductor with its
# copyright file (assets/linux/debian/copyright), NOTICE and changelog. Depends
# comes from the libraries the binary links (dpkg-shlibdeps), never by hand.
# The desktop's caches (menus, MIME types, icons) are refreshed by the
# triggers of desktop-file-utils, shared-mime-info and the icon theme: no
# maintainer scripts. Section misc, not games: Debian's games live in
# /usr/games, and the binary stays where the menu entry's Exec finds it.
#
# Reproducible: every file's time is SOURCE_DATE_EPOCH (the commit's time
# unless given), owner root, fixed modes; dpkg-deb takes the same epoch.
set -eu
cd "$(dirname "$0")/.."
root_dir=$(pwd)
ID=io.github.dunconductor.conductor

fail() {
	echo "deb: $*" >&2
	exit 1
}

# debian_version: our version as Debian orders it: X.Y.Z stays; X.Y.Z-dev+HASH
# (before its release) becomes X.Y.Z~dev+HASH, which sorts before X.Y.Z;
# X.Y.Z-N-gHASH (after it) becomes X.Y.Z+N.gHASH.
debian_version() {
	echo "$1" | sed -e 's/-dev/~dev/' -e 's/-\([0-9][0-9]*\)-g/+\1.g/' -e 's/+changes$//' -e 's/-/./g'
}

build() {
	bin=$1 version=$2 out=$3
	[ -x "$bin" ] || fail "$bin is not a built binary"
	command -v dpkg-deb >/dev/null && command -v dpkg-shlibdeps >/dev/null || fail "dpkg-dev is needed (make deb installs it)"
	debver=$(debian_version "$version")
	epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct HEAD 2>/dev/null || date +%s)}
	export SOURCE_DATE_EPOCH=$epoch
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
	pkg=$work/pkg

	sh scripts/install.sh stage "$bin" "$pkg/usr"
	# Debian strips its binaries (the release's is already stripped: -s -w).
	strip --strip-unneeded --remove-section=.comment --remove-section=.note "$pkg/usr/bin/conductor"
	doc=$pkg/usr/share/doc/conductor
	install -D -m 0644 assets/linux/debian/copyright "$doc/copyright"
	gzip -9n <NOTICE >"$doc/NOTICE.gz"
	date=$(date -u -R -d "@$epoch")
	cat >"$work/changelog" <<EOF
conductor ($debver) unstable; urgency=medium

  * Conductor $version, from commit ${COMMIT:-$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)}.
    Release notes: the AppStream metainfo in /usr/share/metainfo.

 -- The Conductor developers <conductor@dunconductor.invalid>  $date
EOF
	gzip -9n <"$work/changelog" >"$doc/changelog.gz"

	# Depends: what the binary links, as dpkg-shlibdeps finds it (it reads a
	# debian/control beside the tree).
	mkdir -p "$work/src/debian"
	printf 'Source: conductor\n\nPackage: conductor\nArchitecture: amd64\n' >"$work/src/debian/control"
	depends=$(cd "$work/src" && dpkg-shlibdeps -O -e"$pkg/usr/bin/conductor" 2>"$work/shlibdeps.err" | sed -n 's/^shlibs:Depends=//p') || true
	[ -n "$depends" ] || {
		cat "$work/shlibdeps.err" >&2
		fail "dpkg-shlibdeps found no libraries"
	}

	size=$(du -k -s --apparent-size "$pkg" | cut -f1)
	mkdir -p "$pkg/DEBIAN"
	cat >"$pkg/DEBIAN/control" <<EOF
Package: conductor
Version: $debver
Architecture: amd64
Maintainer: The Conductor developers <conductor@dunconductor.invalid>
Installed-Size: $size
Depends: $depends
Section: misc
Priority: optional
Homepage: https://github.com/dunconductor/conductor
Description: companion app that runs the AI side of board games
 Conductor runs the Artificial Dark Player of Dungeon Universalis beside a
 physical board, step by step, in English or Spanish; it also leads Dungeon
 Twister and Dragon Canyon. Every step is saved, undone or redone, and a game
 or a campaign travels to another table as a .dunsave file.
EOF
	(cd "$pkg" && find usr -type f | sort | xargs md5sum) >"$pkg/DEBIAN/md5sums"
	find "$pkg" -type d -exec chmod 0755 {} +
	find "$pkg" -type f -exec chmod 0644 {} +
	chmod 0755 "$pkg/usr/bin/conductor"
	find "$pkg" -exec touch -h -d "@$epoch" {} +
	mkdir -p "$out"
	deb=$out/conductor_${debver}_amd64.deb
	rm -f "$deb"
	dpkg-deb --root-owner-group -Zxz -z9 --build "$pkg" "$deb" >/dev/null
	echo "$deb"
}

release() {
	version=${VERSION:-}
	if [ -z "$version" ]; then
		tag=$(git describe --tags --exact-match --match 'v[0-9]*' HEAD 2>/dev/null) || fail "HEAD carries no version tag: pass VERSION=…"
		version=${tag#v}
	fi
	dist=$(realpath -m "${DIST:-bin/release}")
	archive=$dist/conductor-$version-linux-amd64.tar.xz
	[ -f "$archive" ] || fail "$archive is missing: make release builds it first"
	tmp=$(mktemp -d)
	tar -xJf "$archive" -C "$tmp" "conductor-$version-linux-amd64/usr/local/bin/conductor"
	# The package's other files as committed, like the archive's.
	mkdir "$tmp/src"
	git archive HEAD | tar -x -C "$tmp/src"
	(
		cd "$tmp/src"
		SOURCE_DATE_EPOCH=$(cd "$root_dir" && git log -1 --format=%ct HEAD) COMMIT=$(cd "$root_dir" && git rev-parse --short=12 HEAD) \
			sh scripts/deb.sh build "$tmp/conductor-$version-linux-amd64/usr/local/bin/conductor" "$version" "$dist"
	) >"$tmp/deb"
	deb=$(cat "$tmp/deb")
	rm -rf "$tmp"
	name=$(basename "$deb")
	(cd "$dist" && sha256sum "$name" >"$name.sha256")
	echo "deb: $(cat "$dist/$name.sha256")"
}

case ${1:-}/$# in
build/4) build "$2" "$3" "$4" ;;
release/1) release ;;
*)
	echo "usage: deb.sh build BIN VERSION OUTDIR | release   (VERSION, DIST, SOURCE_DATE_EPOCH from the environment)" >&2
	exit 2
	;;
esac
