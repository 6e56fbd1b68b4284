import DequeModule
import FoundationEssentials

/// The log lines on their way to disk. When the logs cannot be written (a full disk, a
/// read-only folder) the chat goes on: the lines are kept, oldest first, and written before
/// anything newer once the logs can be written again; the user is told once when it starts
/// and once when it is over (``say``).
final class LogJournal {
    /// Unwritten log lines kept at most (about 10 MB); beyond, the oldest go, counted.
    static let maxUnwritten = 100_000

    let store: LogStore?
    /// Log lines that could not be written yet, oldest first.
    private(set) var unwritten: Deque<(line: ChatLine, network: String, buffer: String)> = []
    /// Whether the user was told that the logs cannot be written (once, until they can).
    private var problemShown = false
    /// Unwritten log lines dropped because too many waited (the oldest go first).
    private var dropped = 0
    /// Says something in a network's server buffer (the text, the network, whether an error);
    /// the model says it in the first network's when that one is gone.
    var say: (String, String, Bool) -> Void = { _, _, _ in }

    init(store: LogStore?) { self.store = store }

    /// Writes a line to its log, after any that could not be written yet; keeps it to write
    /// later (at the next line or tick) when it cannot be written now.
    func write(_ line: ChatLine, network: String, buffer: String) {
        guard let store else { return }
        if !unwritten.isEmpty { retry() }
        if unwritten.isEmpty, store.append(line, network: network, buffer: buffer) { return }
        unwritten.append((line, network, buffer))
        failed(network: network)
    }

    /// Runs `body` with the logs in one batch (``LogStore/beginBatch()``): each day file is
    /// written once at the end, not once per line. Lines the batch could not write are kept
    /// and tried again, as in ``write(_:network:buffer:)``.
    func batching(_ body: () -> Void) {
        guard let store else { return body() }
        store.beginBatch()
        body()
        let failedLines = store.endBatch()
        guard let first = failedLines.first else { return }
        // They were taken while nothing older waited, so they go before what waits now.
        unwritten.insert(contentsOf: failedLines, at: unwritten.startIndex)
        failed(network: first.network)
    }

    /// Bounds the lines kept unwritten and says once, in `network`'s server buffer, that the
    /// logs cannot be written.
    private func failed(network: String) {
        if unwritten.count > Self.maxUnwritten {
            let excess = unwritten.count - Self.maxUnwritten
            unwritten.removeFirst(excess)
            dropped += excess
        }
        guard !problemShown else { return }
        problemShown = true
        let reason = store?.lastError ?? "unknown error"
        say("Cannot write the logs (\(reason)). The chat goes on; the lines are kept and written once the logs can be written again.",
            network, true)
    }

    /// Writes the lines waiting, in order, until one fails again; says so when all are written.
    func retry() {
        guard let store else { return }
        var written = 0
        var lastNetwork: String?
        while let first = unwritten.first, store.append(first.line, network: first.network, buffer: first.buffer) {
            unwritten.removeFirst()
            written += 1
            lastNetwork = first.network
        }
        guard unwritten.isEmpty, problemShown, let network = lastNetwork else { return }
        problemShown = false
        let lost = dropped > 0 ? "; \(dropped) older lines could not be kept" : ""
        dropped = 0
        say("The logs are written again: \(written) waiting lines written\(lost).", network, false)
    }
}
