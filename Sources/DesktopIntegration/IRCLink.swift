import FoundationEssentials

/// An `irc://` or `ircs://` link (the IRC URL scheme as browsers and web pages write it):
/// `irc://HOST[:PORT]/[TARGET[,FLAG…]]`. TARGET is a channel (`%23natter`, or `natter` with the
/// `#` left out), or a nick with the `isnick` flag; `#natter` written raw after the slash (which
/// a URL reads as a fragment) is taken as the channel too, since links in the wild do it.
/// `ircs` means TLS (default port 6697; `irc` 6667).
public struct IRCLink: Hashable, Sendable {
    public var host: String
    public var port: Int
    public var tls: Bool
    /// The channel to join, with its prefix.
    public var channel: String?
    /// The nick to open a query with (`,isnick`).
    public var nick: String?
    /// Whether the link says the channel needs a key (`,needkey`), which it cannot carry.
    public var needsKey = false

    /// The link in `text`, or nil when it is not an irc:// or ircs:// URL with a host.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        let tls: Bool
        if lowered.hasPrefix("ircs://") { tls = true } else if lowered.hasPrefix("irc://") { tls = false } else { return nil }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }),
              let components = URLComponents(string: text), let rawHost = components.host, !rawHost.isEmpty else { return nil }
        if let port = components.port, !(1...65535).contains(port) { return nil }
        let decodedHost = rawHost.percentDecoded ?? rawHost
        guard !decodedHost.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0 == "/" }) else { return nil }
        host = decodedHost.hasPrefix("[") ? String(decodedHost.dropFirst().dropLast()) : decodedHost
        port = components.port ?? (tls ? 6697 : 6667)
        self.tls = tls
        // Split before decoding: a `%2C` is a comma in the name, a `,` starts the flags.
        var target = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true).first.map(String.init)
        if target == nil, let fragment = components.fragment, !fragment.isEmpty { target = "#" + fragment }
        guard let target else { return }
        var parts = target.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let name = parts.removeFirst().percentDecoded ?? ""
        let flags = Set(parts.map { $0.lowercased() })
        // One target, one line: a decoded comma would join (or message) several at once, and a
        // control character would end the line it is sent in.
        guard !name.isEmpty, !name.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || $0 == "," }) else {
            return nil
        }
        needsKey = flags.contains("needkey")
        if flags.contains("isnick") {
            nick = name
        } else {
            channel = "#&+!".contains(name.first!) ? name : "#" + name
        }
    }

    /// The link written back as a URL (what the socket to a running Natter carries).
    public var url: String {
        var text = (tls ? "ircs://" : "irc://") + (host.contains(":") ? "[\(host)]" : host)
        if port != (tls ? 6697 : 6667) { text += ":\(port)" }
        text += "/"
        // What a URL path allows unescaped, less `#`, `,`, `/` and `?`, which mean something here.
        let escape = { (name: String) in name.percentEncoded(keeping: Set("-._~!$&'()*+;=:@".utf8)) }
        if let channel { text += escape(channel) + (needsKey ? ",needkey" : "") }
        if let nick { text += escape(nick) + ",isnick" }
        return text
    }

    /// Whether the link points at `host`:`port` (hosts compared without case).
    public func names(host other: String, port otherPort: Int) -> Bool {
        host.lowercased() == other.lowercased() && port == otherPort
    }
}
