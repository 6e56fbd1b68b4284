/// How much a buffer asks for attention (`/notify all|mentions|none`, `[notifications.buffers]`):
/// every message notifies, only mentions (a channel's default; every message of a private
/// conversation is one), or nothing at all: a muted buffer counts nothing and is drawn dimmed.
public enum NotifyLevel: String, CaseIterable, Sendable, Hashable {
    case all, mentions, none
}

extension ChatModel {
    /// The key of buffer `id` in ``notifyLevels`` and in the configuration: `network/name`,
    /// the name folded as buffer ids fold it.
    public static func notifyKey(_ id: BufferID) -> String { "\(id.network)/\(id.name)".lowercased() }

    /// How much `buffer` asks for attention: its own level, else its network's (a private
    /// conversation takes a network's only when it is muted), else its kind's default.
    public func notifyLevel(of buffer: ChatBuffer) -> NotifyLevel {
        if let own = notifyLevels[Self.notifyKey(buffer.id)] { return own }
        if let network = networkNotifyLevels[buffer.id.network.lowercased()], buffer.kind != .query || network == .none {
            return network
        }
        return buffer.kind == .query ? .all : .mentions
    }

    /// Sets buffer `id`'s level; muting it clears what it counted.
    func setNotifyLevel(_ level: NotifyLevel, of id: BufferID) {
        notifyLevels[Self.notifyKey(id)] = level
        if level == .none, let buffer = buffer(id), buffer.unread > 0 || buffer.highlights > 0 {
            buffer.unread = 0
            buffer.highlights = 0
        }
        changes.append(.unreadChanged(id))
    }
}
