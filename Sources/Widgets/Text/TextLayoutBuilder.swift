/// Breaks styled text into lines and orders each line's runs visually. Used by
/// ``TextLayout/init(_:maxWidth:hangingIndent:measurer:)``.
///
/// Cost: one `width(of:font:)` call per segment (word, space run, ideograph), plus one
/// `caretOffsets` call for each word that is wider than a whole line; O(n) otherwise.
struct TextLayoutBuilder {
    struct Piece: Equatable {
        var span: Int
        var range: Range<Int>
        var text: Substring
        var width: Double
        var kind: BreakClass
        var strong: BidiClass?
        var hasDigits: Bool
        /// Whether the piece starts with closing punctuation: no line break before it.
        var startsWithClosing = false
        /// Whether the piece ends with opening punctuation: no line break after it.
        var endsWithOpening = false
    }

    let text: StyledText
    let limit: Double
    let indent: Double
    let measurer: any TextMeasurer
    private var lines: [[Piece]] = [[]]
    private var x = 0.0
    private static let epsilon = 1e-9

    init(text: StyledText, maxWidth: Double?, hangingIndent: Double, measurer: any TextMeasurer) {
        self.text = text
        self.limit = maxWidth ?? .infinity
        self.indent = hangingIndent
        self.measurer = measurer
    }

    // MARK: Segmenting

    /// The segments of the text, measured. Spans of plain ASCII without a carriage return (most
    /// chat lines) are classified byte by byte through a table, where every byte is a whole
    /// character; others character by character. Both give the same pieces (tested): walking
    /// characters and asking Unicode properties of each cost some 2,600 instructions a
    /// character, a seventh of a flood's CPU time.
    func pieces(asciiFastPath: Bool = true) -> [Piece] {
        var segmenter = Segmenter()
        for (spanIndex, span) in text.spans.enumerated() {
            let string = span.text
            segmenter.begin(span: spanIndex, string: string)
            var copy = string
            let ascii = asciiFastPath && copy.withUTF8 { bytes in
                !bytes.contains { $0 >= 0x80 || $0 == 0x0D }
            }
            if ascii {
                let utf8 = string.utf8
                var index = utf8.startIndex
                while index < utf8.endIndex {
                    let next = utf8.index(after: index)
                    let classes = Self.asciiClasses[Int(utf8[index])]
                    segmenter.add(classes.kind, classes.bidi, classes.punctuation, from: index, to: next)
                    index = next
                }
            } else {
                var index = string.startIndex
                while index < string.endIndex {
                    let next = string.index(after: index)
                    let character = string[index]
                    segmenter.add(BreakClass(character), BidiClass(character), LinePunctuation(character), from: index, to: next)
                    index = next
                }
            }
            segmenter.endSpan()
        }
        var result = segmenter.result
        for i in result.indices where result[i].kind != .newline {
            result[i].width = measurer.width(of: result[i].text, font: text.spans[result[i].span].attributes.font)
        }
        return result
    }

    /// Each ASCII byte's classes, from the same initialisers the other characters go through.
    private static let asciiClasses: [(kind: BreakClass, bidi: BidiClass, punctuation: LinePunctuation)] = (0..<128).map { byte in
        let character = Character(Unicode.Scalar(UInt8(byte)))
        return (BreakClass(character), BidiClass(character), LinePunctuation(character))
    }

    /// Groups classified characters into pieces: a character joins the open piece when both
    /// are word characters or both spaces and their directions allow it; otherwise it opens a
    /// piece of its own. The piece's text is cut from the span once, when it closes.
    private struct Segmenter {
        var result: [Piece] = []
        private var current = Piece(span: 0, range: 0..<0, text: "", width: 0, kind: .word, strong: nil, hasDigits: false)
        private var isOpen = false
        private var string = ""
        private var span = 0
        private var start: String.Index = "".startIndex
        private var end: String.Index = "".startIndex
        private var offset = 0

        mutating func begin(span: Int, string: String) {
            self.span = span
            self.string = string
        }

        mutating func add(_ kind: BreakClass, _ bidi: BidiClass, _ punctuation: LinePunctuation,
                          from index: String.Index, to next: String.Index) {
            let strong: BidiClass? = (bidi == .rightToLeft || bidi == .leftToRight) ? bidi : nil
            // Punctuation next to right-to-left letters is a piece of its own, so that it
            // takes its direction from its neighbours (UAX #9, N1/N2): the full stop after a
            // Hebrew word at the end of an English line stays at the end, on the right.
            let splitsBidi = isOpen && ((bidi == .neutral && current.strong == .rightToLeft)
                || (strong == .rightToLeft && current.strong == nil && !current.hasDigits))
            if isOpen, current.kind == kind, kind == .word || kind == .space, !splitsBidi,
               strong == nil || current.strong == nil || current.strong == strong {
                current.range = current.range.lowerBound..<(offset + 1)
                current.strong = current.strong ?? strong
                current.hasDigits = current.hasDigits || bidi == .number
                current.endsWithOpening = punctuation == .opening
                end = next
            } else {
                close()
                current = Piece(span: span, range: offset..<(offset + 1), text: "", width: 0,
                                kind: kind, strong: strong, hasDigits: bidi == .number,
                                startsWithClosing: punctuation == .closing, endsWithOpening: punctuation == .opening)
                isOpen = true
                start = index
                end = next
            }
            offset += 1
        }

        mutating func endSpan() { close() }

        private mutating func close() {
            guard isOpen else { return }
            current.text = string[start..<end]
            result.append(current)
            isOpen = false
        }
    }

    // MARK: Line filling

    private var currentHasContent: Bool {
        lines[lines.count - 1].contains { $0.kind != .space && $0.kind != .newline }
    }

    private mutating func newLine() {
        lines.append([])
        x = indent
    }

    private mutating func append(_ piece: Piece) {
        lines[lines.count - 1].append(piece)
        x += piece.width
    }

    /// Splits the pieces of one word at grapheme boundaries across as many lines as needed.
    private mutating func appendSplitting(_ word: [Piece]) {
        for piece in word {
            let font = text.spans[piece.span].attributes.font
            let offsets = measurer.caretOffsets(of: piece.text, font: font)
            let indices = Array(piece.text.indices) + [piece.text.endIndex]
            let count = min(piece.range.count, offsets.count - 1, indices.count - 1)
            var start = 0
            while start < count {
                var end = start
                while end < count && x + (offsets[end + 1] - offsets[start]) <= limit + Self.epsilon { end += 1 }
                if end == start {
                    if currentHasContent { newLine(); continue }
                    end = start + 1
                }
                var part = piece
                part.range = (piece.range.lowerBound + start)..<(piece.range.lowerBound + end)
                part.text = piece.text[indices[start]..<indices[end]]
                part.width = offsets[end] - offsets[start]
                append(part)
                start = end
                if start < count { newLine() }
            }
        }
    }

    mutating func breakLines() -> [[Piece]] {
        let all = pieces()
        var i = 0
        while i < all.count {
            let piece = all[i]
            switch piece.kind {
            case .newline:
                append(piece)
                newLine()
                i += 1
            case .space:
                append(piece)
                i += 1
            case .ideographic, .word:
                var unit = [piece]
                var j = i + 1
                while j < all.count, let joined = Self.gluedToUnit(after: unit[unit.count - 1], in: all, from: j) {
                    unit += all[j..<joined]
                    j = joined
                }
                let width = unit.reduce(0) { $0 + $1.width }
                if x + width <= limit + Self.epsilon {
                    unit.forEach { append($0) }
                } else if currentHasContent && indent + width <= limit + Self.epsilon {
                    newLine()
                    unit.forEach { append($0) }
                } else {
                    if currentHasContent { newLine() }
                    appendSplitting(unit)
                }
                i = j
            }
        }
        return lines
    }

    /// Where the unbreakable unit that ends with `last` goes on to, when the pieces from
    /// `next` belong to it: the pieces of one word (cut apart by direction only), closing
    /// punctuation with the spaces before it, or whatever directly follows opening punctuation
    /// (``LinePunctuation``). `nil` where a line may break before `all[next]`.
    private static func gluedToUnit(after last: Piece, in all: [Piece], from next: Int) -> Int? {
        let following = all[next]
        if following.kind == .word || following.kind == .ideographic {
            return last.kind == .word && following.kind == .word || following.startsWithClosing || last.endsWithOpening
                ? next + 1 : nil
        }
        guard following.kind == .space else { return nil }
        var k = next
        while k < all.count && all[k].kind == .space { k += 1 }
        guard k < all.count, all[k].kind == .word || all[k].kind == .ideographic, all[k].startsWithClosing else { return nil }
        return k + 1
    }

    // MARK: Bidi ordering

    /// Resolves each piece's direction and returns the pieces in visual order with their
    /// draw direction. Numbers follow the preceding strong direction; neutrals between two
    /// right-to-left pieces are right-to-left; maximal right-to-left sequences are reversed.
    static func visualOrder(_ line: [Piece]) -> [(piece: Piece, rtl: Bool)] {
        // Without right-to-left letters every level is left-to-right: the order stays.
        guard line.contains(where: { $0.strong == .rightToLeft }) else { return line.map { ($0, false) } }
        var effective: [BidiClass?] = line.map(\.strong)
        var previous: BidiClass?
        for i in line.indices {
            if let strong = line[i].strong {
                previous = strong
            } else if line[i].hasDigits {
                effective[i] = previous == .rightToLeft ? .rightToLeft : .leftToRight
            }
        }
        var levels = [Bool](repeating: false, count: line.count)
        var before: BidiClass?
        for i in line.indices {
            if let e = effective[i] {
                levels[i] = e == .rightToLeft
                before = e
            } else {
                let after = effective[(i + 1)...].first { $0 != nil } ?? nil
                levels[i] = before == .rightToLeft && after == .rightToLeft
            }
        }
        var result: [(piece: Piece, rtl: Bool)] = []
        var i = 0
        while i < line.count {
            var j = i
            while j < line.count && levels[j] == levels[i] { j += 1 }
            let slice = (i..<j).map { k in
                (piece: line[k], rtl: levels[k] && !(line[k].strong == nil && line[k].hasDigits))
            }
            result += levels[i] ? slice.reversed() : slice
            i = j
        }
        return result
    }
}
