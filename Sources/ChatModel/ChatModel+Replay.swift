import FoundationEssentials
import IRCProtocol
import IRCSession

/// What a network's current connection has matched of the lines replayed to it: a bouncer's
/// buffer playback (ZNC replays its buffer at every attach) or a history batch repeating what
/// was shown before a reconnect or a restart.
///
/// A replayed line is one dated (server-time) before the link came up. It is compared with
/// what was already shown and logged, in the form the log keeps (the day, then `HH:MM:SS`,
/// the kind, the nick and the text without formatting), as a count: a day whose log holds a
/// line twice absorbs two copies of it and no more, so two distinct lines that share a second
/// both stay when only one of them was seen. Counts are read from the day's log (or, without
/// logs, from the lines in memory) when the first replayed line of that day arrives, and start
/// again at every connection, which replays from the beginning.
struct ReplayLedger {
    /// When the current link came up; lines dated before it are replays.
    var since: Date?
    /// Unmatched shown lines per buffer and day, by their logged form.
    var counts: [BufferID: [String: [String: Int]]] = [:]
}

extension ChatModel {
    /// A new link of `network` came up at `time`: replays are matched from scratch.
    func linkCameUp(_ network: ChatNetwork, at time: Date) {
        network.replays = ReplayLedger(since: time)
    }

    /// Counts the current link of network `name` as up since `time`: lines dated before it are
    /// replays. Scenarios, whose lines are all live whatever their server-time, pass
    /// `.distantPast`.
    public func linkCameUp(network name: String, at time: Date) {
        guard let network = network(name) else { return }
        linkCameUp(network, at: time)
    }

    /// Whether `line`, arriving for `buffer`, repeats a line already shown (and logged) before
    /// this connection; if so it takes that line's place in the count. Only channel and query
    /// lines dated before the link came up are compared.
    func isReplayedDuplicate(_ line: ChatLine, in buffer: ChatBuffer, on network: ChatNetwork) -> Bool {
        guard let since = network.replays.since, line.time < since,
              buffer.kind == .channel || buffer.kind == .query else { return false }
        let timeZone = logs?.timeZone ?? .utc
        let day = logs?.day(of: line.time) ?? LogStore.dayName(line.time, timeZone: timeZone)
        if network.replays.counts[buffer.id]?[day] == nil {
            network.replays.counts[buffer.id, default: [:]][day] = shownCounts(of: buffer, on: network, day: day,
                                                                                timeZone: timeZone, date: line.time)
        }
        let key = LogLineFormat.format(line, timeZone: timeZone)
        guard let held = network.replays.counts[buffer.id]?[day]?[key], held > 0 else { return false }
        network.replays.counts[buffer.id]?[day]?[key] = held - 1
        return true
    }

    /// How many times each line was shown in `buffer` on `day`: from its log file when lines are
    /// logged (it holds what earlier runs showed too), otherwise from the lines in memory.
    private func shownCounts(of buffer: ChatBuffer, on network: ChatNetwork, day: String, timeZone: LocalZone,
                             date: Date) -> [String: Int] {
        var counts: [String: Int] = [:]
        if let logs {
            for text in logs.writtenLines(network: network.name, buffer: logName(buffer), on: date) {
                counts[text, default: 0] += 1
            }
        } else {
            for line in buffer.scrollback.lines where LogStore.dayName(line.time, timeZone: timeZone) == day {
                counts[LogLineFormat.format(line, timeZone: timeZone), default: 0] += 1
            }
        }
        return counts
    }
}

extension ChatModel {
    /// A row where a buffer's history has a hole after a reconnect, placed at the hole's start
    /// (just after the last line known before it), saying from when to when and why.
    func applyGap(in target: String, from: Date, to: Date?, reason: HistoryGapReason, on network: ChatNetwork) {
        guard let buffer = network.buffer(named: target) else { return }
        let end = to ?? buffer.scrollback.lines.first { $0.time > from }?.time
        var clock = LocalClock(timeZone: logs?.timeZone ?? .current)
        let span = "after \(clock.time(of: from))" + (end.map { " until \(clock.time(of: $0))" } ?? "")
        let why: String
        switch reason {
        case .noHistory: why = "this server keeps no history to fetch them from"
        case .refused: why = "the server refused to send its history"
        case .tooMuch(let pages, let limit): why = "more were missed than the \(pages * limit) fetched"
        }
        let line = ChatLine(id: localID(), time: from.addingTimeInterval(0.001), kind: .error,
                            text: "Messages may be missing here (\(span)): \(why)")
        // Not logged: it says what this run could not fetch, which a later run may have.
        append(line, to: buffer, on: network, countsUnread: false, logged: false)
        if reason == .noHistory { buffer.openGap = (line.id, from) }
    }

    /// A replay (InspIRCd's chanhistory on join, a bouncer's) reaching back to the start of an
    /// open gap filled it: its row goes. It reaches back when one of its lines is that old, or
    /// when it repeated lines already seen (dropped by msgid before they got here).
    func closeGap(in buffer: ChatBuffer, reachedBy lines: [ChatLine], overlapsSeen: Bool) {
        guard let gap = buffer.openGap, overlapsSeen || lines.contains(where: { $0.time <= gap.from }) else { return }
        buffer.openGap = nil
        if buffer.scrollback.remove(id: gap.lineID) { changes.append(.linesInserted(buffer.id)) }
    }
}
