@testable import DesktopIntegration
import Testing

struct DesktopActionsTests {
    @Test(arguments: ["https://example.org/a_(b)", "http://x.y", "irc://irc.libera.chat/#natter", "ircs://h:6697/c",
                      "mailto:someone@example.org", "HTTPS://EXAMPLE.ORG"])
    func allowedLinks(url: String) { #expect(DesktopActions.isOpenable(url)) }

    @Test(arguments: ["file:///etc/passwd", "javascript:alert(1)", "--help", "-x:y", "ssh://host", "https://a b",
                      "https://a\nb", "no-scheme", "data:text/html,hi"])
    func refusedLinks(url: String) { #expect(!DesktopActions.isOpenable(url)) }
}
