import FoundationEssentials
import IRCProtocol

/// The smart filter, as HexChat's and WeeChat's: in a busy channel most joins, parts, quits and
/// nick changes are of people who never say anything, and they bury the conversation. Those of
/// people who have not spoken here for ``ModelSettings/smartFilterDelay`` are marked when they
/// happen (``ChatLine/isSmartFiltered``); a channel with the filter on leaves the marked rows
/// out, and shows them again when it is turned off. They stay in the scrollback and the logs.
///
/// Someone who speaks soon after joining gets their join row back (WeeChat's unmasking): the
/// reader then learns where the new voice came from.
extension ChatModel {
    /// How long after a join its joiner's first words unmask it (seconds), as WeeChat's
    /// default.
    static let joinUnmaskWindow = 1_800.0

    /// Whether `buffer` hides the rows the smart filter marked: a channel, with `/filter` on
    /// there, or `[filter] smart` on and no choice made there.
    public func hidesSmartFiltered(in buffer: ChatBuffer) -> Bool {
        buffer.kind == .channel && (smartFilterChoices.choice(for: buffer.id) ?? settings.smartFilter)
    }

    /// Turns the smart filter of channel `buffer` on or off (`nil`: the other way round) and
    /// says so there. The rows start over; the choice is kept between runs.
    public func setSmartFilter(_ on: Bool?, in buffer: ChatBuffer, now: Date) {
        guard buffer.kind == .channel, let network = network(buffer.id.network) else { return }
        let wanted = on ?? !hidesSmartFiltered(in: buffer)
        let changed = wanted != hidesSmartFiltered(in: buffer)
        var text = wanted
            ? "Smart filter on in \(buffer.name): joins, parts, quits and nick changes of people who have not spoken "
                + "in the last \(Self.minutes(settings.smartFilterDelay)) are hidden (/filter off shows them)"
            : "Smart filter off in \(buffer.name): every join, part, quit and nick change is shown"
        do {
            try smartFilterChoices.set(wanted, for: buffer.id)
        } catch {
            text += " (not kept for the next run: \(error))"
        }
        event(.info, nick: nil, text: text, in: buffer, on: network, at: now)
        if changed { changes.append(.linesInserted(buffer.id)) }
    }

    /// An event row about `nick` in `buffer` that the smart filter may hide: marked when
    /// `nick` has not spoken there lately. A marked join is remembered, to be unmasked if its
    /// joiner speaks.
    /// `isOwn`: the event is ours (by the time our nick change is applied, the session has our
    /// new nick, so the old one cannot be compared), and never hidden.
    func filterableEvent(_ kind: ChatLineKind, nick: String, text: String = "", isOwn: Bool = false, in buffer: ChatBuffer,
                         on network: ChatNetwork, at time: Date) {
        var line = ChatLine(id: localID(), time: time, kind: kind, nick: nick, text: text)
        let key = network.caseMapping.lowercased(nick)
        if buffer.kind == .channel, !isOwn, !network.caseMapping.equal(nick, network.nick) {
            let spoke = buffer.lastSpoke[key].map { time.timeIntervalSince($0) < settings.smartFilterDelay } ?? false
            line.isSmartFiltered = !spoke
            if case .join = kind, !spoke {
                let newJoiner = buffer.maskedJoins.updateValue((line.id, time), forKey: key) == nil
                // Joins too old to unmask go, or a busy channel's would pile up for days (looked
                // at every 500 new ones: a pass over them all per join would cost a flood dearly).
                if newJoiner, buffer.maskedJoins.count >= 1_000, buffer.maskedJoins.count % 500 == 0 {
                    buffer.maskedJoins = buffer.maskedJoins.filter { time.timeIntervalSince($0.value.time) < Self.joinUnmaskWindow }
                }
            }
        }
        append(line, to: buffer, on: network, countsUnread: false)
    }

    /// `nick` said something in `buffer` at `time`: their joins, parts and nick changes show
    /// for the next while, and a join of theirs the filter hid a short while ago shows again.
    func noteSpoke(_ nick: String, in buffer: ChatBuffer, on network: ChatNetwork, at time: Date) {
        guard buffer.kind == .channel else { return }
        let key = network.caseMapping.lowercased(nick)
        let newSpeaker = buffer.lastSpoke.updateValue(time, forKey: key) == nil
        if newSpeaker, buffer.lastSpoke.count >= 2_000, buffer.lastSpoke.count % 500 == 0 {
            // Only the recent speakers matter: the rest go (a channel's history of voices
            // would otherwise grow for as long as the buffer is open), looked at every 500 new
            // speakers.
            buffer.lastSpoke = buffer.lastSpoke.filter { time.timeIntervalSince($0.value) < settings.smartFilterDelay }
        }
        guard let masked = buffer.maskedJoins.removeValue(forKey: key),
              time.timeIntervalSince(masked.time) < Self.joinUnmaskWindow,
              let index = buffer.scrollback.lines.lastIndex(where: { $0.id == masked.id }) else { return }
        var line = buffer.scrollback.lines[index]
        line.isSmartFiltered = false
        _ = buffer.scrollback.replace(id: line.id, with: line)
        // The join becomes a row of its own among the others: the rows start over, keeping the
        // reading position.
        if hidesSmartFiltered(in: buffer) { changes.append(.linesInserted(buffer.id)) }
    }

    /// `from` is now known as `to`: what the filter knows of them follows the nick.
    func renameSpeaker(from: String, to: String, in buffer: ChatBuffer, on network: ChatNetwork) {
        let old = network.caseMapping.lowercased(from), new = network.caseMapping.lowercased(to)
        guard old != new else { return }
        if let spoke = buffer.lastSpoke.removeValue(forKey: old) { buffer.lastSpoke[new] = spoke }
        if let masked = buffer.maskedJoins.removeValue(forKey: old) { buffer.maskedJoins[new] = masked }
    }

    /// "10 minutes", "1 minute", "90 seconds".
    static func minutes(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        if whole % 60 != 0 { return "\(whole) seconds" }
        return whole == 60 ? "1 minute" : "\(whole / 60) minutes"
    }
}
