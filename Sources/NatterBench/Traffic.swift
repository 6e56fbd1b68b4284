/// Deterministic, realistic channel traffic for the benchmarks: IRCv3 tags, `nick!user@host`
/// sources, PRIVMSG with 60–200 characters of text, about one line in four with mIRC codes.
enum Traffic {
    static let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "natter",
                        "irc", "client", "message", "hello", "world", "swift", "server", "channel",
                        "really", "think", "that", "would", "https://example.com/page", "ok", "lol",
                        "über", "café", "naïve", "👍", "something", "about", "tomorrow", "yes"]
    static let codes = ["\u{02}", "\u{1D}", "\u{1F}", "\u{03}4", "\u{03}12,1", "\u{0F}", "\u{03}"]

    /// Message texts of 60–200 characters (or exactly `length` characters).
    static func texts(count: Int, seed: UInt64 = 42, length fixed: Int? = nil) -> [String] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let length = fixed ?? Int.random(in: 60...200, using: &rng)
            let formatted = Int.random(in: 0..<4, using: &rng) == 0
            var text = ""
            while text.count < length {
                if !text.isEmpty { text += " " }
                if formatted && Int.random(in: 0..<3, using: &rng) == 0 {
                    text += codes.randomElement(using: &rng)!
                }
                text += words.randomElement(using: &rng)!
            }
            return String(text.prefix(length))
        }
    }

    /// Full lines (without CR LF) of channel traffic; texts of 60–200 characters, or exactly
    /// `textLength`; each with a random 64-bit `msgid`.
    static func lines(count: Int, seed: UInt64 = 7, textLength: Int? = nil) -> [String] {
        var rng = SeededGenerator(seed: seed)
        let bodies = texts(count: count, seed: seed &+ 1, length: textLength)
        return bodies.enumerated().map { index, text in
            let nick = "user\(Int.random(in: 0..<500, using: &rng))"
            let ms = index % 1000
            let second = (index / 1000) % 60
            let msgid = String(rng.next(), radix: 36) + String(rng.next() % 1_000_000, radix: 36)
            return "@time=2026-11-22T01:02:\(second < 10 ? "0" : "")\(second).\(ms < 10 ? "00" : ms < 100 ? "0" : "")\(ms)Z"
                + ";msgid=\(msgid);account=\(nick) :\(nick)!~\(nick)@host-\(index % 97).example.org"
                + " PRIVMSG #natter :\(text)"
        }
    }
}
