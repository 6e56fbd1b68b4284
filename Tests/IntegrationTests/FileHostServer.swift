import Foundation
import IRCTestServers

/// A file host as soju.im/FILEHOST describes it, played by Python's http.server on a loopback
/// port the test picks: POST checked (HTTP Basic login, Content-Type, Content-Disposition,
/// Content-Length, the body's bytes), 201 Created with a relative Location, 413 past its
/// limit, 401 for a wrong login, OPTIONS answered. Under `/gated/` the body is read up to each
/// of ``gates`` and then waits there until the test opens that gate (``open(gate:)``): where
/// the upload stands is then known whatever the machine's load (for progress and cancelling).
/// Each request is written to a log of JSON lines the test reads.
final class FileHostServer {
    let port: UInt16
    let log: String
    /// Bytes of a gated body read before each stop.
    static let gates = [1024 * 1024, 8 * 1024 * 1024]
    private let folder: URL
    private let process: ChildProcess

    /// The upload URL of `path` (`upload`, `gated/upload`).
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    init(user: String, password: String, limit: Int) async throws {
        port = try LoopbackPorts.free(1)[0]
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-filehost-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("filehost.py")
        log = folder.appendingPathComponent("requests.jsonl").path
        try Self.script.write(to: script, atomically: true, encoding: .utf8)
        // ChildProcess, not Foundation's Process: the runner's threads block SIGTERM, which a
        // child started by Process would inherit and ignore.
        let gates = Self.gates.map(String.init).joined(separator: ",")
        process = try ChildProcess("/usr/bin/env", ["python3", script.path, String(port), log, user, password, String(limit),
                                                    folder.path, gates],
                                   outlivesNoTestRunner: true)
        let deadline = Date().addingTimeInterval(10)
        while !LoopbackPorts.isListening(port) {
            guard Date() < deadline, process.isRunning else { throw TestServerError("the file host did not start") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    func stop() {
        for gate in Self.gates.indices { open(gate: gate) }
        process.stop()
    }

    /// Whether a gated body has been read up to gate `index` and waits there.
    func isWaiting(at index: Int) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("waiting\(index)").path)
    }

    /// Lets a gated body be read past gate `index`.
    func open(gate index: Int) {
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("gate\(index)").path, contents: nil)
    }

    /// The requests logged so far, each as the server saw it.
    var requests: [[String: Any]] {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    static let script = #"""
import base64, hashlib, json, os, socket, sys, time, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

port, log, user, password, limit = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
folder, gates = sys.argv[6], [int(g) for g in sys.argv[7].split(",")]

def wait_at(index):
    open(os.path.join(folder, f"waiting{index}"), "w").close()
    while not os.path.exists(os.path.join(folder, f"gate{index}")):
        time.sleep(0.01)
lock = threading.Lock()

def record(entry):
    with lock, open(log, "a") as f:
        f.write(json.dumps(entry) + "\n")

class Host(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, headers=(), text=""):
        body = text.encode()
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    def do_OPTIONS(self):
        self.send_response(204)
        self.send_header("Allow", "OPTIONS, POST")
        self.send_header("Accept-Post", "*/*")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "-1"))
        gated = self.path.startswith("/gated/")
        digest, received, passed = hashlib.sha256(), 0, 0
        while received < length:
            if gated and passed < len(gates) and received >= gates[passed]:
                wait_at(passed)
                passed += 1
                continue
            step = min(65536, length - received)
            if gated and passed < len(gates):
                step = min(step, gates[passed] - received)
            chunk = self.rfile.read(step)
            if not chunk:
                break
            digest.update(chunk)
            received += len(chunk)
        expected = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
        record({"method": self.command, "path": self.path, "length": length, "received": received,
                "sha256": digest.hexdigest(), "type": self.headers.get("Content-Type"),
                "disposition": self.headers.get("Content-Disposition"),
                "login": self.headers.get("Authorization") == expected,
                "has_login": self.headers.get("Authorization") is not None})
        if received < length:
            return
        if self.headers.get("Authorization") != expected:
            self.answer(401, [("WWW-Authenticate", 'Basic realm="files"')], "Invalid credentials")
        elif length > limit:
            self.answer(413, text="Upload too large")
        else:
            self.answer(201, [("Location", "files/abc123/cat.png")])

class Server(ThreadingHTTPServer):
    daemon_threads = True

    def server_bind(self):
        # A fixed receive buffer (the kernel may let one grow to tens of MiB): what a client
        # can have sent past a gate stays well short of the next one.
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 256 * 1024)
        super().server_bind()

Server(("127.0.0.1", port), Host).serve_forever()
"""#
}
