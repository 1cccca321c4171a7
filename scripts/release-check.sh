#!/bin/sh
# make release-check: the release archive is reproducible and installs.
#   1. Two clones of the commit HEAD is at when it starts, at two different paths, each tagged
#      vVERSION (FyneApp.toml's version), each runs `make release` (the version
#      from the tag); the two archives must have the same SHA-256. With
#      RELEASE_CHECK_COLD=1 the second build starts from an empty Go build cache,
#      so that every package is compiled again (about 6 more minutes).
#   2. One archive unpacked, installed with its own Makefile into a temporary
#      DESTDIR (PREFIX=/usr): the same files as make install, a binary that is
#      stripped, built with -trimpath and says the version; then uninstalled.
# Not part of make test: the first -trimpath build compiles everything once
# more (about 5 minutes on 2 cores; later runs take the build cache's).
set -eu
cd "$(dirname "$0")/.."
command -v go >/dev/null || PATH=$PATH:/usr/local/go/bin
head=$(git rev-parse HEAD) # both clones build this commit, whatever is committed meanwhile
version=$(git show "$head:FyneApp.toml" | sed -n 's/^Version *= *"\(.*\)"/\1/p')
name=conductor-$version-linux-amd64
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
	echo "release-check: $*" >&2
	exit 1
}

for side in one two; do
	dir=$tmp/$side/conductor-checkout-$side
	git clone -q --no-hardlinks . "$dir"
	git -C "$dir" checkout -q --detach "$head"
	git -C "$dir" tag -f "v$version" HEAD >/dev/null
	start=$(date +%s)
	if [ "$side" = two ] && [ "${RELEASE_CHECK_COLD:-}" = 1 ]; then
		GOCACHE=$tmp/gocache make --no-print-directory -C "$dir" release >"$tmp/$side.log" 2>&1 || {
			cat "$tmp/$side.log"
			fail "make release failed in $dir"
		}
	else
		make --no-print-directory -C "$dir" release >"$tmp/$side.log" 2>&1 || {
			cat "$tmp/$side.log"
			fail "make release failed in $dir"
		}
	fi
	sum=$(cut -d' ' -f1 "$dir/bin/release/$name.tar.xz.sha256")
	echo "release-check: build $side ($dir): $sum, $(($(date +%s) - start)) s"
	eval "sum_$side=$sum"
done
# shellcheck disable=SC2154 # set by eval
if [ "$sum_one" != "$sum_two" ]; then
	# Keep both, and say which files differ.
	keep=$(realpath -m bin/release-check)
	rm -rf "$keep"
	for side in one two; do
		mkdir -p "$keep/$side"
		cp "$tmp/$side/conductor-checkout-$side/bin/release/$name.tar.xz" "$keep/$side/"
		tar -xJf "$keep/$side/$name.tar.xz" -C "$keep/$side"
	done
	diff -rq "$keep/one/$name" "$keep/two/$name" >&2 || true
	fail "the two archives differ: the release is not reproducible (both kept in $keep)"
fi
(cd "$tmp/one/conductor-checkout-one/bin/release" && sha256sum -c --quiet "$name.tar.xz.sha256") || fail "the .sha256 does not match"
echo "release-check: both builds give the same archive"

archive=$tmp/one/conductor-checkout-one/bin/release/$name.tar.xz
mkdir "$tmp/unpacked"
tar -xJf "$archive" -C "$tmp/unpacked"
[ "$(ls "$tmp/unpacked")" = "$name" ] || fail "the archive does not unpack into $name/"
make --no-print-directory -s -C "$tmp/unpacked/$name" install DESTDIR="$tmp/root" PREFIX=/usr >/dev/null
got=$(cd "$tmp/root" && find . -type f | sed 's|^\./||' | sort)
want=$(sh scripts/install.sh files | sed 's|^|usr/|' | sort)
[ "$got" = "$want" ] || fail "the archive's make install put other files than make install:
$got"
bin=$tmp/root/usr/bin/conductor
"$bin" --version >"$tmp/version"
grep -q "^Conductor $version\$" "$tmp/version" || fail "conductor --version says: $(cat "$tmp/version")"
grep -q "commit $(git rev-parse --short=12 "$head")," "$tmp/version" || fail "conductor --version names another commit: $(cat "$tmp/version")"
! readelf -S "$bin" | grep -q '\.symtab\|\.debug_' || fail "the binary is not stripped"
go version -m "$bin" | grep -q -- '-trimpath=true' || fail "the binary was not built with -trimpath"
make --no-print-directory -s -C "$tmp/unpacked/$name" uninstall DESTDIR="$tmp/root" PREFIX=/usr >/dev/null
[ -z "$(find "$tmp/root" -type f)" ] || fail "the archive's make uninstall left files"
echo "release-check: $name.tar.xz ($(du -h "$archive" | cut -f1)) unpacks, installs with its Makefile (the same files as make install), says $(head -1 "$tmp/version"), and uninstalls"
