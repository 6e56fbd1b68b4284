import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// One day file's bytes searched for a query without making a string of each line.
///
/// The lines looked at are those where the query's lead word occurs (found with `memchr` in
/// both cases of its rarest letter); the others are only counted, for their numbers. A line
/// looked at is split into nick and text on its bytes as ``LogLineFormat/parse(_:day:id:)``
/// splits it, and the words are compared in its bytes with ASCII letters lowered. That answer
/// is exactly the folded comparison's (``SearchQuery/matches(_:)``) when the line holds no
/// control character (formatting would be stripped first), when a word found is found (its
/// bytes are lowercase already), and when a word not found is ASCII and the line holds neither
/// K (U+212A) nor İ (U+0130), whose lowercase forms hold ASCII letters. Every other line, and
/// every line of a query with patterns, is parsed into a ``ChatLine`` and matched as loaded
/// lines are.
struct LogDaySearch {
    let query: SearchQuery
    /// The words and phrases of the query.
    let needles: [Needle]
    /// What is looked for to find the lines worth a look: the longest ASCII run of one of the
    /// words (a word's other characters may be in another case in the file). A word, not a
    /// phrase: an event's row says "kim quit" where its log line says "kim has quit".
    let lead: Needle?
    /// Whether the lead has a letter that K or İ lowers to.
    let leadFoldsFromOthers: Bool

    init(query: SearchQuery) {
        self.query = query
        needles = query.terms.compactMap { term -> Needle? in
            if case .text(_, let needle) = term { return needle } else { return nil }
        }
        lead = needles.flatMap { $0.bytes.split { $0 >= 0x80 || $0 == 0x20 } }
            .max { $0.count < $1.count }.map { Needle(Array($0)) }
        leadFoldsFromOthers = lead.map { $0.bytes.contains(UInt8(ascii: "k")) || $0.bytes.contains(UInt8(ascii: "i")) } ?? false
    }

    /// Whether the day's bytes may hold a match: false only when a word surely is not in it.
    func mayMatch(_ day: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let lead else { return true }
        let raw = UnsafeRawBufferPointer(day)
        return lead.occursIgnoringASCIICase(in: raw) || !looksAtLeadsOnly(day)
    }

    /// Whether only the lines holding the lead word in their bytes can match: not when the day
    /// has control characters (formatting codes may split a word: a foreign file, since Natter
    /// strips them when it writes), nor K or İ when the lead has a letter they lower to.
    private func looksAtLeadsOnly(_ day: UnsafeBufferPointer<UInt8>) -> Bool {
        !Self.holdsControlBytes(day) && !(leadFoldsFromOthers && Self.holdsFoldingCapitals(UnsafeRawBufferPointer(day)))
    }

    /// The hits among the lines of `day` (its bytes), oldest first, with ids `log:NAME:N`.
    func hits(in day: UnsafeBufferPointer<UInt8>, name: String, start: Date, before: Date) -> [LogHit] {
        guard let base = day.baseAddress else { return [] }
        var hits: [LogHit] = []
        func look(at lineStart: Int, _ lineEnd: Int, number: Int) {
            let line = UnsafeBufferPointer(rebasing: day[lineStart..<lineEnd])
            if let time = matchTime(of: line, start: start, before: before) {
                hits.append(LogHit(id: "log:\(name):\(number)", time: time))
            }
        }
        var position = 0
        var number = 0
        if let lead, looksAtLeadsOnly(day) {
            var cursor = CaseBlindCursor(lead)
            while position < day.count, let hit = cursor.next(from: position, in: day) {
                var lineStart = hit
                while lineStart > position && base[lineStart - 1] != 0x0A { lineStart -= 1 }
                number += Self.newlines(in: UnsafeBufferPointer(rebasing: day[position..<lineStart]))
                let lineEnd = Self.lineEnd(in: day, from: hit)
                look(at: lineStart, lineEnd, number: number)
                position = lineEnd + 1
                number += 1
            }
        } else {
            while position < day.count {
                let lineEnd = Self.lineEnd(in: day, from: position)
                look(at: position, lineEnd, number: number)
                position = lineEnd + 1
                number += 1
            }
        }
        return hits
    }

    /// The time of `line` if the query matches it and it is older than `before`.
    func matchTime(of line: UnsafeBufferPointer<UInt8>, start: Date, before: Date) -> Date? {
        guard let seconds = LogLineFormat.clockSeconds(line) else { return nil }
        let time = start.addingTimeInterval(Double(seconds))
        guard time < before else { return nil }
        guard let (nick, text) = LogLineFormat.nickAndText(line) else {
            // An event (a join, a quit, a note): found by its words as the live row is.
            guard query.hasTerms, let parsed = LogLineFormat.parse(Substring(String(decoding: line, as: UTF8.self)), day: start, id: ""),
                  query.matches(parsed) else { return nil }
            return time
        }
        switch decide(line: line, nick: nick, text: text) {
        case .yes: return time
        case .no: return nil
        case .parse:
            let string = String(decoding: line, as: UTF8.self)
            guard let parsed = LogLineFormat.parse(Substring(string), day: start, id: ""), query.matches(parsed) else { return nil }
            return time
        }
    }

    private enum Answer { case yes, no, parse }

    /// The answer from the bytes, when they give it for sure.
    private func decide(line: UnsafeBufferPointer<UInt8>, nick: Range<Int>, text: Range<Int>) -> Answer {
        guard !query.hasPatterns, !line.contains(where: { $0 < 0x20 }) else { return .parse }
        let nickBytes = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: line[nick]))
        let textBytes = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: line[text]))
        if !query.senders.isEmpty {
            guard !nickBytes.contains(where: { $0 >= 0x80 }) else { return .parse }
            let lowered = nickBytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
            guard query.senders.contains(where: { $0.utf8.elementsEqual(lowered) }) else { return .no }
        }
        var unsure = false
        for needle in needles where !needle.occursIgnoringASCIICase(in: nickBytes) && !needle.occursIgnoringASCIICase(in: textBytes) {
            guard needle.isASCII, !Self.holdsFoldingCapitals(UnsafeRawBufferPointer(line)) else { unsure = true; continue }
            return .no
        }
        return unsure ? .parse : .yes
    }

    /// Where the line holding byte `offset` ends (its line feed, or the end of the file).
    private static func lineEnd(in day: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
        guard let base = day.baseAddress, let found = memchr(base + offset, 0x0A, day.count - offset) else { return day.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The number of line feeds in `bytes`.
    private static func newlines(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        ByteScan.count(of: 0x0A, in: bytes)
    }

    /// Whether `bytes` hold a byte below 0x20 other than a line feed.
    static func holdsControlBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        ByteScan.holdsControlBytes(bytes)
    }

    private static let kelvin = Needle([0xE2, 0x84, 0xAA])
    private static let dottedI = Needle([0xC4, 0xB0])

    /// Whether `bytes` hold K (U+212A, E2 84 AA) or İ (U+0130, C4 B0).
    static func holdsFoldingCapitals(_ bytes: UnsafeRawBufferPointer) -> Bool {
        kelvin.occursIgnoringASCIICase(in: bytes) || dottedI.occursIgnoringASCIICase(in: bytes)
    }
}

/// The places of a needle in bytes whose ASCII letters may be in either case, in order: one
/// `memchr` cursor for each case of the needle's anchor byte, each moving forward only.
struct CaseBlindCursor {
    private let needle: Needle
    private let keys: [UInt8]
    /// Each case's next verified place (`Int.max`: none left).
    private var next: [Int]

    init(_ needle: Needle) {
        self.needle = needle
        let anchor = needle.bytes[needle.anchor]
        keys = anchor >= 0x61 && anchor <= 0x7A ? [anchor, anchor - 0x20] : [anchor]
        next = keys.map { _ in -1 }
    }

    /// The first place at or after `position` where the needle starts.
    mutating func next(from position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        for k in keys.indices where next[k] < position && next[k] != Int.max {
            next[k] = find(keys[k], from: position, in: bytes) ?? Int.max
        }
        let first = next.min() ?? Int.max
        return first == Int.max ? nil : first
    }

    private func find(_ key: UInt8, from position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = needle.bytes.count
        guard let base = bytes.baseAddress, bytes.count >= n else { return nil }
        let anchor = needle.anchor
        let last = bytes.count - n
        var i = position
        while i <= last {
            guard let hit = memchr(base + i + anchor, Int32(key), last - i + 1) else { return nil }
            i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) - anchor
            var j = 0
            while j < n {
                let byte = base[i + j]
                if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != needle.bytes[j] { break }
                j += 1
            }
            if j == n { return i }
            i += 1
        }
        return nil
    }
}
