/// How much a buffer previews: nothing, cards of pages, or cards and images.
public enum PreviewMode: String, CaseIterable, Sendable, Hashable {
    /// No previews.
    case off
    /// Cards of pages (site, title, description), without any image.
    case links
    /// Cards with their thumbnails, and images under messages.
    case all
}

/// Which links show previews (`[previews]`, a network's `previews`, `[previews.buffers]`).
public struct PreviewSettings: Sendable, Hashable {
    /// Every buffer's mode where neither its network nor itself says otherwise.
    public var mode: PreviewMode = .all
    /// Networks' own modes, by lower-cased network name.
    public var networkModes: [String: PreviewMode] = [:]
    /// Buffers' own modes, by lower-cased `"network/buffer"`.
    public var bufferModes: [String: PreviewMode] = [:]
    /// Hosts never previewed: a name covers its subdomains (`example.com` covers
    /// `img.example.com`). Lower case.
    public var deniedHosts: [String] = []
    /// Whether links to loopback, private and link-local addresses may be fetched (never by
    /// default: a link must not make Natter probe the user's own network).
    public var allowsPrivateAddresses = false
    /// The disk cache's size bound in bytes.
    public var cacheBytes = 200 << 20

    /// The default settings: cards and images everywhere but in strangers' queries.
    public init() {}

    /// The mode of buffer `buffer` on `network`: its own, else its network's, else ``mode``.
    public func mode(network: String, buffer: String) -> PreviewMode {
        bufferModes["\(network)/\(buffer)".lowercased()] ?? networkModes[network.lowercased()] ?? mode
    }

    /// Whether `host` is denied (itself or a domain it is under).
    public func denies(host: String) -> Bool {
        let host = host.lowercased()
        return deniedHosts.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// The host of an `http(s)` URL, lower case (nil for any other URL). Enough to match the
    /// deny list and to name a host in a menu; the fetcher parses URLs fully.
    public static func host(of url: String) -> String? {
        let lower = url.lowercased()
        guard let schemeEnd = lower.firstRange(of: "://"), ["http", "https"].contains(String(lower[..<schemeEnd.lowerBound])) else {
            return nil
        }
        var rest = lower[schemeEnd.upperBound...]
        // A backslash ends the host as a slash does (browsers and the fetcher read it so).
        if let end = rest.firstIndex(where: { "/?#\\".contains($0) }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") { return String(rest[rest.index(after: rest.startIndex)..<close]) }
        if let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        // As the fetcher reads it: `example.com.` is `example.com` (a deny list must not be
        // passed by a trailing dot).
        while rest.hasSuffix(".") { rest = rest.dropLast() }
        return rest.isEmpty ? nil : String(rest)
    }
}
