extension SearchPattern {
    /// What a pattern's text says about every match, read without running it (Perl syntax, as
    /// PCRE2 reads it):
    /// the runs of plain ASCII characters it must contain, and whether it can run over joined
    /// lines with the same answers as line by line.
    ///
    /// The reading is deliberately narrow; whatever it does not understand makes it claim less:
    /// - Only the top-level sequence gives literals; a `|` outside a group means none are
    ///   required. Groups, classes, `.`, anchors and escapes such as `\d` end a run; `x?`,
    ///   `x*` and `x{0,…}` drop `x`; `x+` and `x{n,…}` keep it and end the run.
    /// - Non-ASCII characters end a run (their case-insensitive matches are not known here).
    /// - Inline options `(?i)`, `(?x)`, `(?#…)`, quoting `\Q…\E`, backreferences and the other
    ///   escapes with letters or digits (`\x41`, `\p{L}`, `\N{…}`, `\K`, …) give up on both,
    ///   as do PCRE2's verbs and settings `(*…)` (`(*CR)` would make more line ends).
    /// - Joining is refused for what looks past a line's end or start: lookarounds, atomic
    ///   groups, possessive quantifiers, `\A`, `\z`, `\Z` and `\G`.
    struct Plan {
        /// The required runs, lowercased (some may be one byte long).
        var literals: [[UInt8]] = []
        /// Whether matching over joined lines answers as matching each alone would.
        var canJoin = true
        /// The run every match starts with, when the pattern begins with one (a text can then
        /// be searched from that run's first place in it on).
        var leading: [UInt8]?

        /// Escapes that stand for a class or an assertion, never text: they end a run.
        private static let classEscapes = Set("bBdDsSwWhHvVRXnrtfae".unicodeScalars)
        /// Assertions on the whole input, which joining changes.
        private static let inputAnchors = Set("AzZG".unicodeScalars)

        init(_ source: String) {
            let s = Array(source.unicodeScalars)
            var run: [UInt8] = []
            var i = 0
            var alternates = false
            var startsWithRun = false
            func endRun() { if !run.isEmpty { literals.append(run); run = [] } }
            func giveUp() -> Plan { Plan(literals: [], canJoin: false) }
            while i < s.count {
                let atomStart = i
                var literal: UInt8?
                switch s[i] {
                case "|":
                    // An alternative at the top: no run is required by every match (what
                    // follows is still read, for what it says about joining).
                    alternates = true
                    i += 1
                    continue
                case "(":
                    if i + 1 < s.count && s[i + 1] == "*" { self = giveUp(); return }
                    if i + 1 < s.count && s[i + 1] == "?" {
                        guard let kind = Self.groupKind(s, at: i) else { self = giveUp(); return }
                        if kind != .plain { canJoin = false }
                    }
                    guard let end = Self.closing(s, from: i) else { self = giveUp(); return }
                    i = end + 1
                case "[":
                    guard let end = Self.closingBracket(s, from: i) else { self = giveUp(); return }
                    i = end + 1
                case "\\":
                    guard i + 1 < s.count else { self = giveUp(); return }
                    let escaped = s[i + 1]
                    if escaped.isASCII && !escaped.properties.isAlphabetic && !("0"..."9").contains(escaped) {
                        literal = Self.lowered(escaped)
                    } else if Self.inputAnchors.contains(escaped) {
                        canJoin = false
                    } else if !Self.classEscapes.contains(escaped) {
                        self = giveUp()
                        return
                    }
                    i += 2
                case ".", "^", "$":
                    i += 1
                case ")", "*", "+", "?", "{":
                    // Not valid here (the expression would not have compiled): claim nothing.
                    self = giveUp()
                    return
                default:
                    if s[i].isASCII { literal = Self.lowered(s[i]) }
                    i += 1
                }
                // What follows the atom: a quantifier decides whether it is required.
                var required = true
                var repeats = false
                if i < s.count {
                    switch s[i] {
                    case "?", "*":
                        required = false
                        i += 1
                    case "+":
                        repeats = true
                        i += 1
                    case "{":
                        guard let close = s[i...].firstIndex(of: "}") else { self = giveUp(); return }
                        let low = String(String.UnicodeScalarView(s[(i + 1)..<close])).split(separator: ",", omittingEmptySubsequences: false).first
                        required = (low.flatMap { Int($0) } ?? 0) > 0
                        repeats = true
                        i = close + 1
                    default:
                        break
                    }
                    if !required || repeats, i < s.count {
                        // A lazy `?` changes nothing here; a possessive `+` never gives back,
                        // so it may eat a line feed a line alone does not have.
                        if s[i] == "?" { i += 1 } else if s[i] == "+" { canJoin = false; i += 1 }
                    }
                }
                if let literal, required {
                    if atomStart == 0 { startsWithRun = true }
                    run.append(literal)
                } else {
                    endRun()
                }
                if repeats { endRun() }
            }
            endRun()
            if alternates { literals = [] }
            if startsWithRun, let first = literals.first { leading = first }
        }

        private init(literals: [[UInt8]], canJoin: Bool) {
            self.literals = literals
            self.canJoin = canJoin
        }

        private enum GroupKind { case plain, looksAround }

        /// The kind of the `(?…` group at `i`, or nil for inline options and comments.
        private static func groupKind(_ s: [Unicode.Scalar], at i: Int) -> GroupKind? {
            guard i + 2 < s.count else { return nil }
            switch s[i + 2] {
            case ":": return .plain
            case "=", "!", ">": return .looksAround
            case "<":
                guard i + 3 < s.count else { return nil }
                // `(?<=` and `(?<!` look behind; `(?<name>` is a named group.
                return s[i + 3] == "=" || s[i + 3] == "!" ? .looksAround : .plain
            default: return nil
            }
        }

        /// The `)` closing the group opened at `start`, past escapes and classes.
        private static func closing(_ s: [Unicode.Scalar], from start: Int) -> Int? {
            var depth = 0
            var i = start
            while i < s.count {
                switch s[i] {
                case "\\": i += 1
                case "[":
                    guard let end = closingBracket(s, from: i) else { return nil }
                    i = end
                case "(": depth += 1
                case ")":
                    depth -= 1
                    if depth == 0 { return i }
                default: break
                }
                i += 1
            }
            return nil
        }

        /// The `]` closing the class opened at `start` (a `]` first in a class is a character
        /// of it). A `[` inside is read as opening a nested class, as ICU does: PCRE2 takes it
        /// as a character, so this may end the class later than PCRE2 does, which only
        /// claims fewer literals, never more.
        private static func closingBracket(_ s: [Unicode.Scalar], from start: Int) -> Int? {
            var depth = 0
            var i = start
            while i < s.count {
                switch s[i] {
                case "\\": i += 1
                case "[":
                    depth += 1
                    if i + 1 < s.count && s[i + 1] == "^" { i += 1 }
                    if i + 1 < s.count && s[i + 1] == "]" { i += 1 }
                case "]":
                    depth -= 1
                    if depth == 0 { return i }
                default: break
                }
                i += 1
            }
            return nil
        }

        private static func lowered(_ c: Unicode.Scalar) -> UInt8 {
            let byte = UInt8(c.value)
            return byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
        }
    }
}
