import IRCProtocol

/// The form of the mask `/ban NICK`, `/kickban`, `/quiet` and `/unban` give a nick, as
/// HexChat's ban type chooses it: a `nick!user@host` mask with `$nick`, `$user`, `$host` and
/// `$domain` in it (`ban_mask`). `*!*@$host` (the default) bans the host whatever the nick,
/// `*!$user@$host` the user there, `$nick!*@*` the nick anywhere, `*!*@*.$domain` the host's
/// domain (the host without its first label; an IPv4 address's last number becomes `*`, and
/// a cloak or an IPv6 address, which have no domain to widen to, stay whole).
public struct BanMaskTemplate: Sendable, Hashable, CustomStringConvertible {
    /// The template as written.
    public let text: String

    /// `*!*@$host`: the host, whatever nick and user come from it.
    public static let standard = BanMaskTemplate(unchecked: "*!*@$host")

    /// The variables a template may hold.
    static let variables = ["$nick", "$user", "$host", "$domain"]

    private init(unchecked text: String) { self.text = text }

    /// A checked template: `something!something@something`, without spaces, with only the
    /// known variables.
    public init(_ text: String) throws(BanMaskTemplateError) {
        guard !text.isEmpty, !text.contains(" "), let bang = text.firstIndex(of: "!"),
              let at = text[bang...].firstIndex(of: "@"), bang != text.startIndex, text.index(after: bang) != at,
              text.index(after: at) != text.endIndex else {
            throw BanMaskTemplateError("\"\(text)\" is not a nick!user@host mask (such as *!*@$host, *!$user@$host, $nick!*@*, *!*@*.$domain)")
        }
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            let tail = rest[dollar...]
            // A variable ends where the name does: `$hostname` is no `$host` followed by text.
            func whole(_ name: String) -> Bool {
                guard tail.hasPrefix(name) else { return false }
                let next = tail.dropFirst(name.count).first
                return !(next.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false)
            }
            guard let name = Self.variables.first(where: whole) else {
                throw BanMaskTemplateError("\"\(text)\" holds an unknown variable: \(Self.variables.joined(separator: ", ")) are known")
            }
            rest = tail.dropFirst(name.count)
        }
        self.text = text
    }

    public var description: String { text }

    /// Whether the mask needs the user's host (or domain).
    public var needsHost: Bool { text.contains("$host") || text.contains("$domain") }
    /// Whether the mask needs the user (ident).
    public var needsUser: Bool { text.contains("$user") }

    /// The mask for `nick` with `user` and `host`; nil when the template needs one of them
    /// and it is not known (then a WHO asks).
    public func mask(nick: String, user: String?, host: String?) -> String? {
        if needsHost && (host ?? "").isEmpty { return nil }
        if needsUser && (user ?? "").isEmpty { return nil }
        var mask = text
        if let host, needsHost {
            // `*.$domain` widened to the domain, or what stands for it (see the type's note).
            let (domain, wildcard) = Self.domain(of: host)
            mask = mask.replacing("*.$domain", with: wildcard)
            mask = mask.replacing("$domain", with: domain)
            mask = mask.replacing("$host", with: host)
        }
        if let user, needsUser {
            // An ident not confirmed (`~bob`) matches with or without its tilde.
            mask = mask.replacing("$user", with: user.hasPrefix("~") ? "*" + user.dropFirst() : user)
        }
        return mask.replacing("$nick", with: nick)
    }

    /// The domain of `host` and the mask that stands for `*.domain`: `b.example.org` and
    /// `*.b.example.org` for `a.b.example.org`; `1.2.3` and `1.2.3.*` for `1.2.3.4`; the host
    /// itself twice for a cloak (`user/bob`), an IPv6 address or a name of two labels.
    static func domain(of host: String) -> (domain: String, wildcard: String) {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count == 4, labels.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) {
            let network = labels.dropLast().joined(separator: ".")
            return (network, network + ".*")
        }
        guard !host.contains("/"), !host.contains(":"), labels.count >= 3 else { return (host, host) }
        let domain = labels.dropFirst().joined(separator: ".")
        return (domain, "*." + domain)
    }
}

/// Why a `ban_mask` template was refused.
public struct BanMaskTemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
