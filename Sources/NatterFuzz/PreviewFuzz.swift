import Previews

/// A body as a link preview meets it: sniffed, its image header read, its head read. What must
/// hold for any bytes: the fields within their bounds, an image URL that is http(s), a size only
/// for a body sniffed as that image, sizes of at least one pixel, and the same answers for the
/// body cut at a place the first byte picks (no state leaks between reads).
enum PreviewFuzz {
    static func run(_ data: [UInt8]) {
        let kind = ContentSniffer.kind(of: data, declaredType: data.first.map { $0 & 1 == 0 } == true ? "text/html" : nil)
        if let header = ImageHeader.read(data) {
            precondition(header.kind.isImage && header.kind == kind, "a size for a body sniffed as \(kind)")
            precondition(header.width >= 1 && header.height >= 1, "an empty size")
            _ = header.refusal()
        }
        let page = HTMLHeadReader.read(data, pageURL: "https://fuzz.test/dir/page.html", headerCharset: kind == .html ? nil : "latin1")
        precondition((page.title?.count ?? 0) <= HTMLHeadReader.titleLimit, "a title past its bound")
        precondition((page.summary?.count ?? 0) <= HTMLHeadReader.summaryLimit, "a description past its bound")
        if let image = page.imageURL {
            precondition(PreviewURL(image)?.text == image, "an image URL that does not parse back: \(image)")
        }
        precondition((page.imageWidth == nil) == (page.imageHeight == nil), "half a size")
        if let title = page.title {
            precondition(!title.hasPrefix(" ") && !title.hasSuffix(" ") && !title.contains("  "), "white space not collapsed")
        }
        if let first = data.first, data.count > 1 {
            let cut = Array(data.prefix(Int(first) % data.count))
            if let short = ImageHeader.read(cut) {
                precondition(short == ImageHeader.read(data), "a prefix read a different size")
            }
        }
    }
}
