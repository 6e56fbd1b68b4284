import Foundation
import IRCProtocol
import IRCTestServers

/// A bouncer speaking soju's `soju.im/bouncer-networks` exactly as its specification says
/// (soju's `doc/ext/bouncer-networks.md`, the work-in-progress text at soju commit
/// 23f94a5c6e1d6c34ba5518b9f1c5f02f8753e873, with the `soju.im/` vendor prefix), since soju
/// itself is not packaged here. It accepts any number of
/// connections on one loopback port, each on a thread of its own:
///
/// - the bouncer's own connection (no `BOUNCER BIND`): `BOUNCER LISTNETWORKS`,
///   `ADDNETWORK`/`CHANGENETWORK`/`DELNETWORK` with the specification's replies and errors, and
///   with `-notify` the initial list and every change, to every such connection;
/// - one connection per network, bound with `BOUNCER BIND <netid>` before `CAP END`: it joins
///   the network's channels and serves `CHATHISTORY` (`LATEST`, `AFTER`, `BEFORE`) from the
///   network's history, `CHATHISTORY=<limit>` per page.
///
/// The test says lines on a network (``say(network:channel:nick:text:)``), changes a network's
/// state as the bouncer would (``update(network:_:)``), and cuts the bound connections
/// (``dropBound(network:)``). Anything a client does against the specification is collected in
/// ``problems``.
final class SojuSpecServer: @unchecked Sendable {
    // @unchecked: every mutable field, the connections' included, is guarded by `lock`. It is
    // recursive and held while a connection's line is handled and while lines are stamped and
    // delivered: as on a real server, a connection gets lines in the order of their server-time.
    private let listener: FakeIRCServer
    private let lock = NSRecursiveLock()
    private var stopped = false
    private var acceptor: Thread?
    private var connections: [Connection] = []
    private var networks: [(id: String, attributes: [String: String])] = []
    private var channels: [String: [String]] = [:]
    private var history: [String: [(msgid: String, time: Date, nick: String, channel: String, text: String)]] = [:]
    private var nextNetID = 1
    private var nextMsgID = 0
    private var _problems: [String] = []
    private var _received: [String] = []
    /// Messages per CHATHISTORY page (`CHATHISTORY=` in ISUPPORT).
    let historyLimit: Int
    /// The login: `USER me` with `PASS bouncer-secret`, or SASL PLAIN `me`/`bouncer-secret`.
    static let account = "me"
    static let password = "bouncer-secret"
    /// Attributes a client may set (the standard ones); `state` and `error` are read-only.
    static let writable: Set<String> = ["name", "host", "port", "tls", "nickname", "username", "realname", "pass"]
    static let readOnly: Set<String> = ["state", "error"]

    var port: UInt16 { listener.port }
    var problems: [String] { lock.withLock { _problems } }
    /// Every line received from any connection, in order (`[netid or *] line`).
    var received: [String] { lock.withLock { _received } }

    /// One client connection.
    private final class Connection: @unchecked Sendable {
        let client: RawIRCClient
        var caps: Set<String> = []
        var nick = "*"
        var user = false
        var password: String?
        var username: String?
        /// The account logged in with SASL PLAIN, if any.
        var saslAccount: String?
        var saslStarted = false
        var capEnded = false
        var negotiating = false
        var registered = false
        var bound: String?
        init(client: RawIRCClient) { self.client = client }
    }

    init(historyLimit: Int = 3) throws {
        listener = try FakeIRCServer()
        self.historyLimit = historyLimit
    }

    /// A network the bouncer already knows, with the channels its bound connections join.
    @discardableResult
    func addNetwork(_ attributes: [String: String], channels: [String] = []) -> String {
        lock.withLock {
            let id = String(nextNetID)
            nextNetID += 1
            networks.append((id, attributes))
            self.channels[id] = channels
            return id
        }
    }

    /// Starts accepting connections.
    func start() {
        let thread = Thread { [self] in
            while !lock.withLock({ stopped }) {
                guard let client = try? listener.accept(timeout: 0.2) else { continue }
                let connection = Connection(client: client)
                lock.withLock { connections.append(connection) }
                Thread { [self] in serve(connection) }.start()
            }
        }
        acceptor = thread
        thread.start()
    }

    func stop() {
        let open = lock.withLock { stopped = true; return connections }
        for connection in open { connection.client.close() }
        listener.close()
    }

    // MARK: What the test does as the bouncer

    /// Someone says `text` in `channel` on `network`: kept in its history (with a msgid and
    /// the time), and sent to the connections bound to it.
    func say(network: String, channel: String, nick: String, text: String) {
        lock.withLock {
            nextMsgID += 1
            // Server-time has milliseconds: the stored time is the one a client can ask after.
            let time = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
            let item = (msgid: "m\(nextMsgID)", time: time, nick: nick, channel: channel, text: text)
            history[network, default: []].append(item)
            let line = Self.format(item, batch: nil)
            for connection in connections where connection.bound == network && connection.registered {
                send([line], to: connection)
            }
        }
    }

    /// The bouncer's view of a network changed (`state`, `error`, …): notified to every
    /// connection that asked for notifications, with only what changed.
    func update(network id: String, _ changes: [String: String?]) {
        lock.lock()
        defer { lock.unlock() }
        let line: String = lock.withLock {
            guard let index = networks.firstIndex(where: { $0.id == id }) else { return "" }
            for (key, value) in changes { networks[index].attributes[key] = value }
            let encoded = changes.keys.sorted().map { key in
                changes[key]!.map { "\(key)=" + IRCMessage.escapeTagValue($0) } ?? key
            }.joined(separator: ";")
            return ":bnc BOUNCER NETWORK \(id) \(encoded)"
        }
        broadcastToNotified([line])
    }

    /// Cuts every connection bound to `network` (the link drops; the client reconnects).
    func dropBound(network: String) {
        let bound = lock.withLock { connections.filter { $0.bound == network } }
        for connection in bound { connection.client.close() }
        lock.withLock { connections.removeAll { $0.bound == network } }
    }

    /// The network goes without a word to anyone (as if deleted while every client was away).
    func forget(network id: String) {
        lock.withLock { networks.removeAll { $0.id == id } }
    }

    /// Cuts the bouncer's own connections (those bound to no network).
    func dropControl() {
        let open = lock.withLock { connections.filter { $0.bound == nil } }
        for connection in open { connection.client.close() }
        lock.withLock { connections.removeAll { $0.bound == nil } }
    }

    /// How many connections are bound to `network` and registered.
    func boundCount(network: String) -> Int {
        lock.withLock { connections.filter { $0.bound == network && $0.registered }.count }
    }

    // MARK: Serving one connection

    private func serve(_ connection: Connection) {
        while !lock.withLock({ stopped }) {
            let line: String?
            do { line = try connection.client.readLine(timeout: 0.05) } catch { continue }
            guard let line else { break }
            lock.withLock {
                _received.append("[\(connection.bound ?? "*")] \(line)")
                guard let message = try? IRCMessage(parsing: line) else { return problem("unparsable: \(line)") }
                handle(message, on: connection)
            }
        }
        lock.withLock { connections.removeAll { $0 === connection } }
    }

    private func handle(_ message: IRCMessage, on c: Connection) {
        let p = message.parameters
        switch message.command {
        case "CAP":
            handleCAP(p, on: c)
        case "PASS":
            c.password = p.first
        case "NICK":
            c.nick = p.first ?? c.nick
            welcomeIfReady(c)
        case "USER":
            c.user = true
            c.username = p.first
            welcomeIfReady(c)
        case "AUTHENTICATE":
            authenticate(p, on: c)
        case "PING":
            send([":bnc PONG bnc :\(p.last ?? "")"], to: c)
        case "BOUNCER":
            handleBouncer(p, on: c)
        case "CHATHISTORY":
            handleHistory(p, label: message.tags["label"], on: c)
        case "PRIVMSG":
            guard let bound = c.bound, p.count == 2 else { return problem("PRIVMSG outside a bound connection") }
            say(network: bound, channel: p[0], nick: c.nick, text: p[1])
        case "JOIN", "MODE", "WHO", "MARKREAD", "QUIT":
            break
        default:
            break
        }
    }

    private func handleCAP(_ p: [String], on c: Connection) {
        guard let sub = p.first?.uppercased() else { return }
        switch sub {
        case "LS":
            c.negotiating = true
            send([":bnc CAP * LS :sasl=PLAIN soju.im/bouncer-networks soju.im/bouncer-networks-notify batch server-time "
                  + "message-tags labeled-response draft/chathistory"], to: c)
        case "REQ":
            let asked = (p.last ?? "").split(separator: " ").map(String.init)
            let offered: Set<String> = ["sasl", "soju.im/bouncer-networks", "soju.im/bouncer-networks-notify", "batch",
                                        "server-time", "message-tags", "labeled-response", "draft/chathistory"]
            if asked.allSatisfy({ offered.contains($0) }) {
                c.caps.formUnion(asked)
                send([":bnc CAP \(c.nick) ACK :\(asked.joined(separator: " "))"], to: c)
            } else {
                send([":bnc CAP \(c.nick) NAK :\(asked.joined(separator: " "))"], to: c)
            }
        case "END":
            c.capEnded = true
            welcomeIfReady(c)
        default:
            break
        }
    }

    private func welcomeIfReady(_ c: Connection) {
        guard !c.registered, c.user, c.nick != "*", !c.negotiating || c.capEnded else { return }
        guard c.saslAccount != nil || (c.username == Self.account && c.password == Self.password) else {
            send([":bnc 464 \(c.nick) :Password incorrect", "ERROR :Password incorrect"], to: c)
            c.client.close()
            return
        }
        c.registered = true
        let netid = c.bound.map { " BOUNCER_NETID=\($0)" } ?? ""
        send([":bnc 001 \(c.nick) :Welcome to the soju spec bouncer",
              ":bnc 005 \(c.nick) CHANTYPES=# PREFIX=(ov)@+ CASEMAPPING=ascii CHATHISTORY=\(historyLimit)\(netid) :are supported",
              ":bnc 422 \(c.nick) :No MOTD"], to: c)
        if let bound = c.bound {
            for channel in lock.withLock({ channels[bound] ?? [] }) {
                send([":\(c.nick)!u@bnc JOIN \(channel)", ":bnc 353 \(c.nick) = \(channel) :\(c.nick) alice",
                      ":bnc 366 \(c.nick) \(channel) :End of /NAMES list."], to: c)
            }
        } else if c.caps.contains("soju.im/bouncer-networks-notify") {
            // The specification: with -notify, the whole list first, unasked.
            send(listBatch(), to: c)
        }
    }

    /// SASL PLAIN: `AUTHENTICATE PLAIN`, `+`, then base64 of `authzid NUL authcid NUL password`.
    private func authenticate(_ p: [String], on c: Connection) {
        guard let argument = p.first else { return }
        if !c.saslStarted {
            guard argument.uppercased() == "PLAIN" else {
                return send([":bnc 908 \(c.nick) PLAIN :are available SASL mechanisms", ":bnc 904 \(c.nick) :SASL authentication failed"], to: c)
            }
            c.saslStarted = true
            return send(["AUTHENTICATE +"], to: c)
        }
        c.saslStarted = false
        let fields = Data(base64Encoded: argument).map { $0.split(separator: 0, omittingEmptySubsequences: false) } ?? []
        guard fields.count == 3, String(decoding: fields[1], as: UTF8.self) == Self.account,
              String(decoding: fields[2], as: UTF8.self) == Self.password else {
            return send([":bnc 904 \(c.nick) :SASL authentication failed"], to: c)
        }
        c.saslAccount = Self.account
        send([":bnc 900 \(c.nick) \(c.nick)!u@bnc \(Self.account) :You are now logged in as \(Self.account)",
              ":bnc 903 \(c.nick) :SASL authentication successful"], to: c)
    }

    private func handleBouncer(_ p: [String], on c: Connection) {
        guard let sub = p.first?.uppercased() else { return }
        guard c.caps.contains("soju.im/bouncer-networks") else {
            return problem("BOUNCER \(sub) without negotiating soju.im/bouncer-networks")
        }
        switch sub {
        case "BIND":
            guard p.count >= 2 else { return send([":bnc FAIL BOUNCER NEED_ATTRIBUTE BIND :Missing netid"], to: c) }
            if c.registered {
                return send([":bnc FAIL BOUNCER REGISTRATION_IS_COMPLETED BIND :Cannot bind to a network after registration"], to: c)
            }
            // As soju: only a connection logged in (SASL, before CAP END) can bind; PASS is
            // looked at when registration ends, too late.
            if c.saslAccount == nil { return send([":bnc FAIL BOUNCER ACCOUNT_REQUIRED BIND :Authentication required"], to: c) }
            guard lock.withLock({ networks.contains { $0.id == p[1] } }) else {
                return send([":bnc FAIL BOUNCER INVALID_NETID BIND \(p[1]) :Network not found"], to: c)
            }
            if c.capEnded { problem("BIND after CAP END") }
            c.bound = p[1]
        case "LISTNETWORKS":
            send(listBatch(), to: c)
        case "ADDNETWORK":
            let (set, cleared) = parse(p.count >= 2 ? p[1] : "")
            if let bad = validate(set, cleared, subcommand: "ADDNETWORK", id: "*") { return send([bad], to: c) }
            guard set["host"] != nil else {
                return send([":bnc FAIL BOUNCER NEED_ATTRIBUTE ADDNETWORK host :Missing required attribute"], to: c)
            }
            var attributes = set
            attributes["state"] = "connecting"
            let id: String = lock.withLock {
                let id = String(nextNetID)
                nextNetID += 1
                networks.append((id, attributes))
                channels[id] = []
                return id
            }
            broadcastToNotified([":bnc BOUNCER NETWORK \(id) \(encode(attributes))"])
            send([":bnc BOUNCER ADDNETWORK \(id)"], to: c)
            update(network: id, ["state": "connected"])
        case "CHANGENETWORK":
            guard p.count >= 3 else { return send([":bnc FAIL BOUNCER NEED_ATTRIBUTE CHANGENETWORK :Missing attributes"], to: c) }
            guard lock.withLock({ networks.contains { $0.id == p[1] } }) else {
                return send([":bnc FAIL BOUNCER INVALID_NETID CHANGENETWORK \(p[1]) :Network not found"], to: c)
            }
            let (set, cleared) = parse(p[2])
            if let bad = validate(set, cleared, subcommand: "CHANGENETWORK", id: p[1]) { return send([bad], to: c) }
            var changes: [String: String?] = [:]
            for (key, value) in set { changes[key] = value }
            for key in cleared { changes[key] = String?.none }
            update(network: p[1], changes)
            send([":bnc BOUNCER CHANGENETWORK \(p[1])"], to: c)
        case "DELNETWORK":
            guard p.count >= 2, lock.withLock({ networks.contains { $0.id == p[1] } }) else {
                return send([":bnc FAIL BOUNCER INVALID_NETID DELNETWORK \(p.count >= 2 ? p[1] : "*") :Network not found"], to: c)
            }
            lock.withLock { networks.removeAll { $0.id == p[1] } }
            broadcastToNotified([":bnc BOUNCER NETWORK \(p[1]) *"])
            send([":bnc BOUNCER DELNETWORK \(p[1])"], to: c)
            dropBound(network: p[1])
        default:
            send([":bnc FAIL BOUNCER UNKNOWN_COMMAND \(sub) :Unknown subcommand"], to: c)
        }
    }

    /// `CHATHISTORY LATEST|AFTER|BEFORE <target> <ref> <limit>` on a bound connection.
    private func handleHistory(_ p: [String], label: String?, on c: Connection) {
        guard let bound = c.bound, p.count == 4, let asked = Int(p[3]) else {
            return problem("CHATHISTORY outside a bound connection or malformed: \(p)")
        }
        if asked > historyLimit { problem("CHATHISTORY limit \(asked) above CHATHISTORY=\(historyLimit)") }
        let limit = min(asked, historyLimit)
        let all = lock.withLock { (history[bound] ?? []).filter { $0.channel == p[1] } }
        let reference = p[2]
        func position(_ ref: String) -> Int?? {   // index in `all` just after the reference
            if ref == "*" { return .some(nil) }
            if ref.hasPrefix("msgid=") {
                let id = String(ref.dropFirst(6))
                guard let index = all.firstIndex(where: { $0.msgid == id }) else { return nil }
                return .some(index)
            }
            if ref.hasPrefix("timestamp="), let date = ISO8601DateFormatter.withFraction.date(from: String(ref.dropFirst(10))) {
                return .some(all.lastIndex { $0.time <= date } ?? -1)
            }
            return nil
        }
        guard let anchor = position(reference) else {
            return send([":bnc FAIL CHATHISTORY INVALID_PARAMS \(p[0]) \(reference) :Unknown message reference"], to: c)
        }
        let page: ArraySlice<(msgid: String, time: Date, nick: String, channel: String, text: String)>
        switch p[0].uppercased() {
        case "LATEST":
            let start = anchor.map { $0 + 1 } ?? 0
            page = all[start...].suffix(limit)
        case "AFTER":
            guard let anchor else { return send([":bnc FAIL CHATHISTORY INVALID_PARAMS AFTER * :Need a reference"], to: c) }
            page = all[(anchor + 1)...].prefix(limit)
        case "BEFORE":
            let end = anchor ?? all.count
            page = all[..<max(0, end)].suffix(limit)
        default:
            return send([":bnc FAIL CHATHISTORY INVALID_PARAMS \(p[0]) :Unknown subcommand"], to: c)
        }
        let tag = label.map { "@label=\($0) " } ?? ""
        send(["\(tag):bnc BATCH +h chathistory \(p[1])"] + page.map { Self.format($0, batch: "h") } + [":bnc BATCH -h"], to: c)
    }

    // MARK: Helpers

    private func listBatch() -> [String] {
        let all = lock.withLock { networks }
        return [":bnc BATCH +n soju.im/bouncer-networks"]
            + all.map { "@batch=n :bnc BOUNCER NETWORK \($0.id) \(encode($0.attributes))" }
            + [":bnc BATCH -n"]
    }

    private func broadcastToNotified(_ lines: [String]) {
        let targets = lock.withLock {
            connections.filter { $0.registered && $0.bound == nil && $0.caps.contains("soju.im/bouncer-networks-notify") }
        }
        for connection in targets { send(lines, to: connection) }
    }

    private func validate(_ set: [String: String], _ cleared: [String], subcommand: String, id: String) -> String? {
        for key in set.keys.sorted() + cleared.sorted() {
            if Self.readOnly.contains(key) { return ":bnc FAIL BOUNCER READ_ONLY_ATTRIBUTE \(subcommand) \(id) \(key) :Read-only attribute" }
            if !Self.writable.contains(key) { return ":bnc FAIL BOUNCER UNKNOWN_ATTRIBUTE \(subcommand) \(id) \(key) :Unknown attribute" }
        }
        return nil
    }

    private func parse(_ encoded: String) -> ([String: String], [String]) {
        var set: [String: String] = [:]
        var cleared: [String] = []
        for item in encoded.split(separator: ";") {
            if let equals = item.firstIndex(of: "=") {
                set[String(item[..<equals])] = IRCMessage.unescapeTagValue(String(item[item.index(after: equals)...]))
            } else {
                cleared.append(String(item))
            }
        }
        return (set, cleared)
    }

    private func encode(_ attributes: [String: String]) -> String {
        attributes.keys.sorted().map { "\($0)=" + IRCMessage.escapeTagValue(attributes[$0]!) }.joined(separator: ";")
    }

    private static func format(_ item: (msgid: String, time: Date, nick: String, channel: String, text: String),
                               batch: String?) -> String {
        let time = ISO8601DateFormatter.withFraction.string(from: item.time)
        return "@\(batch.map { "batch=\($0);" } ?? "")msgid=\(item.msgid);time=\(time) :\(item.nick)!u@net PRIVMSG \(item.channel) :\(item.text)"
    }

    private func send(_ lines: [String], to connection: Connection) {
        do { try connection.client.send(lines: lines) } catch { /* the connection went: its reader ends */ }
    }

    private func problem(_ text: String) { lock.withLock { _problems.append(text) } }
}

extension ISO8601DateFormatter {
    /// `2024-01-01T10:00:00.123Z`, as server-time writes it.
    nonisolated(unsafe) static let withFraction: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}
