#!/usr/bin/env python3
"""make bench, last step: the side-by-side flood's JSON lines (../shared/bench, one per client
and round) as a table of medians appended to BENCHMARKS.md, Natter's figures beside the peers'
and the issue's targets; and two plots in PLOTS_DIR: CPU per message and RSS against the peers
(bench-peers.png), and frame time against scrollback size from the list suite already in
BENCHMARKS.md (bench-frames.png). Without matplotlib (python3-matplotlib) the plots are
skipped with a note.
Usage: bench-report.py RESULTS.jsonl BENCHMARKS.md PLOTS_DIR"""
import json, os, re, statistics, sys

results, report, plots = sys.argv[1], sys.argv[2], sys.argv[3]
rows = [json.loads(l) for l in open(results) if l.strip().startswith("{")]
ok = [r for r in rows if r.get("ok") and "flood_cpu_s" in r]
failed = [r for r in rows if not (r.get("ok") and "flood_cpu_s" in r)]
PEERS = ("irssi", "hexchat", "weechat")
order = list(PEERS) + ["custom"]
by = {}
for r in ok:
    # The harness names the plugged-in client by BENCH_NAME (natter), not "custom".
    by.setdefault(r["client"] if r["client"] in PEERS else "custom", []).append(r)

def med(rs, key):
    xs = [r[key] for r in rs if r.get(key) is not None]
    return statistics.median(xs) if xs else None

def name(client, rs):
    version = rs[0].get("version") or client
    return "**Natter**" if client == "custom" else version

stats = {}
for client in [c for c in order if c in by]:
    rs = by[client]
    stats[client] = {k: med(rs, k) for k in ("cpu_us_per_msg", "flood_cpu_s", "wall_s", "peak_rss_mib",
                                             "rss_anon_mib", "rss_before_mib", "idle_cpu_pct", "aux_flood_cpu_s")}
    stats[client]["min_us"] = min(r["cpu_us_per_msg"] for r in rs)
    stats[client]["n"] = len(rs)

def f(v, fmt="%.1f"):
    return "–" if v is None else fmt % v

count = rows[0].get("count", 0) if rows else 0
lines = ["", f"## Side by side: a {count:,}-message flood against HexChat, WeeChat and irssi", ""]
if rows:
    host = rows[0].get("host", {})
    count = rows[0].get("count")
    lines += [
        f"`scripts/bench-peers.sh` (part of `make bench`) through the shared flood harness: {count} messages into",
        "one channel, logging on, 10,000 lines of scrollback, every client in the same run, interleaved;",
        f"medians of the rounds (n). Machine: {host.get('cpu_model', '?')}, {host.get('nproc', '?')} cores, kernel "
        f"{host.get('kernel', '?')}; started {rows[0].get('started', '?')}. Natter is the release build",
        "in its own Xvfb at 1280×800, like HexChat (its Xvfb's CPU is the last column). The harness",
        "checks every client's log holds all the lines, the last one last.", "",
        "| client | CPU µs per message (min) | flood CPU s | wall s | peak RSS MiB | anonymous RSS MiB | RSS before MiB | idle CPU % | Xvfb CPU s | n |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for client, s in stats.items():
        lines.append(f"| {name(client, by[client])} | {f(s['cpu_us_per_msg'])} ({f(s['min_us'])}) | {f(s['flood_cpu_s'], '%.2f')} | "
                     f"{f(s['wall_s'], '%.2f')} | {f(s['peak_rss_mib'])} | {f(s['rss_anon_mib'])} | {f(s['rss_before_mib'])} | "
                     f"{f(s['idle_cpu_pct'])} | {f(s['aux_flood_cpu_s'], '%.2f')} | {s['n']} |")
    for r in failed:
        lines.append(f"| {r.get('client')} | FAILED: {str(r.get('error'))[:100]} | | | | | | | | |")
    peers = {c: s for c, s in stats.items() if c != "custom"}
    if "custom" in stats and peers:
        n = stats["custom"]
        best_cpu = min(s["cpu_us_per_msg"] for s in peers.values())
        hexchat = peers.get("hexchat", {}).get("peak_rss_mib")
        best_anon = min((s["rss_anon_mib"] for s in peers.values() if s["rss_anon_mib"] is not None), default=None)
        lines += ["", "| target (issue 15) | Natter | goal | result |", "|---|---:|---:|---|"]
        goal = 0.25 * best_cpu
        lines.append(f"| CPU per message ≤ 0.25 × the best peer | {n['cpu_us_per_msg']:.1f} µs | ≤ {goal:.1f} µs | "
                     f"{'pass' if n['cpu_us_per_msg'] <= goal else 'FAIL'} |")
        if hexchat is not None:
            lines.append(f"| peak RSS below HexChat's | {n['peak_rss_mib']:.1f} MiB | < {hexchat:.1f} MiB | "
                         f"{'pass' if n['peak_rss_mib'] < hexchat else 'FAIL'} |")
        if best_anon is not None and n["rss_anon_mib"] is not None:
            allowance = best_anon + 300 * 10000 / 2**20
            lines.append(f"| anonymous RSS ≤ best peer + 300 B per retained line (10,000) | {n['rss_anon_mib']:.1f} MiB | "
                         f"≤ {allowance:.1f} MiB | {'pass' if n['rss_anon_mib'] <= allowance else 'FAIL'} |")
        lines.append(f"| idle 0.0 % | {n['idle_cpu_pct']:.1f} % | 0.0 % | {'pass' if n['idle_cpu_pct'] <= 0.05 else 'FAIL'} |")
else:
    lines.append("No results (the harness did not run).")

# Plots.
try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    os.makedirs(plots, exist_ok=True)
    labels = ["Natter" if c == "custom" else c for c in stats]
    colours = ["#d9534f" if c == "custom" else "#7f8c8d" for c in stats]
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    a.bar(labels, [s["cpu_us_per_msg"] for s in stats.values()], color=colours)
    a.set_title("CPU per received message (µs, median)")
    b.bar(labels, [s["peak_rss_mib"] for s in stats.values()], color=colours, label="peak RSS")
    b.bar(labels, [s["rss_anon_mib"] or 0 for s in stats.values()], color="#34495e", width=0.4, label="anonymous")
    b.set_title("Memory (MiB)")
    b.margins(y=0.3)   # room above the tallest bar for the legend
    b.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(plots, "bench-peers.png"), dpi=90)
    text = open(report).read()
    series = {}
    for m in re.finditer(r"\| (frame during a fling|append one message while pinned|relayout \+ redraw after a resize), "
                         r"([\d,]+) msgs: median \| ([\d.]+) \|", text):
        series.setdefault(m.group(1), []).append((int(m.group(2).replace(",", "")), float(m.group(3))))
    if series:
        fig, ax = plt.subplots(figsize=(6, 4))
        for label, points in series.items():
            points.sort()
            ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=label)
        ax.set_xscale("log")
        ax.set_xlabel("messages in the buffer")
        ax.set_ylabel("frame time, median (ms)")
        ax.set_title("Frame time against scrollback size (1920×1080)")
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(os.path.join(plots, "bench-frames.png"), dpi=90)
    lines += ["", f"Plots: `{plots}/bench-peers.png` (CPU and memory against the peers), "
              f"`{plots}/bench-frames.png` (frame time against scrollback size, from the list suite above)."]
except ImportError:
    lines += ["", "(No plots: python3-matplotlib is not installed.)"]

# A run of scripts/bench-peers.sh on its own (make bench writes the file anew first) replaces
# the side-by-side section already there, with what follows it up to the next section.
existing = open(report).read()
start = existing.find("\n## Side by side:")
if start >= 0:
    end = existing.find("\n## ", start + 1)
    existing = existing[:start] + (existing[end:] if end >= 0 else "\n")
    with open(report, "w") as out:
        out.write(existing.rstrip("\n") + "\n")
with open(report, "a") as out:
    out.write("\n".join(lines) + "\n")
print("\n".join(lines))
# Like natter-bench: a missed target is a failing status (the figures are written anyway).
sys.exit(1 if any(l.endswith("| FAIL |") for l in lines) or failed else 0)
