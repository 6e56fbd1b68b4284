/// Reads a page's card from the head of its HTML: OpenGraph and Twitter-card `<meta>` tags, the
/// `<title>`, `<meta name=description>` and the declared character set.
///
/// A single forward pass over at most ``maxBytes`` bytes, ending at `</head>` or `<body`: no
/// regular expressions, no tree. Comments and `<script>`/`<style>` content are skipped; each
/// value is kept only up to a bound (``FieldCollector``) however long it is in the page, so a
/// hostile page costs no more than the bytes read.
public enum HTMLHeadReader {
    /// The most of a body that is read (2 MiB).
    public static let maxBytes = 2 << 20
    /// The longest title and description kept (characters).
    public static let titleLimit = 300
    public static let summaryLimit = 1_000
    /// The longest other value kept (a site name; characters).
    static let shortLimit = 300
    /// The longest image URL kept (bytes).
    static let urlLimit = 4_096

    /// The page's metadata. `pageURL`: the URL the page was fetched from after redirects
    /// (relative image URLs are resolved against it); `headerCharset`: the charset of the
    /// response's Content-Type, which overrides the page's own declaration as browsers do.
    public static func read(_ bytes: [UInt8], pageURL: String, headerCharset: String? = nil) -> PageMetadata {
        var scan = HeadScan(bytes: bytes, end: min(bytes.count, maxBytes))
        scan.run()
        var charset = TextCharset(label: scan.charset ?? "") ?? .utf8
        if let header = headerCharset.flatMap(TextCharset.init(label:)) { charset = header }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { charset = .utf8 }

        func text(_ raw: [UInt8]?, limit: Int) -> String? {
            guard let raw else { return nil }
            let value = HTMLText.clean(charset.decode(raw), limit: limit)
            return value.isEmpty ? nil : value
        }
        func value(_ key: String, limit: Int) -> String? { text(scan.meta[key], limit: limit) }
        func number(_ key: String) -> Int? {
            guard let raw = value(key, limit: 12), let number = Int(raw), number > 0 else { return nil }
            return number
        }

        var metadata = PageMetadata()
        metadata.siteName = value("og:site_name", limit: shortLimit)
        metadata.title = value("og:title", limit: titleLimit) ?? value("twitter:title", limit: titleLimit)
            ?? text(scan.title, limit: titleLimit)
        metadata.summary = value("og:description", limit: summaryLimit) ?? value("twitter:description", limit: summaryLimit)
            ?? value("description", limit: summaryLimit)
        let base = PreviewURL(pageURL)
        for key in ["og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src"] {
            guard let reference = value(key, limit: urlLimit), let base,
                  let resolved = base.resolving(reference) else { continue }
            metadata.imageURL = resolved.text
            break
        }
        if metadata.imageURL != nil, let width = number("og:image:width"), let height = number("og:image:height") {
            metadata.imageWidth = width
            metadata.imageHeight = height
        }
        return metadata
    }
}

/// The scanner: tags, their attributes, the title's text, skipped parts. Each step moves
/// forward; every search for an end (`-->`, `</script`, `>`) starts where the last stopped.
struct HeadScan {
    let bytes: [UInt8]
    let end: Int
    var index = 0
    /// `<meta>` values by lowercased `property` or `name` (the first of each kept).
    var meta: [String: [UInt8]] = [:]
    var title: [UInt8]?
    var charset: String?

    init(bytes: [UInt8], end: Int) {
        self.bytes = bytes
        self.end = end
    }

    /// Raw bytes kept per value: enough for the longest entity of each character kept.
    static let rawLimit = 16 * HTMLHeadReader.summaryLimit

    mutating func run() {
        while index < end {
            guard bytes[index] == ASCII.lessThan else { index += 1; continue }
            if hasPrefix("<!--") {
                index = find("-->", from: index + 4).map { $0 + 3 } ?? end
            } else if hasPrefix("<!") || hasPrefix("<?") {
                skipPast(ASCII.greaterThan)
            } else if hasPrefix("</") {
                index += 2
                let name = tagName()
                if name == "head" { return }
                skipPast(ASCII.greaterThan)
            } else if index + 1 < end, ASCII.isLetter(bytes[index + 1]) {
                index += 1
                let name = tagName()
                let attributes = readAttributes()
                switch name {
                case "body": return
                case "meta": noteMeta(attributes)
                case "title":
                    let text = rawText(until: "</title")
                    if title == nil { title = text }
                case "script", "style", "noscript", "template", "textarea", "xmp", "iframe", "noembed", "noframes":
                    _ = rawText(until: "</" + name, keeping: false)
                default: break
                }
            } else {
                index += 1
            }
        }
    }

    private mutating func noteMeta(_ attributes: [String: [UInt8]]) {
        if let declared = attributes["charset"], charset == nil {
            charset = String(decoding: declared, as: UTF8.self)
        }
        if let equiv = attributes["http-equiv"], ASCII.lowercased(equiv) == "content-type",
           let content = attributes["content"], charset == nil {
            charset = ContentTypeCharset.parameter(in: String(decoding: content, as: UTF8.self))
        }
        guard let content = attributes["content"],
              let key = attributes["property"] ?? attributes["name"] else { return }
        let name = ASCII.lowercased(key).trimmingBlanksOfKey()
        guard Self.keys.contains(name), meta[name] == nil else { return }
        meta[name] = content
    }

    /// The `<meta>` names read.
    static let keys: Set<String> = [
        "og:title", "og:description", "og:site_name", "og:image", "og:image:url", "og:image:secure_url",
        "og:image:width", "og:image:height", "twitter:title", "twitter:description", "twitter:image",
        "twitter:image:src", "description",
    ]

    private func hasPrefix(_ text: String) -> Bool { matches(text, at: index) }

    /// Whether `text` (lowercase ASCII) is at `position`, ignoring ASCII case.
    private func matches(_ text: String, at position: Int) -> Bool {
        var at = position
        for byte in text.utf8 {
            guard at < end, ASCII.lower(bytes[at]) == byte else { return false }
            at += 1
        }
        return true
    }

    private func find(_ text: String, from start: Int) -> Int? {
        guard let first = text.utf8.first else { return nil }
        var at = start
        while at < end {
            if ASCII.lower(bytes[at]) == first, matches(text, at: at) { return at }
            at += 1
        }
        return nil
    }

    private mutating func skipPast(_ byte: UInt8) {
        while index < end, bytes[index] != byte { index += 1 }
        index = min(end, index + 1)
    }

    /// A tag's name, lowercased (at most 32 bytes kept), from `index`.
    private mutating func tagName() -> String {
        var name: [UInt8] = []
        while index < end, !ASCII.isSpace(bytes[index]), bytes[index] != ASCII.greaterThan, bytes[index] != ASCII.slash {
            if name.count < 32 { name.append(ASCII.lower(bytes[index])) }
            index += 1
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// Attributes up to and past the tag's `>`: lowercased names, raw values (bounded), the
    /// first of each name kept.
    private mutating func readAttributes() -> [String: [UInt8]] {
        var attributes: [String: [UInt8]] = [:]
        while index < end {
            let byte = bytes[index]
            if byte == ASCII.greaterThan { index += 1; return attributes }
            if ASCII.isSpace(byte) || byte == ASCII.slash { index += 1; continue }
            var name: [UInt8] = []
            while index < end, !ASCII.isSpace(bytes[index]), bytes[index] != ASCII.greaterThan,
                  bytes[index] != ASCII.slash || name.isEmpty, bytes[index] != ASCII.equals || name.isEmpty {
                if name.count < 32 { name.append(ASCII.lower(bytes[index])) }
                index += 1
            }
            while index < end, ASCII.isSpace(bytes[index]) { index += 1 }
            var value: [UInt8] = []
            if index < end, bytes[index] == ASCII.equals {
                index += 1
                while index < end, ASCII.isSpace(bytes[index]) { index += 1 }
                value = readValue()
            }
            let key = String(decoding: name, as: UTF8.self)
            if attributes[key] == nil { attributes[key] = value }
        }
        return attributes
    }

    private mutating func readValue() -> [UInt8] {
        var value: [UInt8] = []
        guard index < end else { return value }
        let quote = bytes[index]
        if quote == ASCII.doubleQuote || quote == ASCII.singleQuote {
            index += 1
            while index < end, bytes[index] != quote {
                if value.count < Self.rawLimit { value.append(bytes[index]) }
                index += 1
            }
            index = min(end, index + 1)
        } else {
            while index < end, !ASCII.isSpace(bytes[index]), bytes[index] != ASCII.greaterThan {
                if value.count < Self.rawLimit { value.append(bytes[index]) }
                index += 1
            }
        }
        return value
    }

    /// The text up to `closing` (a lowercase `</name`), which is skipped with its tag; runs of
    /// ASCII white space kept as one space, at most ``rawLimit`` bytes kept.
    private mutating func rawText(until closing: String, keeping: Bool = true) -> [UInt8] {
        let stop = find(closing, from: index) ?? end
        var text: [UInt8] = []
        if keeping {
            var at = index
            while at < stop, text.count < Self.rawLimit {
                let byte = bytes[at]
                if ASCII.isSpace(byte) {
                    if let last = text.last, last != ASCII.space { text.append(ASCII.space) }
                } else {
                    text.append(byte)
                }
                at += 1
            }
        }
        index = stop
        if index < end { skipPast(ASCII.greaterThan) }
        return text
    }
}

extension String {
    /// A meta name without surrounding blanks (`property=" og:title "` is seen in the wild).
    func trimmingBlanksOfKey() -> String {
        let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var trimmed = Substring(String(String.UnicodeScalarView(scalars)))
        while let last = trimmed.last, last == " " || last == "\t" || last == "\n" || last == "\r" { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
