#!/usr/bin/env python3
"""Writes the render-test scenarios whose text holds control bytes or scripts that are awkward
to type: Tests/RenderTests/Scenarios/{formatting,wrapping,scripts,scripts-shaping,hidpi,
zoom-boundaries}.scenario.

Run it from the package folder after changing it, then `make golden` and look at every PNG.
The behaviour scenarios (plain ASCII) are edited by hand."""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "Tests", "RenderTests", "Scenarios")

B, I, U, S, M, R, O, C, H = "\x02", "\x1d", "\x1f", "\x1e", "\x11", "\x16", "\x0f", "\x03", "\x04"


def header(size, scale=None, channel="#natter"):
    lines = [f"size {size}"]
    if scale:
        lines.append(f"scale {scale}")
    lines += [
        "server :srv 001 me :Welcome",
        "server :srv 005 me CHANTYPES=# PREFIX=(ov)@+ CASEMAPPING=rfc1459 CHATHISTORY=100 :are supported",
        "server :srv 376 me :End of MOTD",
        f"server :me!u@h JOIN {channel}",
        f"server :srv 353 me = {channel} :me @alice +bob carol",
        f"server :srv 366 me {channel} :End of NAMES",
        f"buffer {channel}",
    ]
    return lines


def msg(n, nick, text, prefix="m", channel="#natter", command="PRIVMSG"):
    return f"recv @time=2024-01-01T12:{n // 60:02d}:{n % 60:02d}Z;msgid={prefix}{n} :{nick}!u@h {command} {channel} :{text}"


def write(name, comment, lines, pending=False):
    body = "".join(f"# {c}\n" for c in comment.splitlines()) + "\n".join(lines) + "\n"
    with open(os.path.join(OUT, name + (".scenario.pending" if pending else ".scenario")), "w", encoding="utf-8") as f:
        f.write(body)


def formatting():
    texts = [
        f"{B}bold{B} {I}italic{I} {U}underline{U} {S}strikethrough{S} {M}monospace{M} {R}reverse{R} plain",
        f"{B}{I}{U}bold italic underline{O} reset {B}{C}04,08bold red on yellow{O} {I}{C}12,15italic blue on grey{O} after reset",
    ]
    # Colours 0-98, nine per message: each as a background swatch, then as a foreground.
    for start in range(0, 99, 9):
        numbers = range(start, min(start + 9, 99))
        swatches = "".join(f"{C}99,{n:02d} {n:02d} {O}" for n in numbers)
        foregrounds = " ".join(f"{C}{n:02d}{n:02d}{C}" for n in numbers)
        texts.append(f"{swatches} {B}{foregrounds}{B}")
    texts += [
        f"{H}FF8800orange hex{H} {H}00AAFF,202020blue on dark hex{H} {H}ff00ffmagenta lowercase{H} {H}FF88 is a reset, then text",
        f"{R}reverse default{R} {C}04,01{R}red on black reversed{O} {B}{R}bold reverse{O} {C}09{R}green reversed{O} {H}FFFFFF,AA0000{R}hex reversed{O}",
        f"{S}{C}09strike green{O} {U}{H}13AA77underline hex{O} {M}{B}mono bold{M} bold only{O} {I}{U}{S}{C}13,01all three on black{O}",
        f"{M}monospace: 0O1lI| {{}}[]() -> =>{M} proportional: 0O1lI| {{}}[]() -> =>",
        f"edge cases: {C}4,comma is text{C} {C}099 is nine then 9{C} {C},12 resets then text; tab\there; bell\x07gone; {H}xyz bad hex",
        f"\x01ACTION waves {B}boldly{B} with {C}04colour{C}\x01",
    ]
    lines = header("1040x600")
    lines += [msg(i + 1, ["alice", "bob", "carol"][i % 3], t) for i, t in enumerate(texts)]
    lines += ["snapshot formatting"]
    write("formatting", "Every mIRC control code, colours 0-98 as swatches and text, hex colours, reverse,\n"
          "combinations, monospace and the parser's edge cases (FORMATTING.md). Written by\n"
          "scripts/render-scenarios.py: the file holds raw control bytes.", lines)


def wrapping():
    texts = [
        "This is a long message that wraps over several lines, so that the hanging indent under the nick "
        "column is easy to see: every continuation line starts where the text of the first line starts, "
        "not under the timestamp.",
        f"Formatting across a wrap: {B}bold text that goes on and on past the edge of the list{B} and "
        f"{C}04,01red on black that also wraps around to the next line at narrow widths{O} then plain.",
        "An unbreakable word: https://example.org/a/very/long/path/that/has/no/spaces/at/all/and/must/be/broken/somewhere/index.html",
        "short one",
        "Another paragraph-sized message: lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do "
        "eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud "
        "exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.",
    ]
    lines = header("600x480")
    lines += [msg(i + 1, ["alice", "bob", "carol"][i % 3], t) for i, t in enumerate(texts)]
    lines += ["snapshot w600", "size 900x480", "snapshot w900", "size 1400x480", "snapshot w1400"]
    write("wrapping", "Long wrapped lines with a hanging indent at three widths (one scenario, `size`\n"
          "repeated). Written by scripts/render-scenarios.py.", lines)


def scripts():
    texts = [
        "CJK: 你好，世界！这是一个中文句子。 日本語のテキスト、ひらがなとカタカナ。 한국어 텍스트입니다.",
        "Emoji: 🎉 😀 👍 🦀 ❤️ in a sentence 🚀 end",
        "Combining: e\u0301 (e + U+0301) vs \u00e9 (precomposed), a\u0300\u0301\u0302 stacked, n\u0303 ñ",
        "Tiếng Việt: Người ta nói rằng học, học nữa, học mãi. Đường đi khó.",
        "עברית: שלום עולם, זהו משפט בעברית.",
        "العربية: مرحبا بالعالم، هذه جملة عربية.",
        "Mixed: hello שלום world, numbers 123 inside עברית and back to Latin.",
        "Others: Ελληνικά, Русский текст, Türkçe ğüşöç, Ærøskøbing",
    ]
    lines = header("1000x420")
    lines += [msg(i + 1, ["alice", "bob", "carol"][i % 3], t) for i, t in enumerate(texts)]
    lines += ["snapshot scripts"]
    write("scripts", "Scripts: CJK, colour emoji (with a variation selector), combining marks,\n"
          "Vietnamese, right-to-left Hebrew and Arabic, Hebrew mixed with Latin. Written by\n"
          "scripts/render-scenarios.py. Emoji ZWJ sequences, flags, skin tones and Arabic inside a Latin line\n"
          "are in scripts-shaping.scenario.", lines)


def scripts_shaping():
    texts = [
        "ZWJ family: [👨‍👩‍👧] flag: [🇫🇷] rainbow flag: [🏳️‍🌈] skin tone: [👍🏽] end",
        "Arabic inside Latin: hello مرحبا world, and بالعالم again.",
    ]
    lines = header("1000x300")
    lines += [msg(i + 1, ["alice", "bob", "carol"][i % 3], t) for i, t in enumerate(texts)]
    lines += ["snapshot shaping"]
    write("scripts-shaping", "Shaped clusters measured shaped: no gap after ZWJ sequences, flags, skin tones, or Arabic inside Latin.", lines)


def hidpi():
    texts = [
        "The chat screen at scale 2: every edge should be crisp, nothing blurred or half-sized.",
        f"{B}bold{B} {I}italic{I} {U}underline{U} {C}04red{C} {C}03green{C} {C}12blue{C} {M}monospace{M} 你好 🎉",
        "A long line that wraps at this width so that the hanging indent is visible at scale 2 as well as at scale 1.",
    ]
    lines = header("700x420", scale=2)
    lines += [msg(i + 1, ["alice", "bob", "carol"][i % 3], t) for i, t in enumerate(texts)]
    lines += ["type draft at 2x", "snapshot hidpi"]
    write("hidpi", "The chat screen at `scale 2` (a 1400x840 image). Written by scripts/render-scenarios.py.", lines)


def zoom_boundaries():
    texts = [
        f"plain {B}bold{B} plain, {I}italic{I}—local, {M}monospace{M} and 😀 emoji, comma after styled {B}word{B}, "
        f"{B}jumpy{B} {I}fjords{I}, {M}MMMMMMMMMMMM{M}mm.",
        f"a {B}b{B} c {I}d{I} e {M}f{M} g 😀 h {B}🎉x{B} {C}04red{C}, {U}under{U} {I}it{I}, {M}mono{M}, done",
    ]
    lines = header("900x420")
    # The topic is laid out first at 110 %: after Ctrl+0 it must not keep that layout.
    lines[-1:-1] = [f"server :srv 332 me #natter :Welcome to the {B}Natter{B} test channel: {M}mono{M}, {I}italic{I}, 😀 emoji"]
    lines += [msg(i + 1, ["alice", "bob"][i % 2], t) for i, t in enumerate(texts)]
    lines += ["key Ctrl+=", "snapshot z110", "key Ctrl+0", "snapshot z100", "key Ctrl+-", "snapshot z90",
              "key Ctrl+0", "key Ctrl+=", "key Ctrl+=", "key Ctrl+=", "snapshot z150", "key Ctrl+0", "snapshot z100-again"]
    write("zoom-boundaries", "Styled words, monospace and emoji side by side in the topic and in messages at 110, 100, 90\n"
          "and 150 % and back at 100 %: every space at a style boundary one space wide, no run into the next,\n"
          "emoji in their slots, the topic laid out again after each zoom (RunPlacementTests checks the\n"
          "same against each run's advance). Written by scripts/render-scenarios.py.", lines)


formatting()
wrapping()
scripts()
scripts_shaping()
hidpi()
zoom_boundaries()
