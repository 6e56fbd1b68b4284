#!/usr/bin/env bash
# Runs a command (the test suite) in an environment of its own, so that the machine does not
# decide what the tests see and the tests leave nothing in the user's home:
#
# - HOME and every XDG folder inside a temporary folder, removed afterwards;
# - Enchant asks Hunspell with the dictionaries of the Makefile's DICT_DEPS only (its own
#   ordering file: Debian's prefers Aspell for English, when aspell-en happens to be there);
# - fontconfig sees exactly the font files of the Makefile's FONT_DEPS, read with dpkg -L
#   (fontconfig's fallback order depends on every font installed), its cache in the folder;
# - the C locale with UTF-8, UTC, no session bus but the ones tests start, no desktop scale,
#   input method or SDL setting inherited from the desktop the command was started from, and
#   the software renderer (a machine with a GPU render node would otherwise draw with GL).
#
# Afterwards it fails when anything new appeared in the real home (four levels deep, the
# repository itself left out): a test that found the user's home by another way than HOME.
#
#   FONT_DEPS="fonts-…" DICT_DEPS="hunspell-…" scripts/test-env.sh COMMAND [ARG…]
#
# NATTER_HOME_CHECK=off skips the check (on a desktop where other programs write to the home
# while the tests run); the environment is pinned all the same.
set -euo pipefail

[ $# -gt 0 ] || { echo "usage: $0 COMMAND [ARG…]" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/.." && pwd)
real_home=${HOME:-}
font_packages=${FONT_DEPS:?"FONT_DEPS names the font packages the tests may use (the Makefile sets it)"}
dict_packages=${DICT_DEPS:?"DICT_DEPS names the dictionary packages the tests may use (the Makefile sets it)"}

root=$(mktemp -d "${TMPDIR:-/tmp}/natter-test-env.XXXXXX")
cleanup() { rm -rf "$root"; }
trap cleanup EXIT

# Files of installed packages whose names match a pattern; fails naming a missing package.
package_files() {
    local pattern=$1; shift
    local package
    for package in "$@"; do
        dpkg -L "$package" >/dev/null 2>&1 || { echo "test-env: $package is not installed (make test-deps installs it)" >&2; return 1; }
        dpkg -L "$package" | grep -E "$pattern" || true
    done
}

# Fonts: the packages' files and nothing else. The system's rules (aliases such as "emoji",
# per-language preferences) still apply, but only to these files.
mapfile -t fonts < <(package_files '\.(ttf|ttc|otf)$' $font_packages)
[ ${#fonts[@]} -gt 0 ] || { echo "test-env: the packages $font_packages hold no font files" >&2; exit 1; }
{
    echo '<?xml version="1.0"?>'
    echo '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">'
    echo '<!-- Written by scripts/test-env.sh: the fonts the Makefile installs, and only them. -->'
    echo '<fontconfig>'
    printf '%s\n' "${fonts[@]}" | xargs -n1 dirname | sort -u | sed 's|.*|  <dir>&</dir>|'
    echo "  <cachedir>$root/cache/fontconfig</cachedir>"
    echo '  <include ignore_missing="yes">/etc/fonts/conf.d</include>'
    echo '  <selectfont>'
    echo '    <acceptfont>'
    printf '      <glob>%s</glob>\n' "${fonts[@]}"
    echo '    </acceptfont>'
    echo '    <rejectfont><glob>*</glob></rejectfont>'
    echo '  </selectfont>'
    echo '</fontconfig>'
} > "$root/fonts.conf"

# Spelling: Hunspell first for every language (a user ordering file overrides the system's per
# language), with the dictionaries of DICT_DEPS. Enchant keeps personal word lists here too.
mkdir -p "$root/enchant"
package_files '\.dic$' $dict_packages > "$root/dictionaries"
[ -s "$root/dictionaries" ] || { echo "test-env: the packages $dict_packages hold no .dic files" >&2; exit 1; }
languages=$(xargs -n1 basename < "$root/dictionaries" | sed 's/\.dic$//' | sort -u)
{
    echo '*:hunspell'
    for language in $languages; do echo "$language:hunspell"; done
} > "$root/enchant/enchant.ordering"

mkdir -p "$root/home" "$root/config" "$root/data" "$root/state" "$root/cache" "$root/run"
chmod 700 "$root/run"

# Everything the desktop the command was started from could pass on and the tests read.
for name in $(env | sed -n 's/^\(SDL_[A-Z0-9_]*\)=.*/\1/p'); do unset "$name"; done
unset DISPLAY WAYLAND_DISPLAY XAUTHORITY XDG_SESSION_TYPE XDG_CURRENT_DESKTOP XDG_SESSION_DESKTOP \
      DESKTOP_SESSION GDK_SCALE GDK_DPI_SCALE QT_SCALE_FACTOR QT_AUTO_SCREEN_SCALE_FACTOR \
      QT_SCREEN_SCALE_FACTORS QT_ENABLE_HIGHDPI_SCALING XMODIFIERS GTK_IM_MODULE QT_IM_MODULE \
      LANGUAGE LC_CTYPE LC_MESSAGES LC_TIME LC_NUMERIC LC_COLLATE DBUS_SYSTEM_BUS_ADDRESS \
      AT_SPI_BUS_ADDRESS GNOME_KEYRING_CONTROL SSH_AUTH_SOCK ENCHANT_PREFIX TZDIR NATTER_CONFIG
export HOME="$root/home" \
       XDG_CONFIG_HOME="$root/config" XDG_DATA_HOME="$root/data" XDG_STATE_HOME="$root/state" \
       XDG_CACHE_HOME="$root/cache" XDG_RUNTIME_DIR="$root/run" \
       XDG_DATA_DIRS=/usr/local/share:/usr/share XDG_CONFIG_DIRS=/etc/xdg \
       FONTCONFIG_FILE="$root/fonts.conf" ENCHANT_CONFIG_DIR="$root/enchant" \
       LANG=C.UTF-8 LC_ALL=C.UTF-8 TZ=UTC \
       DBUS_SESSION_BUS_ADDRESS="unix:path=$root/run/no-session-bus" \
       NATTER_RENDERER=software NATTER_TEST_ENV="$root"

# What the real home holds now, to four levels (the repository left out when it lies inside).
home_listing() {
    [ -n "$real_home" ] && [ -d "$real_home" ] || return 0
    find "$real_home" -xdev -maxdepth 4 -path "$repo" -prune -o -print 2>/dev/null | sort
}
check_home=${NATTER_HOME_CHECK:-on}
[ "$check_home" = off ] || home_listing > "$root/home-before"

status=0
"$@" || status=$?

if [ "$check_home" != off ]; then
    home_listing > "$root/home-after"
    left=$(comm -13 "$root/home-before" "$root/home-after")
    if [ -n "$left" ]; then
        echo "test-env: the tests left these in the real home ($real_home); a test must use the HOME and XDG folders it is given:" >&2
        echo "$left" | head -40 | sed 's/^/  /' >&2
        echo "test-env: (if another program of yours wrote them while the tests ran, NATTER_HOME_CHECK=off skips this check)" >&2
        [ $status -ne 0 ] || status=1
    fi
fi
exit $status
