#!/bin/sh
# Installs the Debian/Ubuntu packages named as arguments when any is missing:
# with apt-get as root, through sudo otherwise. Does nothing when all are present.
set -eu
if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "deps: not a Debian or Ubuntu system; make sure these are installed: $*" >&2
	exit 0
fi
missing=""
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: installing$missing"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
