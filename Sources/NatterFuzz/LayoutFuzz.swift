import Foundation
import NatterUI
import SDLBackend
import Widgets

/// Text layout of styled runs with the real fonts: the bytes after the first two are a message
/// as a server would send it (mIRC codes, links, any script, newlines), styled as the chat
/// list styles it and as the input line shows it; the first two bytes choose the width and the
/// hanging indent. The layout must account for every grapheme once, in order; carets, hit tests
/// and selections must stay inside it; and it must draw through SDL_ttf onto a real canvas.
enum LayoutFuzz {
    /// Fonts and a canvas, made once per process (SDL and fontconfig are slow to start).
    @MainActor private static let stage: (canvas: OffscreenCanvas, measurer: SDLTextMeasurer) = {
        do {
            try SDLRuntime.startHeadless()
            let canvas = try OffscreenCanvas(width: 320, height: 240, fonts: try FontLibrary())
            return (canvas, SDLTextMeasurer(painter: canvas.painter))
        } catch {
            fatalError("natter-fuzz layout: cannot start SDL headless or load fonts: \(error)")
        }
    }()

    @MainActor static func run(_ data: [UInt8]) {
        guard data.count >= 2 else { return }
        let width = 8 + Double(data[0]) * 3          // 8 … 773 px: from one glyph to a wide window
        let indent = Double(data[1] % 64)
        let text = String(decoding: data.dropFirst(2), as: UTF8.self)
        let styler = ChatLineStyler()
        let chat = StyledText(styler.message(text))
        let input = StyledText(InputFormatting.spans(text, base: TextAttributes(), theme: .dark))
        check(TextLayout(chat, maxWidth: width, hangingIndent: indent, measurer: stage.measurer), width: width)
        check(TextLayout(input, maxWidth: nil, measurer: stage.measurer), width: nil)
    }

    @MainActor private static func check(_ layout: TextLayout, width: Double?) {
        let measurer = stage.measurer
        precondition(!layout.lines.isEmpty, "no lines")
        precondition(layout.count == layout.text.count, "layout counts \(layout.count) of \(layout.text.count) graphemes")
        var next = 0
        var y = 0.0
        for line in layout.lines {
            precondition(line.range.lowerBound == next, "lines skip or repeat graphemes")
            precondition(line.y == y && line.height > 0, "lines are not stacked")
            next = line.range.upperBound
            y += line.height
            var covered = 0
            var previousEnd = -Double.infinity
            for run in line.runs {
                precondition(line.range.lowerBound <= run.range.lowerBound && run.range.upperBound <= line.range.upperBound,
                              "a run outside its line")
                precondition(run.text.count == run.range.count, "a run's text does not match its range")
                precondition(run.width.isFinite && run.width >= 0 && run.x >= previousEnd - 1e-6, "runs overlap")
                previousEnd = run.x + run.width
                covered += run.range.count
            }
            let newline = line.endsWithNewline ? 1 : 0
            precondition(covered + newline == line.range.count, "a line's runs cover \(covered) of \(line.range.count)")
            // A line wider than the width holds one visible grapheme that is itself wider (or
            // comes after an indent wider than the width); zero-width ones and hanging spaces may go with it.
            if let width, line.contentWidth > width + 0.5 {
                var visible = 0
                for run in line.runs where !run.isWhitespace {
                    let offsets = measurer.caretOffsets(of: run.text[...], font: layout.text.spans[run.spanIndex].attributes.font)
                    for (k, grapheme) in run.text.enumerated() where !grapheme.isWhitespace && k + 1 < offsets.count {
                        if offsets[k + 1] - offsets[k] > 0.01 { visible += 1 }
                    }
                }
                precondition(visible <= 1, "a \(line.contentWidth) px line of \(visible) visible graphemes at width \(width)")
            }
        }
        precondition(next == layout.count, "the last line ends early")
        for index in stride(from: 0, through: layout.count, by: max(1, layout.count / 16)) {
            let x = layout.caretX(at: index, measurer: measurer)
            precondition(x.isFinite, "caret at \(index) is not finite")
            let back = layout.index(at: Point(x: x, y: layout.lines[layout.lineIndex(for: index)].y + 1), measurer: measurer)
            precondition((0...layout.count).contains(back), "hit test outside the text")
        }
        for rect in layout.selectionRects(for: 0..<layout.count, measurer: measurer) {
            precondition(rect.width.isFinite && rect.width >= -1e-6, "a negative selection")
        }
        var list = DrawList()
        layout.draw(into: &list, at: Point(x: 4, y: 4), clip: Rect(x: 0, y: 0, width: 320, height: 240))
        stage.canvas.painter.execute(list)
    }
}
