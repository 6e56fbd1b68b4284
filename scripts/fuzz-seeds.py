#!/usr/bin/env python3
"""Seeds for `make fuzz`: every "input" string of the shared corpora (ircdocs parser tests,
formatting cases), one file each, into OUT/<target>/ for the targets that read such text.
Usage: fuzz-seeds.py CORPORA_DIR OUT_DIR. A missing corpora folder gives no seeds (the fuzzer
starts from nothing), not an error."""
import hashlib, json, os, sys

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
    data = text.encode("utf-8", "surrogateescape")
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
for token in ("PREFIX=(qaohv)~&@%+ CHANTYPES=#& CASEMAPPING=rfc1459 CHATHISTORY=100 NETWORK=Libera\\x20Chat",
              "-PREFIX MONITOR=100 TARGMAX=PRIVMSG:4,NOTICE: LINELEN=2048 NICKLEN=30 TOPICLEN=390"):
    write("isupport", token)
    count += 1
print(f"fuzz seeds: {count} written under {out}")
