import IRCProtocol

/// Sending: validation, priorities, and flood-controlled pacing of the queue.
extension TransportMachine {
    mutating func enqueue(_ messages: [IRCMessage], priority: Priority, now: Duration) {
        guard !messages.isEmpty else { return }
        // After a farewell (QUIT) the server reads nothing more.
        guard isReady, farewell?.written != true else {
            post(.notSent(messages, reason: .notConnected))
            return
        }
        var urgent: [String] = []
        for message in messages {
            let line: String
            do {
                line = try message.validatedSerialization(limits: configuration.outgoingLimits)
            } catch {
                post(.notSent([message], reason: .invalid(error)))
                continue
            }
            switch priority {
            case .immediate:
                flood.recordSend(at: now)
                urgent.append(line)
            case .registration:
                urgent.append(line)
            case .normal:
                // A client batch (`BATCH +ref …` to `BATCH -ref`, e.g. a multiline message) is
                // paced as one message: its lines go together in one slot.
                let opens = message.command == "BATCH" && message.parameters.first?.hasPrefix("+") == true
                let closes = message.command == "BATCH" && message.parameters.first?.hasPrefix("-") == true
                if opens { openBatches += 1 }
                if closes { openBatches = max(0, openBatches - 1) }
                queue.append(Outgoing(message: message, line: line, joinsNext: openBatches > 0))
            }
        }
        pump(now: now, after: urgent)
    }

    /// Writes `urgent` lines, then every queued line whose flood-control slot has come, in one
    /// write (a failed flush closes the channel at once: lines of a second write would be
    /// neither sent nor returned); schedules itself for the next slot.
    mutating func pump(now: Duration, after urgent: [String] = []) {
        guard isReady else { return }
        var lines = urgent
        var wroteQueued = false
        while let next = queue.first, isWritable {
            let slot = flood.earliestSendTime(at: now)
            guard slot <= now else {
                if !pumpPending {
                    pumpPending = true
                    actions.append(.schedule(.pump, after: slot - now))
                }
                break
            }
            flood.recordSend(at: now)
            queue.removeFirst()
            wroteQueued = true
            lines.append(next.line)
            // The rest of its batch goes in the same slot.
            var joins = next.joinsNext
            while joins, let following = queue.first {
                queue.removeFirst()
                lines.append(following.line)
                joins = following.joinsNext
            }
        }
        // A farewell follows the queue once it is empty (the server closes after a QUIT).
        var leaves = false
        if queue.isEmpty, let farewell, !farewell.written {
            self.farewell?.written = true
            lines += farewell.lines
            // Nothing to say goodbye with: no answer to wait for either.
            leaves = farewell.lines.isEmpty
        }
        if !lines.isEmpty { actions.append(.write(lines, connection: connection)) }
        if wroteQueued && queue.isEmpty && farewell == nil { post(.drained(interval: flood.interval)) }
        if leaves { closeLink(because: pendingReason ?? .stopped, now: now) }
    }
}
