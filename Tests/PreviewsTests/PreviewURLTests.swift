@testable import Previews
import Testing

/// URLs taken apart for fetching, and pages' references resolved against them.
struct PreviewURLTests {
    @Test func parsing() throws {
        let url = try #require(PreviewURL("HTTPS://Example.ORG:8443/a/b?q=1#frag"))
        #expect(url.scheme == "https" && url.host == "example.org" && url.port == 8443 && url.target == "/a/b?q=1")
        #expect(url.text == "https://example.org:8443/a/b?q=1")
        #expect(PreviewURL("http://[::1]:8080")?.host == "::1")
        #expect(PreviewURL("http://[::1]:8080")?.target == "/")
        #expect(PreviewURL("http://x.test/a b/ü")?.target == "/a%20b/%C3%BC")
        #expect(PreviewURL("http://x.test/a/./b/../c")?.target == "/a/c")
        for bad in ["ftp://x.test/", "javascript:alert(1)", "http://user@x.test/", "http://", "http://x.test:0/",
                    "http://x.test:99999/", "http://exämple.test/", "file:///etc/passwd", "http://[::1/"] {
            #expect(PreviewURL(bad) == nil, "\(bad)")
        }
    }

    @Test func resolving() throws {
        let base = try #require(PreviewURL("https://x.test/dir/page.html?x=1"))
        #expect(base.resolving("img.png")?.text == "https://x.test/dir/img.png")
        #expect(base.resolving("../img.png")?.text == "https://x.test/img.png")
        #expect(base.resolving("../../../img.png")?.text == "https://x.test/img.png")
        #expect(base.resolving("/abs.png")?.text == "https://x.test/abs.png")
        #expect(base.resolving("//cdn.test/c.png")?.text == "https://cdn.test/c.png")
        #expect(base.resolving("?y=2")?.text == "https://x.test/dir/page.html?y=2")
        #expect(base.resolving("http://other.test/o.png")?.text == "http://other.test/o.png")
        #expect(base.resolving(" \n img.png ")?.text == "https://x.test/dir/img.png")
        #expect(base.resolving("data:image/png;base64,AAAA") == nil)
        #expect(base.resolving("mailto:a@b") == nil)
    }
}
