/// A `nick!user@host` wildcard mask (`*` = any run, `?` = any one character), compared under a
/// case mapping, for highlights and ignores.
public struct IRCMask: Hashable, Sendable {
    /// The mask as written.
    public let pattern: String
    /// The case mapping used for comparison.
    public let caseMapping: IRCCaseMapping
    private let folded: [UInt8]

    /// Creates a mask. Characters other than `*` and `?` match themselves (folded by `caseMapping`).
    public init(_ pattern: String, caseMapping: IRCCaseMapping = .rfc1459) {
        self.pattern = pattern
        self.caseMapping = caseMapping
        folded = pattern.utf8.map(caseMapping.fold)
    }

    /// Whether `text` (usually `nick!user@host`) matches the mask.
    ///
    /// `?` matches one byte of non-ASCII text per byte of UTF-8; masks rarely use it on
    /// non-ASCII names, and `*` is exact.
    public func matches(_ text: String) -> Bool {
        let subject = text.utf8.map(caseMapping.fold)
        return Self.glob(folded, subject)
    }

    /// Whether `source` matches the mask, written as `nick!user@host`.
    public func matches(_ source: IRCSource) -> Bool {
        matches("\(source.nick)!\(source.user ?? "*")@\(source.host ?? "*")")
    }

    /// Iterative wildcard matching with single-star backtracking: linear in practice.
    static func glob(_ p: [UInt8], _ s: [UInt8]) -> Bool {
        var pi = 0, si = 0
        var starP = -1, starS = 0
        while si < s.count {
            if pi < p.count && (p[pi] == 0x3F || p[pi] == s[si]) && p[pi] != 0x2A {
                pi += 1; si += 1
            } else if pi < p.count && p[pi] == 0x2A {
                starP = pi; starS = si; pi += 1
            } else if starP >= 0 {
                pi = starP + 1; starS += 1; si = starS
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == 0x2A { pi += 1 }
        return pi == p.count
    }
}
