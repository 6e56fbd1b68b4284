/// An http or https URL taken apart as far as fetching needs: scheme, host, port, the path with
/// its query. Built from a message's text or a page's reference; anything else (other schemes,
/// user names, hosts that are not ASCII) gives nil, so nothing odd reaches the network.
public struct PreviewURL: Sendable, Hashable {
    /// `http` or `https`.
    public var scheme: String
    /// The host, lowercased; an IPv6 address without its brackets.
    public var host: String
    /// The port, given or the scheme's.
    public var port: Int
    /// The path and query, percent-encoded, starting with `/` (the fragment dropped).
    public var target: String

    /// Whether the connection is TLS.
    public var isSecure: Bool { scheme == "https" }

    /// The URL as text (default ports left out).
    public var text: String {
        let shownHost = host.contains(":") ? "[" + host + "]" : host
        let shownPort = port == (isSecure ? 443 : 80) ? "" : ":\(port)"
        return scheme + "://" + shownHost + shownPort + target
    }

    /// Parses an absolute http(s) URL.
    public init?(_ text: String) {
        let cleaned = Self.stripped(text)
        guard let colon = cleaned.firstIndex(of: ":") else { return nil }
        let scheme = cleaned[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        var rest = cleaned[cleaned.index(after: colon)...]
        // `http:\\host`, `http:/host` and `http:host` are taken as browsers take them.
        while let first = rest.first, first == "/" || first == "\\" { rest = rest.dropFirst() }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" || $0 == "\\" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard !authority.contains("@"), let (host, port) = Self.hostAndPort(authority, secure: scheme == "https") else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = port
        self.target = Self.normalisedTarget(rest[authorityEnd...])
    }

    /// `reference` (a page's link: absolute, `//host/…`, `/path`, `path`, `?query`) read against
    /// this URL; nil when it is not http(s) once resolved.
    public func resolving(_ reference: String) -> PreviewURL? {
        let cleaned = Self.stripped(reference)
        if let colon = cleaned.firstIndex(of: ":"),
           cleaned[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
           cleaned[..<colon].first?.isLetter == true {
            return PreviewURL(cleaned)
        }
        if cleaned.hasPrefix("//") || cleaned.hasPrefix("\\\\") { return PreviewURL(scheme + ":" + cleaned) }
        var resolved = self
        let pathPart = target.prefix { $0 != "?" }
        if cleaned.isEmpty || cleaned.hasPrefix("#") { return resolved }
        if cleaned.hasPrefix("?") {
            resolved.target = Self.normalisedTarget(pathPart + cleaned)
        } else if cleaned.hasPrefix("/") {
            resolved.target = Self.normalisedTarget(Substring(cleaned))
        } else {
            let folder = pathPart[...(pathPart.lastIndex(of: "/") ?? pathPart.startIndex)]
            resolved.target = Self.normalisedTarget(folder + cleaned)
        }
        return resolved
    }

    /// Leading and trailing blanks and controls removed, tabs and newlines inside dropped (as
    /// the URL standard does).
    private static func stripped(_ text: String) -> String {
        let scalars = text.unicodeScalars.drop { $0.value <= 0x20 }.reversed().drop { $0.value <= 0x20 }.reversed()
        return String(String.UnicodeScalarView(scalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
    }

    /// Ports of other protocols (mail, IRC, file sharing, …) a link may not point a preview's
    /// request at, so that a link cannot make the client speak HTTP to such a server: the
    /// ports browsers refuse for the same reason.
    static let blockedPorts: Set<Int> = [
        1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
        111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
        540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
        6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
    ]

    private static func hostAndPort(_ authority: Substring, secure: Bool) -> (String, Int)? {
        var hostPart = authority
        var portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portPart = after.dropFirst()
            }
            guard !hostPart.isEmpty, hostPart.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            if let colon = authority.lastIndex(of: ":") {
                hostPart = authority[..<colon]
                portPart = authority[authority.index(after: colon)...]
            }
            let allowed = hostPart.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "." || $0 == "_")
            }
            guard !hostPart.isEmpty, allowed else { return nil }
        }
        var port = secure ? 443 : 80
        if let portPart, !portPart.isEmpty {
            guard portPart.count <= 5, let number = Int(portPart), number > 0, number < 65_536,
                  !blockedPorts.contains(number) else { return nil }
            port = number
        }
        var host = hostPart.lowercased()
        while host.hasSuffix(".") { host.removeLast() }
        guard !host.isEmpty else { return nil }
        return (host, port)
    }

    /// The path and query: fragment dropped, backslashes as slashes in the path, `.` and `..`
    /// segments removed, bytes a request line cannot carry percent-encoded.
    private static func normalisedTarget(_ raw: Substring) -> String {
        let noFragment = raw.prefix { $0 != "#" }
        let queryStart = noFragment.firstIndex(of: "?")
        let path = (queryStart.map { noFragment[..<$0] } ?? noFragment).replacingBackslashes()
        let query = queryStart.map { String(noFragment[$0...]) } ?? ""
        var segments: [Substring] = []
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (position, part) in parts.enumerated() {
            let last = position == parts.count - 1
            switch part {
            case ".", "%2e", "%2E":
                if last { segments.append("") }
            case "..", ".%2e", "%2e.", "%2e%2e", ".%2E", "%2E.", "%2E%2E":
                if !segments.isEmpty { segments.removeLast() }
                if last { segments.append("") }
            default:
                segments.append(part)
            }
        }
        return encoded("/" + segments.joined(separator: "/") + query)
    }

    private static func encoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "<"), byte != UInt8(ascii: ">"),
               byte != UInt8(ascii: "`"), byte != UInt8(ascii: "{"), byte != UInt8(ascii: "}") {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(digits[Int(byte >> 4)])
                out.unicodeScalars.append(digits[Int(byte & 15)])
            }
        }
        return out
    }
}

extension Substring {
    fileprivate func replacingBackslashes() -> String { String(map { $0 == "\\" ? "/" : $0 }) }
}
