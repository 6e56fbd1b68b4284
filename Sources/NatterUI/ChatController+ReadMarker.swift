import ChatModel
import FoundationEssentials
import IRCSession

/// Read markers out (`draft/read-marker`): when a buffer was read to its end (its newest line
/// on screen, the list at the bottom) and the reader leaves it or the window loses focus,
/// MARKREAD tells the server (and through it our other clients, or the bouncer) how far we
/// read, so that they clear their unread counts. Only a newer time than the last one sent goes.
extension ChatController {
    /// Whether the window has the keyboard; losing it sends the read marker of the shown buffer.
    public var windowFocused: Bool {
        get { model.windowFocused }
        set {
            guard newValue != model.windowFocused else { return }
            if !newValue, let current { sendReadMarker(current) }
            model.windowFocused = newValue
        }
    }

    /// Sends MARKREAD for buffer `id` up to its newest line, if it was read to its end.
    func sendReadMarker(_ id: BufferID) {
        guard let buffer = model.buffer(id), buffer.kind == .channel || buffer.kind == .query,
              buffer.showsNewest, screen.messages.isPinned,
              let network = model.network(id.network), network.sendsReadMarkers,
              let newest = buffer.scrollback.lines.last(where: \.isMessage)?.time else { return }
        if let sent = readMarkersSent[id], sent >= newest { return }
        readMarkersSent[id] = newest
        perform(.markRead(target: buffer.name, timestamp: newest), network: id.network)
    }
}
