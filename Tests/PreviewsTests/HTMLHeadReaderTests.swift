@testable import Previews
import Testing

/// A page's head read for its card: the tags, their precedence, the text's clean-up and bounds.
struct HTMLHeadReaderTests {
    private func read(_ html: String, url: String = "https://example.org/a/page.html") -> PageMetadata {
        HTMLHeadReader.read(Array(html.utf8), pageURL: url)
    }

    @Test func openGraphWinsOverTwitterAndTitle() {
        let page = read("""
            <!DOCTYPE html><html><head>
            <title>Plain title</title>
            <meta name="twitter:title" content="Twitter title">
            <meta property="og:title" content="OG title">
            <meta name=description content='Plain description'>
            <meta property="og:site_name" content="Example">
            <meta property="og:image" content="/img/cat.png">
            <meta property="og:image:width" content="1200"><meta property="og:image:height" content="600">
            </head><body><meta property="og:description" content="after the head"></body>
            """)
        #expect(page.title == "OG title")
        #expect(page.summary == "Plain description")
        #expect(page.siteName == "Example")
        #expect(page.imageURL == "https://example.org/img/cat.png")
        #expect(page.imageWidth == 1200 && page.imageHeight == 600)
    }

    @Test func twitterAndTitleFillIn() {
        let page = read("<head><TITLE>  The\n\t page  </TITLE><META NAME=\"Twitter:Description\" CONTENT=\"tw\"><meta name=twitter:image content=pic.jpg>")
        #expect(page.title == "The page")
        #expect(page.summary == "tw")
        #expect(page.imageURL == "https://example.org/a/pic.jpg")
        #expect(page.imageWidth == nil)
        #expect(page.siteName == nil)
    }

    @Test func secureImageURLIsPreferred() {
        let page = read(#"<meta property="og:image" content="http://x.test/a.png"><meta property="og:image:secure_url" content="https://x.test/a.png">"#)
        #expect(page.imageURL == "https://x.test/a.png")
        // Not http(s): no image.
        #expect(read(#"<meta property="og:image" content="javascript:alert(1)">"#).imageURL == nil)
        #expect(read(#"<meta property="og:image" content="//cdn.test/b.gif">"#).imageURL == "https://cdn.test/b.gif")
    }

    @Test func entitiesAreDecoded() {
        let page = read("<title>Tom &amp; Jerry &#8212; &#x1F600; &hellip; &unknown; &lt;b&gt; &#0; &#150;</title>")
        #expect(page.title == "Tom & Jerry — 😀 … &unknown; <b> \u{FFFD} –")
        #expect(read(#"<meta property="og:title" content="a&quot;b&#39;c">"#).title == "a\"b'c")
    }

    @Test func commentsScriptsAndStylesAreSkipped() {
        let page = read("""
            <head><!-- <title>commented</title> --><script>var s = "<title>script</title>";</script>
            <style>/* <meta property="og:title" content="style"> */</style><title>real</title></head>
            """)
        #expect(page.title == "real")
    }

    @Test func readingStopsAtTheBody() {
        #expect(read("<html><body><title>in body</title>").title == nil)
        #expect(read("<head></head><title>after head</title>").title == nil)
    }

    @Test func charsets() {
        // Windows-1252 declared by <meta charset>, by http-equiv, by the header.
        let latin: [UInt8] = Array("<meta charset=\"windows-1252\"><title>caf".utf8) + [0xE9, 0x20, 0x93, 0x71, 0x94, 0x20, 0x80] + Array("</title>".utf8)
        #expect(HTMLHeadReader.read(latin, pageURL: "http://x.test/").title == "café “q” €")
        let equiv: [UInt8] = Array("<meta http-equiv=Content-Type content=\"text/html; charset=ISO-8859-1\"><title>".utf8) + [0xE9]
        #expect(HTMLHeadReader.read(equiv, pageURL: "http://x.test/").title == "é")
        let bare: [UInt8] = Array("<title>".utf8) + [0xE9]
        #expect(HTMLHeadReader.read(bare, pageURL: "http://x.test/", headerCharset: "latin1").title == "é")
        // Invalid UTF-8 replaced; an unknown charset read as UTF-8.
        #expect(HTMLHeadReader.read(bare, pageURL: "http://x.test/").title == "\u{FFFD}")
        let koi: [UInt8] = Array("<meta charset=koi8-r><title>ok ".utf8) + [0xC3, 0xA9]
        #expect(HTMLHeadReader.read(koi, pageURL: "http://x.test/").title == "ok é")
    }

    @Test func fieldsAreCapped() {
        let title = read("<title>" + String(repeating: "a", count: 5_000))
        #expect(title.title?.count == HTMLHeadReader.titleLimit)
        let summary = read(#"<meta name="description" content=""# + String(repeating: "b ", count: 5_000) + "\">")
        #expect(summary.summary?.count == HTMLHeadReader.summaryLimit)
    }

    /// A 10 MiB title costs the read bound, not more: only the first 2 MiB are looked at, and
    /// a tag past them is not seen.
    @Test func aHugeTitleIsBounded() {
        var bytes = Array("<title>".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 10 << 20)
        bytes += Array("</title><meta property=og:title content=late>".utf8)
        let page = HTMLHeadReader.read(bytes, pageURL: "http://x.test/")
        #expect(page.title == String(repeating: "x", count: HTMLHeadReader.titleLimit))
        let late = Array("<head>".utf8) + [UInt8](repeating: 0x20, count: HTMLHeadReader.maxBytes) + Array("<title>late</title>".utf8)
        #expect(HTMLHeadReader.read(late, pageURL: "http://x.test/").title == nil)
    }

    @Test func controlsAndOverridesAreDropped() {
        #expect(read("<title>a\u{1}b\u{202E}c\u{7}</title>").title == "abc")
    }

    @Test func brokenMarkupEnds() {
        for text in ["<", "<title", "<meta content=\"x", "<!--", "<script>", "<meta property='og:title' content='x'", "</", "<a b=>"] {
            _ = read(text)
        }
        #expect(read("<meta property='og:title' content='x'").title == "x")
        #expect(read("<meta property=og:title content=unquoted/>").title == "unquoted/")
    }

    @Test func imageSizeNeedsBothSidesAndAnImage() {
        #expect(read("<meta property=og:image content=a.png><meta property=og:image:width content=10>").imageWidth == nil)
        #expect(read("<meta property=og:image:width content=10><meta property=og:image:height content=20>").imageWidth == nil)
        #expect(read("<meta property=og:image content=a.png><meta property=og:image:width content=-1><meta property=og:image:height content=20>").imageWidth == nil)
    }
}
