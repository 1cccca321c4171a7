#!/bin/sh
# make deb-check: the Debian package as a person gets it, on this machine
# (root, or sudo):
#   1. lintian on the .deb: no errors (its warnings are printed);
#   2. apt-get install ./conductor_*.deb: the files dpkg -L lists are there;
#   3. `conductor --version` run from the installed menu entry's Exec line
#      (field codes such as %f dropped), as a desktop would start it;
#   4. apt-get remove, then purge: the package is gone and so is every file
#      dpkg -L listed before.
# It refuses to run when conductor is already installed as a package (it
# would remove a real install).
#   debcheck.sh DEB
set -eu
deb=$(realpath "$1")
ID=io.github.dunconductor.conductor
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
fail() {
	echo "deb-check: $*" >&2
	exit 1
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if dpkg-query -W -f='${Status}' conductor 2>/dev/null | grep -q "ok installed"; then
	fail "a conductor package is installed already: remove it first (apt-get purge conductor)"
fi

# 1. lintian: errors fail, warnings are shown.
lintian --no-tag-display-limit "$deb" >"$tmp/lintian" 2>/dev/null || true
cat "$tmp/lintian"
if grep -q '^E:' "$tmp/lintian"; then
	fail "lintian reports errors"
fi

# 2. Installed with apt, which also installs what Depends names.
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >"$tmp/apt.log" 2>&1 || {
	cat "$tmp/apt.log"
	fail "apt-get install failed"
}
dpkg -L conductor | sort >"$tmp/listed"
for f in /usr/bin/conductor /usr/share/applications/$ID.desktop /usr/share/metainfo/$ID.metainfo.xml \
	/usr/share/mime/packages/$ID.xml /usr/share/icons/hicolor/scalable/apps/$ID.svg \
	/usr/share/icons/hicolor/256x256/apps/$ID.png /usr/share/doc/conductor/copyright; do
	grep -qx "$f" "$tmp/listed" || fail "the package does not list $f"
	[ -f "$f" ] || fail "$f is not installed"
done
# The MIME database knows .dunsave after dpkg's triggers ran.
grep -q 'application/x-dunsave' /usr/share/mime/globs2 || fail "the .dunsave type is not in the MIME database"

# 3. The menu entry's Exec line, field codes dropped, with --version.
exec_line=$(sed -n 's/^Exec=//p' /usr/share/applications/$ID.desktop | head -n 1 | sed 's/ *%[fFuUdDnNickvm]//g')
[ -n "$exec_line" ] || fail "the menu entry has no Exec line"
# shellcheck disable=SC2086 # the Exec line is split into words as a desktop does
out=$(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$tmp" $exec_line --version) || fail "$exec_line --version failed"
echo "$exec_line --version: $out"
case $out in
Conductor\ *) ;;
*) fail "$exec_line --version printed: $out" ;;
esac

# 4. Removed, then purged: nothing it listed is left.
$sudo env DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq conductor >"$tmp/apt.log" 2>&1 || {
	cat "$tmp/apt.log"
	fail "apt-get remove failed"
}
# With no configuration files, remove leaves nothing for apt-get purge to
# find; dpkg --purge then only says so.
if dpkg-query -W conductor >/dev/null 2>&1; then
	$sudo env DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq conductor >"$tmp/apt.log" 2>&1 || {
		cat "$tmp/apt.log"
		fail "apt-get purge failed"
	}
fi
$sudo dpkg --purge conductor >/dev/null 2>&1 || fail "dpkg --purge failed"

if dpkg-query -W -f='${Status}' conductor 2>/dev/null | grep -q "installed"; then
	fail "conductor is still known to dpkg: $(dpkg-query -W -f='${Status}' conductor)"
fi
left=""
while read -r f; do
	if [ -f "$f" ] || [ -L "$f" ]; then
		left="$left $f"
	fi
done <"$tmp/listed"
[ -z "$left" ] || fail "files left after purge:$left"
if grep -q 'application/x-dunsave' /usr/share/mime/globs2; then
	fail "the .dunsave type is still in the MIME database after purge"
fi
echo "deb-check: $(basename "$deb"): lintian without errors, installed, $exec_line --version ran, removed and purged leaving none of its $(wc -l <"$tmp/listed") paths"
