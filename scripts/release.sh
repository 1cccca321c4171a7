#!/bin/sh
# make release: bin/release/conductor-VERSION-linux-amd64.tar.xz and its .sha256, built
# from the commit HEAD points at (its files as committed: `git archive`, so work
# in progress in the tree never gets in) with -trimpath, stripped (-s -w), the
# version and commit stamped in (conductor --version).
#
# VERSION is the tag vVERSION on HEAD; pass VERSION=… to build another. It must
# be FyneApp.toml's Version and have a <release> in the AppStream metainfo.
#
# Reproducible: the same commit gives the same archive, byte for byte, with the
# same Go and librsvg, wherever the repository is (make release-check shows it):
# no build paths (-trimpath, a clean copy of the sources), no VCS stamping, every
# file's time the commit's, sorted names, root's owner, fixed modes, xz on one thread.
set -eu
cd "$(dirname "$0")/.."
command -v go >/dev/null || PATH=$PATH:/usr/local/go/bin
version=${VERSION:-}
if [ -z "$version" ]; then
	tag=$(git describe --tags --exact-match --match 'v[0-9]*' HEAD 2>/dev/null) || {
		echo "release: HEAD carries no version tag: tag it (git tag v1.2.3) or pass VERSION=1.2.3" >&2
		exit 1
	}
	version=${tag#v}
fi
# Checked in the commit built, not in the work tree.
app=$(git show HEAD:FyneApp.toml | sed -n 's/^Version *= *"\(.*\)"/\1/p')
if [ "$version" != "$app" ]; then
	echo "release: the version is $version but FyneApp.toml says $app" >&2
	exit 1
fi
if ! git show HEAD:assets/linux/io.github.dunconductor.conductor.metainfo.xml | grep -q "<release version=\"$version\""; then
	echo "release: assets/linux/io.github.dunconductor.conductor.metainfo.xml has no <release version=\"$version\">" >&2
	exit 1
fi
commit=$(git rev-parse HEAD)
epoch=$(git log -1 --format=%ct HEAD)
name=conductor-$version-linux-amd64
dist=$(realpath -m "${DIST:-bin/release}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "release: $name from commit $commit"
mkdir "$work/src"
git archive HEAD | tar -x -C "$work/src"
(
	cd "$work/src"
	CGO_ENABLED=1 GOOS=linux GOARCH=amd64 go build -trimpath -buildvcs=false \
		-ldflags "-s -w -X main.version=$version -X main.commit=$commit" \
		-o "$work/conductor" ./cmd/conductor
	sh scripts/install.sh stage "$work/conductor" "$work/$name/usr/local"
	cp assets/linux/archive.mk "$work/$name/Makefile"
	cp scripts/install.sh "$work/$name/install.sh"
)
find "$work/$name" -type d -exec chmod 0755 {} +
find "$work/$name" -type f -exec chmod 0644 {} +
chmod 0755 "$work/$name/usr/local/bin/conductor" "$work/$name/install.sh"
mkdir -p "$dist"
rm -f "$dist/$name.tar.xz" "$dist/$name.tar.xz.sha256"
tar --sort=name --mtime="@$epoch" --owner=0 --group=0 --numeric-owner --format=gnu \
	-C "$work" -cf - "$name" | xz -T1 -6 >"$dist/$name.tar.xz"
(cd "$dist" && sha256sum "$name.tar.xz" >"$name.tar.xz.sha256")
echo "release: $(cat "$dist/$name.tar.xz.sha256") ($(du -h "$dist/$name.tar.xz" | cut -f1))"
