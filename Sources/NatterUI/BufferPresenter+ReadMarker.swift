import ChatModel
import FoundationEssentials
import IRCSession

/// Read markers out (`draft/read-marker`): when a buffer was read to its end (its newest line
/// on screen, the list at the bottom) and the reader leaves it or the window loses focus,
/// MARKREAD tells the server (and through it our other clients, or the bouncer) how far we
/// read, so that they clear their unread counts. Only a newer time than the last one sent goes.
extension BufferPresenter {
    /// The window gained or lost the keyboard; losing it sends the shown buffer's read marker.
    func windowFocusChanged(to focused: Bool) {
        guard focused != chat.model.windowFocused else { return }
        if !focused, let current = chat.current { sendReadMarker(current) }
        chat.model.windowFocused = focused
    }

    /// Sends MARKREAD for buffer `id` up to its newest line, if it was read to its end.
    func sendReadMarker(_ id: BufferID) {
        guard let buffer = chat.model.buffer(id), buffer.kind == .channel || buffer.kind == .query,
              buffer.showsNewest, chat.screen.messages.isPinned,
              let network = chat.model.network(id.network), network.sendsReadMarkers,
              let newest = buffer.scrollback.lines.last(where: \.isMessage)?.time else { return }
        if let sent = readMarkersSent[id], sent >= newest { return }
        readMarkersSent[id] = newest
        chat.perform(.markRead(target: buffer.name, timestamp: newest), network: id.network)
    }
}
