#!/usr/bin/env python3
"""The previews' integration tests' web server: pages, images and hostile answers on a loopback
port the test picks. Counts every request by path (and the most handled at once) into
STATS_FILE after each, so a test can tell what was asked and what was never contacted.

    preview_server.py PORT FIXTURES_DIR STATS_FILE [CERT KEY]   (with CERT and KEY: HTTPS)
"""
import ctypes, gzip, json, os, signal, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit, parse_qs

# The test process may start us with signals blocked: ending us must still work.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
signal.signal(signal.SIGTERM, signal.SIG_DFL)
# Dies with the test process (PR_SET_PDEATHSIG), so a crashed test leaves no server behind.
ctypes.CDLL(None).prctl(1, signal.SIGKILL)
port, fixtures, stats_file = int(sys.argv[1]), sys.argv[2], sys.argv[3]
lock = threading.Lock()
stats = {"paths": {}, "running": 0, "most": 0, "agents": [], "headers": {}}


def record(path, headers):
    with lock:
        stats["paths"][path] = stats["paths"].get(path, 0) + 1
        stats["running"] += 1
        stats["most"] = max(stats["most"], stats["running"])
        stats["agents"].append(headers.get("User-Agent", ""))
        stats["headers"][path] = {k.lower(): v for k, v in headers.items()}
        save()


def done():
    with lock:
        stats["running"] -= 1
        save()


def save():
    tmp = stats_file + ".tmp"
    with open(tmp, "w") as f:
        json.dump(stats, f)
    os.replace(tmp, stats_file)


def page(title, image=None, extra=""):
    meta = f'<meta property="og:image" content="{image}">' if image else ""
    return (f"<!DOCTYPE html><html><head><title>{title}</title>"
            f'<meta property="og:description" content="About {title}">{meta}{extra}</head><body>x</body></html>').encode()


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="text/html; charset=utf-8", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, location):
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        record(url.path, self.headers)
        try:
            self.answer(url.path, query)
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            done()

    def answer(self, path, query):
        if path == "/page":
            self.send(200, page("A page", image="/img/sample.png"))
        elif path == "/sized-page":
            size = '<meta property="og:image:width" content="640"><meta property="og:image:height" content="480">'
            self.send(200, page("Sized", image="/img/sample.png", extra=size))
        elif path == "/sized-broken":
            size = '<meta property="og:image:width" content="640"><meta property="og:image:height" content="480">'
            self.send(200, page("Sized but broken", image="/img/missing.png", extra=size))
        elif path == "/page-no-image":
            self.send(200, page("Plain page"))
        elif path.startswith("/img/"):
            name = os.path.basename(path)
            with open(os.path.join(fixtures, name), "rb") as f:
                self.send(200, f.read(), "image/" + name.rsplit(".", 1)[-1])
        elif path.startswith("/loop/"):
            self.redirect(f"/loop/{int(path.rsplit('/', 1)[1]) + 1}")
        elif path == "/redirect":
            self.redirect(query["to"][0])
        elif path == "/cached":
            etag = '"v1"'
            if self.headers.get("If-None-Match") == etag:
                self.send_response(304)
                self.send_header("ETag", etag)
                self.end_headers()
            else:
                self.send(200, page("Cached page"), headers=[("ETag", etag)])
        elif path == "/bomb":
            # 16 MiB of zeros, gzip'd to about 16 KiB, sent whether asked for or not.
            body = gzip.compress(b"<html><head><title>" + b"\0" * (16 << 20), compresslevel=9)
            self.send(200, body, headers=[("Content-Encoding", "gzip")])
        elif path == "/huge.png":
            with open(os.path.join(fixtures, "sample.png"), "rb") as f:
                data = bytearray(f.read())
            data[16:24] = (50000).to_bytes(4, "big") + (50000).to_bytes(4, "big")
            self.send(200, bytes(data), "image/png")
        elif path == "/segments.jpg":
            # A JPEG of nothing but application segments (40 of 64 KiB): no frame header ever.
            segment = b"\xff\xe1" + (65535).to_bytes(2, "big") + b"\0" * 65533
            self.send(200, b"\xff\xd8" + segment * 40, "image/jpeg")
        elif path == "/endless":
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.end_headers()
            with open(os.path.join(fixtures, "sample.png"), "rb") as f:
                self.wfile.write(f.read(33))
            chunk = b"\0" * 65536
            for _ in range(100000):   # 6 GiB at most: the client stops long before
                self.wfile.write(chunk)
        elif path == "/trickle":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<html><head><title>")
            for _ in range(600):
                time.sleep(0.1)
                self.wfile.write(b"x")
                self.wfile.flush()
        elif path == "/silent":
            time.sleep(30)
        elif path == "/mislabelled-page":
            self.send(200, page("Mislabelled"), "image/png")
        elif path == "/mislabelled-image":
            with open(os.path.join(fixtures, "sample.gif"), "rb") as f:
                self.send(200, f.read(), "text/html")
        elif path == "/bad-utf8":
            self.send(200, b"<html><head><title>caf\xe9 \xff\xfe ok</title></head>")
        elif path == "/big-title":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<html><head><title>")
            chunk = b"t" * 65536
            for _ in range(160):   # 10 MiB
                self.wfile.write(chunk)
            self.wfile.write(b"</title></head>")
        elif path == "/slow":
            time.sleep(float(query.get("s", ["0.5"])[0]))
            self.send(200, page("Slow " + query.get("id", ["?"])[0]))
        else:
            self.send(404, b"not found", "text/plain")


ThreadingHTTPServer.daemon_threads = True
ThreadingHTTPServer.request_queue_size = 64
server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
if len(sys.argv) > 5:
    import ssl
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[4], sys.argv[5])
    server.socket = context.wrap_socket(server.socket, server_side=True)
save()
print("ready", flush=True)
server.serve_forever()
