#!/usr/bin/env bash
# make demo: a local InspIRCd on 127.0.0.1 (a free port, a temp dir), bots posting sample
# traffic into #natter and #demo (scripts/demo-bot.py), and Natter connected to it. No network,
# no account. Closing Natter stops the bots and the server and removes the temp dir.
#
#   scripts/demo.sh [NATTER_BINARY]      (NICK=name picks your nick; default: your login name)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
natter="${1:-$here/../.build/release/natter}"

if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    echo "demo: no display (neither DISPLAY nor WAYLAND_DISPLAY is set): Natter needs a desktop session" >&2
    exit 1
fi
for tool in inspircd python3; do
    command -v "$tool" >/dev/null || { echo "demo: $tool is not installed (make demo installs inspircd)" >&2; exit 1; }
done
[ -x "$natter" ] || { echo "demo: no natter binary at $natter (make demo builds it)" >&2; exit 1; }

# Your nick: NICK, else the login name, cut to what IRC allows.
nick="${NICK:-${USER:-$(id -un 2>/dev/null || echo natter)}}"
nick="$(printf '%s' "$nick" | tr -cd 'A-Za-z0-9_[]{}\\|^`-' | cut -c1-16)"
case "$nick" in ''|[0-9-]*) nick="natter" ;; esac

dir="$(mktemp -d "${TMPDIR:-/tmp}/natter-demo.XXXXXX")"
server_pid="" bot_pid=""
cleanup() {
    trap - EXIT INT TERM
    set +e
    [ -n "$bot_pid" ] && kill "$bot_pid" 2>/dev/null && wait "$bot_pid" 2>/dev/null
    if [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; then
        for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null
    fi
    rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

cat > "$dir/inspircd.conf" <<EOF
<server name="irc.demo.local" description="Natter demo server" network="NatterDemo">
<admin name="Demo" nick="Demo" email="demo@example.org">
<path configdir="$dir" datadir="$dir" logdir="$dir">
<pid file="$dir/inspircd.pid">
<log method="file" type="* -USERINPUT -USEROUTPUT" level="default" target="$dir/ircd.log">
<bind address="127.0.0.1" port="$port" type="clients">
<connect allow="*" localmax="100" globalmax="100" maxconnwarn="no" threshold="100" useident="no" resolvehostnames="no">
<dns server="127.0.0.1" timeout="1">
<chanhistory maxlines="50" prefixmsg="yes" bots="yes">
<options defaultmodes="ntoH 50:1d">
EOF
for module in cap ircv3 ircv3_servertime ircv3_msgid ircv3_echomessage ircv3_batch ircv3_labeledresponse \
              ircv3_ctctags ircv3_accounttag ircv3_chghost ircv3_invitenotify ircv3_capnotify namesx uhnames \
              setname monitor chanhistory; do
    echo "<module name=\"$module\">" >> "$dir/inspircd.conf"
done

# InspIRCd refuses root without --runasroot; no core files from it.
runasroot=()
[ "$(id -u)" -eq 0 ] && runasroot=(--runasroot)
(ulimit -c 0; exec inspircd --nofork "${runasroot[@]}" --config "$dir/inspircd.conf") >"$dir/inspircd.out" 2>&1 &
server_pid=$!

# Ready when the port accepts connections.
for _ in $(seq 100); do
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "demo: inspircd did not start:" >&2
        cat "$dir/inspircd.out" >&2
        exit 1
    fi
    python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=1).close()' \
        "$port" 2>/dev/null && break
    sleep 0.1
done

python3 "$here/demo-bot.py" "$port" "$nick" >"$dir/bot.log" 2>&1 &
bot_pid=$!
# The bots make the channels first (topics, operators, the first lines of history).
for _ in $(seq 150); do
    grep -q '^ready$' "$dir/bot.log" && break
    if ! kill -0 "$bot_pid" 2>/dev/null; then
        echo "demo: the bot stopped:" >&2
        cat "$dir/bot.log" >&2
        exit 1
    fi
    sleep 0.1
done

echo "demo: InspIRCd on 127.0.0.1:$port, bots in #natter and #demo; you are $nick. Close Natter (Ctrl+Q) to stop."
status=0
# The demo's logs go to the temp dir, not to your own.
XDG_DATA_HOME="$dir/data" "$natter" --server "127.0.0.1:$port" --no-tls --nick "$nick" --join '#natter,#demo' || status=$?
exit "$status"
