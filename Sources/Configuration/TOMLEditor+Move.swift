extension TOMLEditor {
    /// Moves element `index` of the array of tables `name` to `target` (both from 0), the
    /// others keeping their order: each element's text (its header, keys, sub-tables and the
    /// comments just above it) moves whole; what lies between elements stays where it is.
    public mutating func move(element index: Int, of name: String, to target: Int) throws(TOMLEditError) {
        let count = count(of: name)
        guard (0..<count).contains(index), (0..<count).contains(target) else {
            throw TOMLEditError("there is no [[\(name)]] number \(max(index, target) + 1)")
        }
        guard index != target else { return }
        let bytes = Array(text.utf8)
        // Each element's span, in the file's order.
        var spans: [Range<Int>] = []
        for element in 0..<count {
            let path = [TOMLLayout.Step(name, index: element)]
            guard let header = layout.headers.first(where: { $0.path == path }) else {
                throw TOMLEditError("there is no [[\(name)]] number \(element + 1)")
            }
            var end = sectionEnd(of: path, in: bytes)
            // The last table of the file ends before the comments and blank lines that end the
            // file: they stay at the end.
            if end == bytes.count, bytes.last == 0x0A { end = max(header.end, leadingComments(before: end, in: bytes, includingBlank: true)) }
            spans.append(leadingComments(before: header.lineStart, in: bytes)..<end)
        }
        var texts = spans.map { Array(bytes[$0]) }
        // An element that ends the file without a line end gets one: it may move up.
        for slot in texts.indices where texts[slot].last != 0x0A { texts[slot] += Array(newline.utf8) }
        let moving = texts.remove(at: index)
        texts.insert(moving, at: target)
        var result: [UInt8] = []
        var at = 0
        for (slot, span) in spans.enumerated() {
            result += bytes[at..<span.lowerBound]
            result += texts[slot]
            at = span.upperBound
        }
        result += bytes[at...]
        try apply(bytes, replacing: 0..<bytes.count, with: String(decoding: result, as: UTF8.self))
    }

    /// Removes the table `table` (its header, keys and sub-tables, with the comments just
    /// above it); false when the text has no such header.
    @discardableResult
    public mutating func removeTable(_ table: Table) throws(TOMLEditError) -> Bool {
        guard let header = layout.headers.first(where: { $0.path == table.steps }) else { return false }
        let bytes = Array(text.utf8)
        var start = leadingComments(before: header.lineStart, in: bytes)
        // With the blank line that set it apart.
        if start > 1, bytes[start - 1] == 0x0A, bytes[start - 2] == 0x0A { start -= 1 }
        try apply(bytes, replacing: start..<sectionEnd(of: table.steps, in: bytes), with: "")
        return true
    }
}
