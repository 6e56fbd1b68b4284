/// Styled text broken into positioned lines and runs for a given width: the result of text
/// layout, and the source of carets, selections, hit tests and ``TextDraw`` commands.
///
/// Lines break at spaces (which hang at the end of a line), before and after CJK ideographs and
/// kana, and at hard newlines, but never before closing punctuation nor after opening
/// punctuation (``LinePunctuation``: "，" does not start a line); a word wider than a line
/// breaks at grapheme boundaries.
/// Continuation lines (every line after the first) start at `hangingIndent`. Within a line,
/// right-to-left runs are reordered visually (see `BidiClass` for the limits).
///
/// A layout is an immutable value; build it through a ``TextLayoutCache`` so unchanged text at an
/// unchanged width is not laid out again. Queries that need glyph positions inside a run
/// (carets, hit tests, selections) take the measurer and call `caretOffsets` for that run only.
public struct TextLayout: Hashable, Sendable {
    /// The laid-out text.
    public private(set) var text: StyledText
    /// The width lines were broken at (`nil`: no wrapping).
    public let maxWidth: Double?
    /// The start of continuation lines.
    public let hangingIndent: Double
    /// The lines, top to bottom (at least one).
    public let lines: [TextLine]
    /// Widest line content × total height.
    public let size: Size
    /// Number of grapheme positions in the text.
    public let count: Int
    /// Metrics of every font used, recorded at layout time so drawing needs no measurer.
    private let fontMetrics: [FontSpec: LineMetrics]

    /// Lays out `text`. Cost: one measurer call per word / space run / ideograph.
    public init(_ text: StyledText, maxWidth: Double? = nil, hangingIndent: Double = 0, measurer: any TextMeasurer) {
        self.text = text
        self.maxWidth = maxWidth
        self.hangingIndent = hangingIndent
        var builder = TextLayoutBuilder(text: text, maxWidth: maxWidth, hangingIndent: hangingIndent, measurer: measurer)
        let pieceLines = builder.breakLines()
        let defaultFont = text.spans.first?.attributes.font ?? FontSpec.ui
        var lines: [TextLine] = []
        var y = 0.0
        var start = 0
        var widest = 0.0
        var fontMetrics: [FontSpec: LineMetrics] = [:]
        for (number, pieces) in pieceLines.enumerated() {
            let startX = number == 0 ? 0 : hangingIndent
            let end = pieces.last?.range.upperBound ?? start
            let fonts = pieces.isEmpty ? [text.spans.last?.attributes.font ?? defaultFont]
                : pieces.map { text.spans[$0.span].attributes.font }
            var ascent = 0.0, height = 0.0
            for font in Set(fonts) {
                let m = measurer.lineMetrics(font)
                fontMetrics[font] = m
                ascent = max(ascent, m.ascent)
                height = max(height, m.lineHeight)
            }
            var runs: [TextRun] = []
            // The text each run covers, cut from its span once the run is complete (appending
            // piece by piece built a string per word).
            var runTexts: [Substring] = []
            var x = startX
            var contentWidth = startX
            for (piece, rtl) in TextLayoutBuilder.visualOrder(pieces.filter { $0.kind != .newline }) {
                let run = TextRun(range: piece.range, spanIndex: piece.span, text: "", x: x,
                                  width: piece.width, isRightToLeft: rtl, isWhitespace: piece.kind == .space)
                x += piece.width
                if !run.isWhitespace { contentWidth = x }
                // Right-to-left words stay runs of their own: each is drawn where it was measured,
                // so the shaped width of a long right-to-left run cannot drift past its measured
                // width onto what follows it. Left-to-right pieces that follow each other in a
                // span join into one run.
                if !rtl, let last = runs.indices.last, runs[last].spanIndex == run.spanIndex, !runs[last].isRightToLeft,
                   runs[last].range.upperBound == run.range.lowerBound {
                    runs[last].range = runs[last].range.lowerBound..<run.range.upperBound
                    runs[last].width += run.width
                    runs[last].isWhitespace = runs[last].isWhitespace && run.isWhitespace
                    runTexts[last] = runTexts[last].base[runTexts[last].startIndex..<piece.text.endIndex]
                } else {
                    runs.append(run)
                    runTexts.append(piece.text)
                }
            }
            for i in runs.indices { runs[i].text = String(runTexts[i]) }
            lines.append(TextLine(range: start..<end, runs: runs, y: y, height: height, ascent: ascent,
                                  startX: startX, contentWidth: contentWidth,
                                  endsWithNewline: pieces.last?.kind == .newline))
            widest = max(widest, contentWidth)
            y += height
            start = end
        }
        self.lines = lines
        self.size = Size(width: widest, height: y)
        self.count = start
        self.fontMetrics = fontMetrics
    }

    /// The same layout drawn with `newText`'s colours and decorations, when `newText` has the
    /// same characters and fonts span by span (so the geometry is unchanged); otherwise `nil`.
    /// Lets a colour change repaint without laying out again. O(n).
    public func restyled(_ newText: StyledText) -> TextLayout? {
        guard newText.spans.count == text.spans.count else { return nil }
        for (a, b) in zip(text.spans, newText.spans) where a.text != b.text || a.attributes.font != b.attributes.font {
            return nil
        }
        var copy = self
        copy.text = newText
        return copy
    }

    /// The line holding the caret position `index` (a soft-wrap boundary belongs to the next line).
    public func lineIndex(for index: Int) -> Int {
        for (i, line) in lines.enumerated() where index < line.range.upperBound {
            return i
        }
        return lines.count - 1
    }

    private func offsets(_ run: TextRun, _ measurer: any TextMeasurer) -> [Double] {
        measurer.caretOffsets(of: run.text[...], font: text.spans[run.spanIndex].attributes.font)
    }

    /// The x of the caret before grapheme `index` (`count` for the end), relative to the origin.
    public func caretX(at index: Int, measurer: any TextMeasurer) -> Double {
        let line = lines[lineIndex(for: index)]
        if let run = line.runs.first(where: { $0.range.contains(index) }) {
            let offset = offsets(run, measurer)[min(index - run.range.lowerBound, run.range.count)]
            return run.isRightToLeft ? run.x + run.width - offset : run.x + offset
        }
        if let run = line.runs.first(where: { $0.range.upperBound == index }) {
            return run.isRightToLeft ? run.x : run.x + run.width
        }
        return line.runs.last.map { $0.x + $0.width } ?? line.startX
    }

    /// A 1-pixel-wide caret rectangle at `index`, spanning the line box.
    public func caretRect(at index: Int, measurer: any TextMeasurer) -> Rect {
        let line = lines[lineIndex(for: index)]
        return Rect(x: caretX(at: index, measurer: measurer), y: line.y, width: 1, height: line.height)
    }

    /// The caret position nearest to `point` (relative to the origin): the line is chosen by y
    /// (clamped), then the nearest grapheme boundary by x.
    public func index(at point: Point, measurer: any TextMeasurer) -> Int {
        let lineNumber = lines.firstIndex { point.y < $0.y + $0.height } ?? lines.count - 1
        let line = lines[lineNumber]
        let lineEnd = line.endsWithNewline || lineNumber < lines.count - 1
            ? max(line.range.lowerBound, line.range.upperBound - 1) : line.range.upperBound
        guard let first = line.runs.first, let last = line.runs.last else { return line.range.lowerBound }
        if point.x < first.x { return min(first.isRightToLeft ? first.range.upperBound : first.range.lowerBound, lineEnd) }
        for run in line.runs where point.x < run.x + run.width {
            let offs = offsets(run, measurer)
            let local = run.isRightToLeft ? run.x + run.width - point.x : point.x - run.x
            var best = 0
            for k in offs.indices where abs(offs[k] - local) < abs(offs[best] - local) { best = k }
            return min(run.range.lowerBound + min(best, run.range.count), lineEnd)
        }
        return min(last.isRightToLeft ? last.range.lowerBound : last.range.upperBound, lineEnd)
    }

    /// Highlight rectangles for the selection `range`, one or more per line (right-to-left runs
    /// can split a logical range into several visual pieces); adjacent pieces are merged.
    public func selectionRects(for range: Range<Int>, measurer: any TextMeasurer) -> [Rect] {
        guard !range.isEmpty else { return [] }
        var rects: [Rect] = []
        for line in lines where line.range.overlaps(range) || (line.range.isEmpty && range.contains(line.range.lowerBound)) {
            var lineRects: [Rect] = []
            for run in line.runs where run.range.overlaps(range) {
                let lo = max(run.range.lowerBound, range.lowerBound) - run.range.lowerBound
                let hi = min(run.range.upperBound, range.upperBound) - run.range.lowerBound
                let offs = offsets(run, measurer)
                let a = offs[min(lo, offs.count - 1)], b = offs[min(hi, offs.count - 1)]
                let x0 = run.isRightToLeft ? run.x + run.width - b : run.x + a
                let rect = Rect(x: x0, y: line.y, width: b - a, height: line.height)
                if let previous = lineRects.last, abs(previous.maxX - rect.minX) < 1e-9 {
                    lineRects[lineRects.count - 1] = previous.union(rect)
                } else {
                    lineRects.append(rect)
                }
            }
            rects += lineRects
        }
        return rects
    }

    /// The run under `point` (relative to the origin), if any.
    public func run(at point: Point) -> TextRun? {
        guard let line = lines.first(where: { point.y >= $0.y && point.y < $0.y + $0.height }) else { return nil }
        return line.runs.first { point.x >= $0.x && point.x < $0.x + $0.width }
    }

    /// The attributes of the text under `point` (for links and nick names), if any.
    public func attributes(at point: Point) -> TextAttributes? {
        run(at: point).map { text.spans[$0.spanIndex].attributes }
    }

    /// Emits one ``TextDraw`` per run, with the layout's origin at the window point `origin`;
    /// lines well outside `clip` and undecorated spaces are skipped. A line is kept while it is
    /// within half its height of the clip: glyphs (a descender, a taller fallback font) may
    /// reach past the line box, and a clip that starts just below it must still get them.
    public func draw(into list: inout DrawList, at origin: Point, clip: Rect? = nil) {
        for line in lines {
            let margin = line.height / 2
            let lineRect = Rect(x: origin.x, y: origin.y + line.y - margin, width: .infinity, height: line.height + 2 * margin)
            if let clip, lineRect.maxY <= clip.minY || lineRect.minY >= clip.maxY { continue }
            for run in line.runs {
                let attributes = text.spans[run.spanIndex].attributes
                if run.isWhitespace && attributes.background == nil && !attributes.underline && !attributes.strikethrough {
                    continue
                }
                let metrics = fontMetrics[attributes.font]
                var top = origin.y + line.y + line.ascent - (metrics?.ascent ?? line.ascent)
                var background = attributes.background
                if attributes.isChip, let fill = background, let metrics {
                    let chip = chipRect(run, line: line, font: metrics, size: attributes.font.size, at: origin)
                    list.append(.roundedRect(chip, radius: chip.height * 0.35, fill))
                    top = chip.midY - metrics.lineHeight / 2
                    background = nil
                }
                var draw = TextDraw(
                    text: run.text, origin: Point(x: origin.x + run.x, y: top),
                    font: attributes.font, color: attributes.foreground, background: background,
                    underline: attributes.underline, strikethrough: attributes.strikethrough,
                    width: run.width, lineHeight: line.height, isRightToLeft: run.isRightToLeft)
                draw.underlineColor = attributes.underlineColor
                list.append(.text(draw))
            }
        }
    }

    /// A chip's rectangle: the run's advance across, and its font's line height with a fifth
    /// of the font size above and below, as far as the line box has room, centred in the line
    /// box (its text is centred in it, not on the line's baseline).
    private func chipRect(_ run: TextRun, line: TextLine, font: LineMetrics, size: Double, at origin: Point) -> Rect {
        let room = max(0, min((line.height - font.lineHeight) / 2, size * 0.2))
        let height = min(line.height, font.lineHeight + 2 * room)
        return Rect(x: origin.x + run.x, y: origin.y + line.y + (line.height - height) / 2, width: run.width, height: height)
    }
}
