import FoundationEssentials
import IRCSession

/// A long paste goes out at the link's pace, one line at a time: each pasted line is handed to
/// the network only once the link has written everything before it (`linkDrained`), so a line
/// typed meanwhile waits behind at most one pasted line, the buffer shows each line as it
/// goes, and what has not gone yet can be counted and cancelled. Pasted lines are said as
/// text, never run as commands (a pasted "/quit" is a line of text).
extension ChatModel {
    /// Queues `lines` to be said in `id`, after any paste already queued there.
    public func queuePaste(_ lines: [String], in id: BufferID, now: SessionTime) {
        guard let network = network(id.network), let buffer = buffer(id), !lines.isEmpty else { return }
        buffer.pasteQueue += lines
        buffer.pasteTotal += lines.count
        network.isPasting = true
        changes.append(.pasteChanged(id))
        releasePaste(on: network, now: now)
    }

    /// Drops what is left of `id`'s paste and says so there; returns how many lines.
    @discardableResult
    public func cancelPaste(in id: BufferID, now: Date) -> Int {
        guard let buffer = buffer(id), !buffer.pasteQueue.isEmpty else { return 0 }
        let dropped = buffer.pasteQueue.count
        buffer.pasteQueue = []
        buffer.pasteTotal = 0
        changes.append(.pasteChanged(id))
        note("Paste cancelled: \(dropped) line\(dropped == 1 ? "" : "s") not sent", in: id, at: now)
        return dropped
    }

    /// The lines left of `id`'s paste and about how long they take at the link's pace
    /// (seconds), or `nil` without one.
    public func pasteProgress(of id: BufferID) -> (left: Int, total: Int, seconds: Double)? {
        guard let buffer = buffer(id), !buffer.pasteQueue.isEmpty, let network = network(id.network) else { return nil }
        return (buffer.pasteQueue.count, buffer.pasteTotal, Double(buffer.pasteQueue.count) * network.secondsPerLine)
    }

    /// The link of `name` wrote the last line it had queued (`interval`: its time per line):
    /// the next pasted line goes.
    public func linkDrained(network name: String, interval: Duration, now: SessionTime) {
        guard let network = network(name) else { return }
        network.awaitsDrain = false
        network.secondsPerLine = Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18
        releasePaste(on: network, now: now)
    }

    /// Hands the next pasted line of each buffer with a paste to the network, unless a line
    /// handed over before is still queued on the link. While the network is not ready the
    /// paste waits (it goes on once registered: ``deliver(_:network:)``).
    func releasePaste(on network: ChatNetwork, now: SessionTime) {
        // The pasting buffers take turns, a line each, until one is on the link (handing it
        // over sets `awaitsDrain`); a line that produced nothing to send lets the next go.
        while !network.awaitsDrain, network.session.isReady {
            let count = network.buffers.count
            guard let offset = (0..<count).first(where: {
                !network.buffers[(network.pasteTurn + $0) % count].pasteQueue.isEmpty
            }) else { break }
            let buffer = network.buffers[(network.pasteTurn + offset) % count]
            network.pasteTurn = (network.pasteTurn + offset + 1) % count
            let line = buffer.pasteQueue.removeFirst()
            if buffer.pasteQueue.isEmpty { buffer.pasteTotal = 0 }
            changes.append(.pasteChanged(buffer.id))
            perform(.sendMessage(target: buffer.name, text: line), network: network.name, now: now)
        }
        network.isPasting = network.buffers.contains { !$0.pasteQueue.isEmpty }
    }
}
