#!/usr/bin/env python3
"""make bench: Natter's start-up, from exec to the first frame presented (issue 15's target:
150 ms, with a config, no network). The release binary runs RUNS times in its own Xvfb at
1280x800 with a fresh HOME holding a config of one network with 20 channels on a port where
nothing listens; NATTER_REPORT_FIRST_FRAME makes it print a line to stderr once the first
frame is presented. The first run warms the disk cache and fontconfig's cache and is not
counted. Appends a table to REPORT; exits 1 when the median misses the target.
Usage: bench-startup.py NATTER REPORT [RUNS]"""
import os, shutil, statistics, subprocess, sys, tempfile, time

natter, report = os.path.abspath(sys.argv[1]), sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 15
TARGET_MS = 150

work = tempfile.mkdtemp(prefix="natter-startup-")
home = os.path.join(work, "home")
os.makedirs(os.path.join(home, ".config", "natter"))
channels = ", ".join('"#c%d"' % n for n in range(20))
with open(os.path.join(home, ".config", "natter", "config.toml"), "w") as f:
    f.write('[[networks]]\nname = "Local"\nhost = "127.0.0.1"\nport = 9\ntls = false\nnick = "me"\n'
            "channels = [%s]\n" % channels)
rfd, wfd = os.pipe()
xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(wfd), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                        pass_fds=[wfd], stderr=subprocess.DEVNULL)
os.close(wfd)
display = ":" + os.read(rfd, 16).decode().strip()
env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
           XDG_DATA_HOME=os.path.join(home, ".local/share"), XDG_STATE_HOME=os.path.join(home, ".local/state"),
           XDG_CACHE_HOME=os.path.join(home, ".cache"), XDG_RUNTIME_DIR=os.path.join(home, "run"), DISPLAY=display, NATTER_REPORT_FIRST_FRAME="1",
           LANG="C.UTF-8", LC_ALL="C.UTF-8")
times = []
try:
    for n in range(runs + 1):
        start = time.monotonic()
        p = subprocess.Popen([natter, "--window-size", "1280x800"], env=env, stderr=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, cwd=work)
        seen = None
        for line in p.stderr:
            if b"first frame" in line:
                seen = time.monotonic() - start
                break
        p.terminate()
        p.wait(timeout=10)
        if seen is None:
            sys.exit("bench-startup: natter exited without presenting a frame")
        if n > 0:
            times.append(seen * 1000)
finally:
    xvfb.terminate()
    shutil.rmtree(work, ignore_errors=True)

times.sort()
median = statistics.median(times)
p90 = times[int(len(times) * 0.9) - 1]
lines = ["", "## Start-up (release build, Xvfb, 1280×800)", "",
         f"`scripts/bench-startup.py`: exec to the first frame presented, with a config of one network",
         f"(20 channels) whose server is not there; {len(times)} runs after a warm-up run.", "",
         "| figure | value | unit | target | result |", "|---|---:|---|---|---|",
         f"| first frame after exec: median | {median:.1f} | ms | ≤ {TARGET_MS} | {'pass' if median <= TARGET_MS else 'FAIL'} |",
         f"| first frame after exec: p90 | {p90:.1f} | ms | – | – |",
         f"| first frame after exec: slowest | {times[-1]:.1f} | ms | – | – |"]
with open(report, "a") as out:
    out.write("\n".join(lines) + "\n")
print("\n".join(lines))
sys.exit(0 if median <= TARGET_MS else 1)
