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
                    "http://x.test:99999/", "http://exämple.test/", "file:///etc/passwd", "http://[::1/",
                    "http://mail.test:25/", "http://irc.test:6667/", "https://irc.test:6697/x"] {
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

/// Addresses a preview may not reach, written in IPv6's ways of carrying an IPv4 address or a
/// tunnel's.
struct TunnelAddressTests {
    func v6(_ words: [UInt16]) -> [UInt8] { words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }

    @Test func tunnelsAndTranslationsAreRefused() {
        #expect(AddressPolicy.refusal(of: v6([0x64, 0xFF9B, 1, 0, 0, 0, 0x0A00, 1])) != nil)          // local-use NAT64
        #expect(AddressPolicy.refusal(of: v6([0x2001, 0, 0x4136, 0xE378, 0x8000, 0x63BF, 0x3FFF, 0xFDD2])) != nil)   // Teredo
        #expect(AddressPolicy.refusal(of: v6([0, 0, 0, 0, 0, 0xFFFF, 0x7F00, 1])) != nil)            // ::ffff:127.0.0.1
        #expect(AddressPolicy.refusal(of: v6([0x2001, 0xDB8, 0, 0, 0, 0, 0, 1])) == nil)              // an ordinary address
        #expect(AddressPolicy.refusal(of: [93, 184, 215, 14]) == nil)
        #expect(AddressPolicy.refusal(of: [169, 254, 169, 254]) != nil)
    }
}
