import Testing
@testable import IRCFormatting

struct URLDetectionTests {
    func urls(_ text: String) -> [String] { detectURLs(in: text).map(\.url) }

    @Test func schemes() {
        #expect(urls("see https://example.com/a?b=c#d and HTTP://X.ORG") == ["https://example.com/a?b=c#d", "HTTP://X.ORG"])
        #expect(urls("irc://irc.libera.chat/#natter ircs://irc.example.net:6697") == ["irc://irc.libera.chat/#natter", "ircs://irc.example.net:6697"])
        #expect(urls("mail mailto:someone@example.com.") == ["mailto:someone@example.com"])
        #expect(urls("mailto: nobody, mailto:x") == [])
        #expect(urls("ftp://no.example xhttp://no.example https:// http://") == [])
    }

    /// A link written without its scheme, as people type them: opened over HTTPS; the text
    /// keeps its range.
    @Test func wwwWithoutAScheme() {
        #expect(urls("see www.example.com/x, and WWW.Example.org.") == ["https://www.example.com/x", "https://WWW.Example.org"])
        #expect(urls("www. www.x www..x.com awww.example.com a.www.example.com me@www.example.com") == [])
        #expect(urls("https://www.example.com/a") == ["https://www.example.com/a"], "once, with its own scheme")
        let text = "(www.example.com/a_(b))"
        let found = detectURLs(in: text)
        #expect(found.map(\.url) == ["https://www.example.com/a_(b)"])
        #expect(found.map { String(text[$0.range]) } == ["www.example.com/a_(b)"])
    }

    @Test func trailingPunctuationAndParentheses() {
        #expect(urls("(see https://example.com/a_(b)) now") == ["https://example.com/a_(b)"])
        #expect(urls("(https://example.com/x)") == ["https://example.com/x"])
        #expect(urls("go to https://example.com/!?, then") == ["https://example.com/"])
        #expect(urls("\"https://example.com/q\" <https://example.com/r>") == ["https://example.com/q", "https://example.com/r"])
        #expect(urls("https://en.wikipedia.org/wiki/Foo_[bar]") == ["https://en.wikipedia.org/wiki/Foo_[bar]"])
        #expect(urls("[https://example.com/x]") == ["https://example.com/x"])
    }

    @Test func rangesPointIntoTheText() {
        let text = "héllo → https://exämple.com/ü ok"
        let found = detectURLs(in: text)
        #expect(found.count == 1)
        #expect(String(text[found[0].range]) == "https://exämple.com/ü")
    }

    @Test func worksOnStrippedText() {
        let text = stripFormatting("\u{02}irc\u{0F}://\u{1D}irc.example.com\u{0F}/\u{03}4,8thelounge")
        #expect(urls(text) == ["irc://irc.example.com/thelounge"])
    }
}
