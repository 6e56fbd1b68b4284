#!/usr/bin/env python3
"""Seeds for `make fuzz`: every "input" string of the shared corpora (ircdocs parser tests,
formatting cases), one file each, into OUT/<target>/ for the targets that read such text;
the TOML examples of README.md and docs/ for `config`; the render scenarios for `scenario`.
Usage: fuzz-seeds.py CORPORA_DIR OUT_DIR (run from the repository). A missing corpora folder
gives no seeds from it (the fuzzer starts from what is left), not an error."""
import glob, hashlib, json, os, re, sys

corpora, out = sys.argv[1], sys.argv[2]

def inputs(value):
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("input", "raw", "line", "text") and isinstance(item, str):
                yield item
            else:
                yield from inputs(item)
    elif isinstance(value, list):
        for item in value:
            yield from inputs(item)

def write(target, text):
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogateescape")
    with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)

count = 0
for sub, targets in (("parser-tests", ("parser", "session", "tags")), ("formatting", ("formatting", "urls"))):
    folder = os.path.join(corpora, sub)
    for root, _, files in os.walk(folder):
        for name in files:
            if not name.endswith(".json"):
                continue
            with open(os.path.join(root, name), encoding="utf-8") as f:
                for text in inputs(json.load(f)):
                    for target in targets:
                        write(target, text + ("\r\n" if target == "parser" else ""))
                        count += 1
                    if sub == "formatting":
                        # layout: two bytes choose the width and the indent, then the text.
                        write("layout", "\x28\x10" + text)
                        count += 1
for token in ("PREFIX=(qaohv)~&@%+ CHANTYPES=#& CASEMAPPING=rfc1459 CHATHISTORY=100 NETWORK=Libera\\x20Chat",
              "-PREFIX MONITOR=100 TARGMAX=PRIVMSG:4,NOTICE: LINELEN=2048 NICKLEN=30 TOPICLEN=390"):
    write("isupport", token)
    count += 1
for doc in ["README.md"] + sorted(glob.glob("docs/*.md")):
    with open(doc, encoding="utf-8") as f:
        for block in re.findall(r"```toml\n(.*?)```", f.read(), re.S):
            write("config", block)
            count += 1
# The configuration texts the config tests read (Swift multi-line strings, indentation removed).
with open("Tests/ConfigurationTests/ConfigTests.swift", encoding="utf-8") as f:
    for block in re.findall(r'"""\n(.*?)\n\s*"""', f.read(), re.S):
        lines = block.split("\n")
        margin = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
        write("config", "\n".join(l[margin:] for l in lines) + "\n")
        count += 1
# scripts: the bytes pick statements and their arguments, then what drives the script; a few
# fixed starts (every function once, hooks then traffic) beside what the fuzzer makes.
for seed in (bytes(range(256)), bytes(range(0, 256, 3)) * 2, bytes([40] + list(range(38)) * 4 + list(range(14)) * 8),
             bytes([5, 0, 0, 1, 47, 2, 0, 0] * 16 + list(range(14)) * 6)):
    write("scripts", seed.decode("latin-1"))
    count += 1
for scenario in sorted(glob.glob("Tests/RenderTests/Scenarios/*.scenario")):
    with open(scenario, encoding="utf-8") as f:
        write("scenario", f.read())
        count += 1
# previews: the sample images of the previews' tests, and heads of the shapes pages have.
for image in sorted(glob.glob("Tests/PreviewsTests/Fixtures/*")):
    with open(image, "rb") as f:
        write("previews", f.read())
        count += 1
for head in ('<!DOCTYPE html><html><head><meta charset="utf-8"><title>A &amp; B</title>'
             '<meta property="og:title" content="T"><meta property=og:image content=/i.png>'
             '<meta property="og:image:width" content="640"><meta property="og:image:height" content="480"></head>',
             "<head><!-- c --><script>x='<title>'</script><meta name=description content='d&#x41;'><body>",
             "<meta http-equiv=Content-Type content='text/html; charset=windows-1252'><title>caf\xe9</title>"):
    write("previews", head)
    count += 1
print(f"fuzz seeds: {count} written under {out}")
