#!/usr/bin/env bash
# Installs the Debian packages named as arguments that are not installed yet.
# Uses apt-get directly as root, through sudo otherwise, and says clearly what to do when
# neither works. Installs nothing (and needs no network) when everything is there.
set -euo pipefail

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "ensure-deps: this is not a Debian-based system (no dpkg-query)." >&2
    echo "ensure-deps: install these packages (or your system's equivalents) by hand: $*" >&2
    exit 1
fi

missing=()
for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "ensure-deps: installing missing packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
    run=()
elif command -v sudo >/dev/null 2>&1; then
    run=(sudo)
else
    echo "ensure-deps: not root and no sudo: cannot install ${missing[*]}." >&2
    echo "ensure-deps: as root, run: apt-get install ${missing[*]}" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if ! "${run[@]}" apt-get update -q >/dev/null || \
   ! "${run[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"; then
    echo "ensure-deps: apt-get could not install: ${missing[*]}" >&2
    echo "ensure-deps: run it by hand: ${run[*]} apt-get install ${missing[*]}" >&2
    exit 1
fi
