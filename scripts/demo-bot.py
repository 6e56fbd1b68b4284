#!/usr/bin/env python3
"""The bots of `make demo`: a few raw-socket IRC clients that fill #natter and #demo on a local
server with varied sample traffic (formatting, colours, actions, joins and parts, nick changes,
CJK and emoji, links, mentions of the user, long lines), one step every one to two seconds, forever. Ada answers when the user names her.

    demo-bot.py PORT USERNICK

Standard library only. Ends on SIGTERM/SIGINT or when the server goes away.
"""
import itertools
import random
import select
import signal
import socket
import sys
import time

B, I, U, S, M, R, C, H, O = "\x02", "\x1d", "\x1f", "\x1e", "\x11", "\x16", "\x03", "\x04", "\x0f"
ACTION = "\x01ACTION {}\x01"


class Bot:
    def __init__(self, port, nick):
        self.nick = nick
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.buffer = b""
        self.send(f"NICK {nick}")
        self.send(f"USER {nick.lower()} 0 * :Natter demo bot")

    def send(self, line):
        self.sock.sendall(line.encode("utf-8") + b"\r\n")

    def lines(self):
        """The complete lines received so far (reads once; empty when nothing is waiting)."""
        data = self.sock.recv(65536)
        if not data:
            raise ConnectionError(f"{self.nick}: the server closed the connection")
        self.buffer += data
        *complete, self.buffer = self.buffer.split(b"\r\n")
        return [line.decode("utf-8", "replace") for line in complete]


def parse(line):
    """(source nick, command, parameters) of a raw IRC line."""
    if line.startswith("@"):
        line = line.split(" ", 1)[1] if " " in line else ""
    source = ""
    if line.startswith(":"):
        source, _, line = line[1:].partition(" ")
    head, _, trailing = line.partition(" :")
    parts = head.split()
    if not parts:
        return "", "", []
    params = parts[1:] + ([trailing] if " :" in line else [])
    return source.split("!")[0], parts[0].upper(), params


class Demo:
    def __init__(self, port, user):
        self.port = port
        self.user = user
        self.bots = {}

    def connect(self, *nicks):
        """Connects and registers bots (in parallel: InspIRCd registers on a one-second tick)."""
        waiting = {}
        for nick in nicks:
            bot = Bot(self.port, nick)
            waiting[bot.sock] = (nick, bot)
        deadline = time.time() + 15
        while waiting:
            if time.time() > deadline:
                raise TimeoutError("bots not registered within 15 s: " + ", ".join(n for n, _ in waiting.values()))
            ready, _, _ = select.select(list(waiting), [], [], 0.5)
            for sock in ready:
                nick, bot = waiting[sock]
                for line in bot.lines():
                    source, command, params = parse(line)
                    if command == "PING":
                        bot.send("PONG :" + (params[-1] if params else ""))
                    elif command == "433":  # nick in use (perhaps the user's own nick)
                        bot.nick += "_"
                        bot.send(f"NICK {bot.nick}")
                    elif command == "001":
                        self.bots[nick] = bot
                        del waiting[sock]
                        break
        return self.bots[nicks[-1]]

    def bot(self, nick):
        return self.bots.get(nick) or self.connect(nick)

    def pump(self, seconds):
        """Answers PINGs and the user for `seconds`."""
        end = time.time() + seconds
        while True:
            left = end - time.time()
            if left <= 0:
                return
            socks = {bot.sock: bot for bot in self.bots.values()}
            ready, _, _ = select.select(list(socks), [], [], left)
            for sock in ready:
                bot = socks[sock]
                for line in bot.lines():
                    self.handle(bot, line)

    def handle(self, bot, line):
        source, command, params = parse(line)
        if command == "PING":
            bot.send("PONG :" + (params[-1] if params else ""))
        elif command == "PRIVMSG" and bot.nick == "ada" and source.lower() == self.user.lower() and len(params) == 2:
            target, text = params
            if text.startswith("\x01"):
                return
            if target.startswith("#"):
                if "ada" in text.lower():
                    bot.send(f"PRIVMSG {target} :{source}: you called? I am a bot, but a {B}polite{B} one.")
            else:
                bot.send(f"PRIVMSG {source} :Hello {source}, this is a private query. You said: {text}")

    def say(self, nick, channel, text):
        self.bot(nick).send(f"PRIVMSG {channel} :{text}")

    def act(self, nick, channel, text):
        self.say(nick, channel, ACTION.format(text))

    def steps(self):
        """The script: a list of actions, played in a loop."""
        u = self.user
        long_line = ("Here is a long line to show wrapping: Natter breaks lines at word boundaries, keeps the "
                     "nick column aligned, and re-wraps everything when you resize the window. Lorem ipsum dolor "
                     "sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore "
                     "magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris.")
        return [
            lambda: self.say("ada", "#natter", f"Welcome to the {B}Natter{B} demo, {u}! Everything here is local: "
                                               "a throwaway InspIRCd on 127.0.0.1 and a few bots."),
            lambda: self.say("grace", "#natter", f"Formatting: {B}bold{B}, {I}italic{I}, {U}underline{U}, "
                                                 f"{S}strikethrough{S}, {M}monospace{M} and {R}reverse{R}."),
            lambda: self.say("ada", "#natter", f"Colours: {C}04red {C}07orange {C}08yellow {C}03green {C}12blue "
                                               f"{C}06purple{C} and {C}00,02 white on navy {C} and {C}01,08 black on yellow {C}"),
            lambda: self.say("linus", "#demo", f"This is {B}#demo{B}, the second channel: Alt+1…9 or "
                                               "Ctrl+PageUp/PageDown switch buffers."),
            lambda: self.act("ada", "#natter", f"waves at {u}"),
            lambda: self.bot("margaret").send("JOIN #natter"),
            lambda: self.say("grace", "#natter", f"Hex colours: {H}FF8800hex orange{H} and "
                                                 f"{H}00CCFF,202020 sky on charcoal {H}, {B}{I}{C}13bold italic pink{O} reset."),
            lambda: self.say("margaret", "#natter", "日本語も大丈夫: こんにちは、世界！ 中文：你好，世界。한국어: 안녕하세요"),
            lambda: self.say("ken", "#demo", "Emoji in colour: 🎉 🚀 🐧 ❤️ 👩‍💻 🇫🇷 🍣 — mixed with text 😀 works too."),
            lambda: self.say("ada", "#natter", f"{u}: try Tab completion here: type “gr” and press Tab."),
            lambda: self.say("grace", "#natter", "Links are clickable: https://github.com/ and "
                                                 "https://docs.inspircd.org/3/modules/ (in your browser)."),
            lambda: self.bot("margaret").send("PART #natter :off to lunch 🍜"),
            lambda: self.say("linus", "#demo", long_line),
            lambda: self.bot("ken").send("NICK ken_away"),
            lambda: self.act("grace", "#demo", f"hands {u} a cup of {C}07☕ coffee{C}"),
            lambda: self.bot("margaret").send("JOIN #demo"),
            lambda: self.say("margaret", "#demo", f"Hi {u} 👋 — a mention of your nick is highlighted."),
            lambda: self.bot("ken").send("NICK ken"),
            lambda: self.bot("ada").send(f"TOPIC #natter :{B}Natter{B} demo — {C}03local{C} traffic only · "
                                         f"started {time.strftime('%H:%M')} · say “ada” and she answers"),
            lambda: self.bot("ada").send(f"NOTICE #natter :This is a {B}notice{B} to the channel."),
            lambda: self.bot("margaret").send("PART #demo"),
            lambda: self.say("linus", "#natter", f"Mixed scripts in one line: Ελληνικά, русский, "
                                                 f"Tiếng Việt, 中文 and 日本語 🙂"),
        ]

    def run(self):
        # The bots make the channels (so they hold the topics and operator status) before the
        # user arrives; chanhistory replays the first lines to the user on joining.
        self.connect("ada", "grace", "linus", "ken", "margaret")
        self.bots["ada"].send("JOIN #natter,#demo")
        self.pump(0.3)
        for nick in ["grace", "linus", "ken"]:
            self.bots[nick].send("JOIN #natter,#demo")
        self.pump(0.3)
        self.bots["ada"].send(f"TOPIC #natter :Welcome to the {B}Natter{B} demo — {C}03local{C} traffic only")
        self.bots["ada"].send(f"TOPIC #demo :The {I}second{I} channel of the demo")
        self.bots["ada"].send("MODE #natter +v grace")
        self.pump(0.5)
        print("ready", flush=True)
        for step in itertools.cycle(self.steps()):
            step()
            self.pump(random.uniform(1.0, 2.0))


def main():
    port, user = int(sys.argv[1]), sys.argv[2]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        Demo(port, user).run()
    except (KeyboardInterrupt, ConnectionError, BrokenPipeError):
        pass


if __name__ == "__main__":
    main()
