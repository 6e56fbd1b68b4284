extension TextLayoutCache {
    /// `text` on one line, whole when it fits `width`, otherwise cut at a grapheme boundary and
    /// ended with "…" (in the style of the last character kept, spaces before it dropped) so
    /// that it fits: a topic or a name in a column, which would otherwise end at the clip with
    /// half a letter and no sign that more was there. Both layouts come from the cache.
    ///
    /// Cost: the full layout, one `caretOffsets` call per run of it, and the cut layout.
    public func layout(_ text: StyledText, fittingWidth width: Double, measurer: any TextMeasurer) -> TextLayout {
        let full = layout(text, maxWidth: nil, measurer: measurer)
        guard full.size.width > width, full.count > 0, let line = full.lines.first else { return full }
        // Where the first `n` graphemes end on the line: the rightmost edge of any run part they
        // cover (a right-to-left run grows leftwards from its right edge).
        let offsets = line.runs.map { measurer.caretOffsets(of: $0.text[...], font: text.spans[$0.spanIndex].attributes.font) }
        func end(_ n: Int) -> Double {
            var edge = 0.0
            for (run, offs) in zip(line.runs, offsets) where run.range.lowerBound < n {
                edge = max(edge, run.isRightToLeft ? run.x + run.width
                                                   : run.x + offs[min(n - run.range.lowerBound, offs.count - 1)])
            }
            return edge
        }
        let spans = text.spans, characters = Array(text.string)
        func cut(_ n: Int) -> StyledText {
            var kept = n
            while kept > 0, characters[kept - 1].isWhitespace { kept -= 1 }
            var result: [TextSpan] = []
            var left = kept
            for span in spans where left > 0 {
                let part = String(span.text.prefix(left))
                result.append(TextSpan(part, span.attributes))
                left -= part.count
            }
            // Into the last span (one run to draw), or a span of its own before anything.
            if result.isEmpty { result.append(TextSpan("…", spans[0].attributes)) } else { result[result.count - 1].text += "…" }
            return StyledText(result)
        }
        // The longest cut whose ellipsis still fits (widths only grow with n).
        var low = 0, high = full.count
        while low < high {
            let mid = (low + high + 1) / 2
            let attributes = attributes(at: mid - 1, in: spans)
            if end(mid) + measurer.width(of: "…", font: attributes.font) <= width { low = mid } else { high = mid - 1 }
        }
        var n = low
        var result = layout(cut(n), maxWidth: nil, measurer: measurer)
        while n > 0, result.size.width > width {
            n -= 1
            result = layout(cut(n), maxWidth: nil, measurer: measurer)
        }
        return result
    }

    private func attributes(at index: Int, in spans: [TextSpan]) -> TextAttributes {
        var left = index
        for span in spans {
            let count = span.text.count
            if left < count { return span.attributes }
            left -= count
        }
        return spans.last?.attributes ?? TextAttributes()
    }
}
