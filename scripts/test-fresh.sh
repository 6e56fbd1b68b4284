#!/usr/bin/env bash
# make test-fresh: the whole `make test` of a fresh clone of HEAD, in a minimal Debian bookworm
# root where nothing is installed but what debootstrap's minbase brings, the Swift toolchain's
# own requirements and what the Makefile installs itself. A machine with more installed than a
# user's (CI's, a developer's) cannot hide a missing install step from it.
#
# Needs root (debootstrap, chroot, mounts) and Debian's package mirror. Cached between runs in
# NATTER_FRESH_CACHE (default /var/cache/natter-test-fresh): the debootstrap root and every
# package downloaded. Each run starts from a copy of the root, so what make test installs is
# installed anew every time. The Swift toolchain (and a local mirror of Swift packages, when git
# is set to read github.com from a folder) is bind-mounted read-only from the host.
#
#   FRESH_EXTRA="aspell-en"   packages installed before make test (a machine with more on it)
#   FRESH_KEEP=1              keep the run's root afterwards (NATTER_FRESH_CACHE/run)
#   FRESH_COMMAND="make test FILTER=Spelling"   another command than make test
#
# Writes the log to NATTER_FRESH_CACHE/logs/ and the failed tests' artifacts (golden diffs) to
# test-artifacts/fresh/; prints the failures and the exit status of make test.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cache=${NATTER_FRESH_CACHE:-/var/cache/natter-test-fresh}
suite=bookworm
base=$cache/$suite-base
run=$cache/run
logs=$cache/logs

[ "$(id -u)" -eq 0 ] || { echo "test-fresh: needs root (debootstrap, chroot and bind mounts)" >&2; exit 1; }
swift=$(command -v "${SWIFT:-swift}") || { echo "test-fresh: no Swift toolchain on PATH" >&2; exit 1; }
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$swift")")")")   # …/usr/bin/swift → …
[ -x "$toolchain/usr/bin/swift" ] || { echo "test-fresh: cannot tell the toolchain's folder from $swift" >&2; exit 1; }
"$repo/scripts/ensure-deps.sh" debootstrap

# What a person installs with the toolchain: the packages Swift's own instructions for Debian 12
# name (pkg-config left out: the Makefile installs it), plus make and git to get and run the
# Makefile, and certificates for apt.
TOOLCHAIN_DEPS="binutils gcc libc6-dev libstdc++-12-dev libicu-dev libcurl4-openssl-dev libedit-dev
libsqlite3-dev libncurses-dev libpython3-dev libxml2-dev uuid-dev tzdata git make ca-certificates"

# The host's Debian mirror (the first URI of its deb822 or one-line sources), else Debian's own.
mirror=$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p; s/^deb  *\(http[^ ]*debian\/\?\) .*/\1/p' \
             /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null | grep -v security | head -1 || true)
mirror=${mirror:-http://deb.debian.org/debian}

mounted=()
unmount_all() {
    local i
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
        umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" 2>/dev/null || true
    done
    mounted=()
}
trap unmount_all EXIT
bind() {   # bind SOURCE TARGET [ro]
    mkdir -p "$2"
    mount --bind "$1" "$2"; mounted+=("$2")
    [ "${3:-}" != ro ] || mount -o remount,bind,ro "$2"
}

mkdir -p "$cache" "$logs" "$cache/apt-archives/partial"
if [ ! -e "$base/.natter-complete" ]; then
    echo "test-fresh: making a minimal $suite root with debootstrap (once; kept in $base)"
    rm -rf "$base"
    debootstrap --variant=minbase --cache-dir="$cache/apt-archives" \
        --include="$(echo $TOOLCHAIN_DEPS | tr ' ' ',')" "$suite" "$base" "$mirror"
    # The host's Debian sources (updates and security too), so versions match a current system.
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        cp /etc/apt/sources.list.d/debian.sources "$base/etc/apt/sources.list.d/"
        : > "$base/etc/apt/sources.list"
    fi
    # Packages' maintainer scripts must not start services (InspIRCd, ZNC) inside the root.
    printf '#!/bin/sh\nexit 101\n' > "$base/usr/sbin/policy-rc.d"
    chmod 755 "$base/usr/sbin/policy-rc.d"
    touch "$base/.natter-complete"
fi

# Removes the run's root, never while anything is mounted inside it (a bound /dev or toolchain
# would be emptied on the host).
remove_run() {
    if findmnt -rn -o TARGET | grep -q "^$run\(/\|$\)"; then
        echo "test-fresh: something is still mounted under $run; unmount it (umount -R $run) and run again" >&2
        return 1
    fi
    rm -rf "$run"
}

echo "test-fresh: copying the root"
remove_run
cp -a "$base" "$run"
cp /etc/resolv.conf "$run/etc/resolv.conf" 2>/dev/null || true

bind /proc "$run/proc"
bind /sys "$run/sys"
bind /dev "$run/dev"
bind /dev/pts "$run/dev/pts"
mkdir -p "$run/dev/shm"; mount -t tmpfs -o mode=1777 tmpfs "$run/dev/shm"; mounted+=("$run/dev/shm")
bind "$cache/apt-archives" "$run/var/cache/apt/archives"
bind "$toolchain" "$run$toolchain" ro
# github.com read from a local folder (this workplace's mirror of Swift packages): the same rule
# and folder inside, so SwiftPM resolves the same versions.
: > "$run/etc/gitconfig"
while read -r key value; do
    folder=${key#url.}; folder=${folder%.insteadof}
    if [ -d "$folder" ]; then
        [ -n "$(findmnt -n "$run$folder" 2>/dev/null)" ] || bind "$folder" "$run$folder" ro
        git config --file "$run/etc/gitconfig" --add "url.$folder.insteadOf" "$value"
    fi
done < <(git config --get-regexp '^url\..*\.insteadof$' 2>/dev/null || true)
git config --file "$run/etc/gitconfig" --add safe.directory '*'

echo "test-fresh: a fresh clone of $(git -C "$repo" rev-parse --short HEAD)"
[ -z "$(git -C "$repo" status --porcelain --untracked-files=no)" ] || \
    echo "test-fresh: note: uncommitted changes are not part of the clone"
mkdir -p "$run/work"
git clone -q "$repo" "$run/work/natter"

export_path="$toolchain/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
in_root() {
    chroot "$run" /usr/bin/env -i HOME=/root PATH="$export_path" TERM=dumb \
        NATTER_REQUIRE_CORPORA=1 DEBIAN_FRONTEND=noninteractive "$@"
}
if [ -n "${FRESH_EXTRA:-}" ]; then
    echo "test-fresh: installing the extra packages $FRESH_EXTRA first"
    in_root apt-get update -q >/dev/null
    in_root apt-get install -y -q --no-install-recommends $FRESH_EXTRA
fi

log=$logs/$(date -u +%Y%m%dT%H%M%SZ)-$(git -C "$repo" rev-parse --short HEAD).log
echo "test-fresh: ${FRESH_COMMAND:-make test} in the root; the log is $log"
status=0
in_root /bin/bash -c "cd /work/natter && ${FRESH_COMMAND:-make test}" > "$log" 2>&1 || status=$?

# What differs: the failed tests, and their artifacts (actual, golden and diff images).
echo "test-fresh: ${FRESH_COMMAND:-make test} exited with $status"
grep -E '✘|error:|ensure-deps|test-env:' "$log" | grep -v 'passed after' | head -60 || true
grep -E '^(✔|✘) Test run' "$log" | tail -2 || true
tail -n 3 "$log"
if [ -d "$run/work/natter/test-artifacts" ]; then
    rm -rf "$repo/test-artifacts/fresh"
    mkdir -p "$repo/test-artifacts"
    cp -a "$run/work/natter/test-artifacts" "$repo/test-artifacts/fresh"
    echo "test-fresh: artifacts of failed tests in test-artifacts/fresh/"
fi
unmount_all
[ "${FRESH_KEEP:-0}" = 1 ] || remove_run
exit $status
