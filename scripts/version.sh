#!/bin/sh
# Prints the version a build is stamped with (conductor --version):
#   X.Y.Z              HEAD carries the tag vX.Y.Z (a release)
#   X.Y.Z-N-gHASH      N commits after the newest such tag
#   X.Y.Z-dev+HASH     no tag yet: FyneApp.toml's Version, before its release
# With "commit" as its argument it prints the commit instead (12 digits,
# "+changes" when the work tree has uncommitted changes), or nothing outside Git.
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" = commit ]; then
	c=$(git rev-parse --short=12 HEAD 2>/dev/null) || exit 0
	git diff --quiet HEAD -- 2>/dev/null || c="$c+changes"
	echo "$c"
	exit 0
fi
if d=$(git describe --tags --match 'v[0-9]*' 2>/dev/null); then
	echo "${d#v}"
	exit 0
fi
v=$(sed -n 's/^Version *= *"\(.*\)"/\1/p' FyneApp.toml)
if h=$(git rev-parse --short=12 HEAD 2>/dev/null); then
	echo "$v-dev+$h"
else
	echo "$v-dev"
fi
