/// Byte limits of one IRC line, split into the tag section and the rest (the "body").
///
/// The tag section counts the leading `@` and the space after the tags; the body counts everything
/// after the tags including the final CR LF, as in the IRCv3 message-tags specification.
public struct IRCLineLimits: Hashable, Sendable {
    /// Maximum bytes of the tag section, including `@` and the trailing space.
    public var maxTagSectionBytes: Int
    /// Maximum bytes of the rest of the line, including CR LF.
    public var maxBodyBytes: Int

    /// Creates limits from explicit byte counts.
    public init(maxTagSectionBytes: Int, maxBodyBytes: Int) {
        self.maxTagSectionBytes = maxTagSectionBytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// What a client accepts from a server: 8191 bytes of tags plus 512.
    public static let incoming = IRCLineLimits(maxTagSectionBytes: 8191, maxBodyBytes: 512)
    /// What a client may send: 4094 bytes of client tags plus 512.
    public static let outgoing = IRCLineLimits(maxTagSectionBytes: 4094, maxBodyBytes: 512)

    /// Limits for a server that advertises `LINELEN` (never below the classic 512).
    public static func incoming(lineLength: Int) -> IRCLineLimits {
        IRCLineLimits(maxTagSectionBytes: 8191, maxBodyBytes: max(512, lineLength))
    }

    /// The longest whole line, excluding its CR LF terminator.
    public var maxLineBytesWithoutTerminator: Int { maxTagSectionBytes + maxBodyBytes - 2 }
}
