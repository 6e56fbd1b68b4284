import FoundationEssentials
import IRCProtocol

/// `draft/multiline`: a message of several lines (or longer than a line) as one batch, in and
/// out. Received, the batch's lines are joined (a line feed between them, nothing before a
/// line tagged `draft/multiline-concat`) and the whole is handled as one PRIVMSG or NOTICE,
/// with the tags of the opening BATCH (msgid, time, label, client tags). Sent, a text with line
/// breaks goes as batches within the server's `max-bytes` and `max-lines`, long lines split
/// with `draft/multiline-concat`; without the capability, as one message a line.
extension IRCSession {
    static let multilineBatch = "draft/multiline"
    static let concatTag = "draft/multiline-concat"

    /// Whether `message` belongs to an open multiline batch; it is then kept for the batch.
    mutating func collectMultiline(_ message: IRCMessage) -> Bool {
        guard let id = message.tags["batch"], batches[id]?.type == Self.multilineBatch,
              message.parameters.count >= 2 else { return false }
        // Bounded as any batch: a multiline message of 10,000 lines is already beyond reason.
        if (batches[id]?.pieces.count ?? 0) >= Self.maxBatchMessages { batches[id]?.dropped += 1; return true }
        batches[id]?.pieces.append((message.parameters[1], message.tags[Self.concatTag] != nil))
        if batches[id]?.firstLine == nil { batches[id]?.firstLine = message }
        return true
    }

    /// The joined message of a closed multiline batch, handled as any PRIVMSG or NOTICE (into
    /// a history batch when the multiline batch sits in one).
    mutating func finishMultiline(_ batch: OpenBatch, now: SessionTime) {
        guard let first = batch.firstLine, let target = batch.parameters.first else { return }
        var text = ""
        for (k, piece) in batch.pieces.enumerated() {
            if k > 0 && !piece.concat { text += "\n" }
            text += piece.text
        }
        var tags = batch.tags
        tags["batch"] = batch.parent
        let joined = IRCMessage(tags: tags, source: batch.source ?? first.source, command: first.command, parameters: [target, text])
        handleChatMessage(joined, now: now)
    }

    /// The limits the server gives in the capability's value (`max-bytes=4096,max-lines=100`).
    var multilineLimits: (bytes: Int, lines: Int)? {
        guard state.capabilities.has(Self.multilineBatch), state.capabilities.has("batch") else { return nil }
        var bytes = 4096, lines = Int.max
        for token in (state.capabilities.available[Self.multilineBatch] ?? "").split(separator: ",") {
            let parts = token.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Int(parts[1]), value > 0 else { continue }
            if parts[0] == "max-bytes" { bytes = value } else if parts[0] == "max-lines" { lines = value }
        }
        return (bytes, lines)
    }

    /// Sends `text` (with line breaks) to `target` as multiline batches when the server has
    /// them, else one message a line. Blank lines at either end are dropped (a message of
    /// blank lines only is not sent).
    mutating func sendMultiline(kind: MessageKind, target: String, text: String, now: SessionTime, replyTo: String?) {
        var lines = text.replacing("\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.first?.trimmingBlanks.isEmpty == true { lines.removeFirst() }
        while lines.last?.trimmingBlanks.isEmpty == true { lines.removeLast() }
        guard !lines.isEmpty else { return }
        guard isReady, let limits = multilineLimits, lines.count > 1 || lines[0].utf8.count > 350 else {
            for line in lines where !line.isEmpty { sendChat(kind: kind, target: target, text: line, now: now, replyTo: replyTo) }
            return
        }
        let command = kind == .notice ? "NOTICE" : "PRIVMSG"
        // ":" source " " command " " target " :" text CR LF, and 10 bytes to spare (the
        // specification's advice).
        let overhead = 1 + ownSourceForSplitting.utf8.count + 1 + command.utf8.count + 1 + target.utf8.count + 2 + 2 + 10
        let budget = max(32, state.isupport.lineLength - overhead)
        // Each line in pieces that fit a protocol line; pieces after the first concatenate.
        var pieces: [(text: String, concat: Bool)] = []
        for line in lines {
            if line.isEmpty { pieces.append(("", false)); continue }
            for (k, part) in Self.concatPieces(line, budget: budget).enumerated() { pieces.append((part, k > 0)) }
        }
        // Batches within the limits: bytes of the joined value (a line feed counts one) and lines.
        var batch: [(text: String, concat: Bool)] = []
        var bytes = 0
        for piece in pieces {
            let cost = piece.text.utf8.count + (batch.isEmpty || piece.concat ? 0 : 1)
            if !batch.isEmpty && (bytes + cost > limits.bytes || batch.count + 1 > limits.lines) {
                sendBatch(batch, command: command, target: target, now: now, replyTo: replyTo)
                batch = []
                bytes = 0
            }
            // A piece that concatenates cannot open a batch.
            batch.append(batch.isEmpty ? (piece.text, false) : piece)
            bytes += batch.count == 1 ? piece.text.utf8.count : cost
        }
        if !batch.isEmpty { sendBatch(batch, command: command, target: target, now: now, replyTo: replyTo) }
    }

    /// `line` cut into pieces of at most `budget` UTF-8 bytes that join back into it exactly
    /// (`draft/multiline-concat`): cut after a space where there is one, the space kept at the
    /// end of the earlier piece, else between characters; nothing added (unlike a split into
    /// separate messages, no formatting codes are repeated: the pieces are one text).
    static func concatPieces(_ line: String, budget: Int) -> [String] {
        var pieces: [String] = []
        var current = ""
        var bytes = 0
        var lastSpace: String.Index?
        for character in line {
            let size = character.utf8.count
            if bytes + size > budget, !current.isEmpty {
                if let space = lastSpace, current.utf8[current.index(after: space)...].count + size <= budget {
                    let cut = current.index(after: space)
                    pieces.append(String(current[..<cut]))
                    current = String(current[cut...])
                } else {
                    pieces.append(current)
                    current = ""
                }
                bytes = current.utf8.count
                lastSpace = current.lastIndex(of: " ")
            }
            current.append(character)
            bytes += size
            if character == " " { lastSpace = current.index(before: current.endIndex) }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }

    private mutating func sendBatch(_ pieces: [(text: String, concat: Bool)], command: String, target: String,
                                    now: SessionTime, replyTo: String?) {
        // A batch of blank lines only is not a message (the specification forbids it).
        guard pieces.contains(where: { !$0.text.trimmingBlanks.isEmpty }) else { return }
        nextBatch += 1
        let reference = "ml\(nextBatch)"
        let echo = state.capabilities.has("echo-message")
        let label = echo ? makeLabel() : nil
        var open = IRCMessage(command: "BATCH", parameters: ["+" + reference, Self.multilineBatch, target])
        if let label { open.tags["label"] = label }
        // Client-only tags go on the opening BATCH.
        if let replyTo, state.capabilities.has("message-tags"), ClientTag.reply.allSatisfy(state.isupport.allowsClientTag) {
            for name in ClientTag.reply { open.tags[name] = replyTo }
        }
        send(open)
        for piece in pieces {
            var line = IRCMessage(command: command, parameters: [target, piece.text])
            line.tags["batch"] = reference
            if piece.concat { line.tags[Self.concatTag] = "" }
            send(line)
        }
        send(IRCMessage(command: "BATCH", parameters: ["-" + reference]))
        nextLocalID += 1
        var text = ""
        for (k, piece) in pieces.enumerated() {
            if k > 0 && !piece.concat { text += "\n" }
            text += piece.text
        }
        if echo {
            awaitingEcho.append(AwaitingEcho(label: label, target: target, body: text, localID: nextLocalID,
                                             kind: command == "NOTICE" ? .notice : .privmsg, text: text))
            if awaitingEcho.count > 200 { awaitingEcho.removeFirst() }
        } else if var item = bufferMessage(IRCMessage(tags: open.tags.filter { $0.key != "label" }, source: ownSourceForSplitting,
                                                      command: command, parameters: [target, text]), now: now) {
            item.source = IRCSource(nick: state.nick, user: state.ownUser, host: state.ownHost)
            item.localID = nextLocalID
            emit(.message(item))
        }
    }
}
