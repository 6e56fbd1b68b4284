import ChatModel
import Foundation
@testable import Previews
import Testing

/// The user's deny list holds on every hop the fetcher makes itself, which the model cannot
/// see: a redirect to a denied host is refused before it is contacted (a page's image goes
/// through the same download, checked the same way).
struct DenyListTests {
    func fetch(_ harness: Harness, _ url: String, denied: [String]) -> PreviewOutcome? {
        harness.service.fetchPreview(PreviewRequest(url: url, wantsImages: true, deniedHosts: denied))
        return harness.outcomes(1, within: .seconds(40)).first
    }

    @Test func aRedirectToADeniedHostIsNotFollowed() throws {
        let server = try WebServer(), target = try WebServer()
        let harness = Harness(limits: Harness.limits(allowsPrivate: true))
        let outcome = fetch(harness, server.url("/redirect?to=http://localhost:\(target.port)/page"), denied: ["localhost"])
        #expect(outcome != nil && outcome?.preview == nil)
        #expect(outcome?.reason?.contains("localhost is on the deny list") == true, "\(outcome?.reason ?? "")")
        #expect(target.stats().paths.isEmpty, "the denied host was contacted")
    }

    /// The host and its subdomains are denied; others on the same server are not.
    @Test func theFirstHopIsCheckedToo() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowsPrivate: true))
        let denied = fetch(harness, "http://localhost:\(server.port)/page", denied: ["localhost"])
        #expect(denied?.preview == nil && denied?.reason?.contains("deny list") == true)
        #expect(server.stats().paths.isEmpty)
        let allowed = fetch(harness, "http://127.0.0.1:\(server.port)/page", denied: ["localhost"])
        #expect(allowed?.preview?.title == "A page")
    }
}

/// A card whose first answer was shown (with its image's declared size) stays when its image
/// then fails: the row keeps the card, without the image, rather than lose it.
struct FirstAnswerKeptTests {
    @Test func theCardStaysWhenItsImageFails() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        var outcomes = harness.fetch([server.url("/sized-broken")])
        if outcomes.count < 2 { outcomes += harness.outcomes(2 - outcomes.count, within: .seconds(20)) }
        #expect(outcomes.count == 2)
        #expect(outcomes.first?.preview?.thumbnail?.isComing == true, "the first answer holds the declared size")
        #expect(outcomes.last?.preview?.title == "Sized but broken")
        #expect(outcomes.last?.preview?.thumbnail == nil)
    }
}

/// A card fetched for a buffer that shows no images is kept apart: a buffer that shows them
/// gets the card with its image, fetched, not the cached one without.
struct CacheKeyTests {
    @Test func aCardWithoutItsImageDoesNotAnswerARequestWithImages() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let plain = harness.fetch(server.url("/page"), wantsImages: false)
        #expect(plain?.preview?.title == "A page" && plain?.preview?.thumbnail == nil)
        let full = harness.fetch(server.url("/page"), wantsImages: true)
        #expect(full?.preview?.thumbnail != nil, "the cached card without its image answered")
        #expect(server.count("/page") == 2)
        // Each is answered from the cache afterwards.
        #expect(harness.fetch(server.url("/page"), wantsImages: true)?.preview?.thumbnail != nil)
        #expect(harness.fetch(server.url("/page"), wantsImages: false)?.preview?.thumbnail == nil)
        #expect(server.count("/page") == 2)
    }
}

/// An image whose header never comes (a JPEG of nothing but segments) is refused once its
/// first MiB has passed with none, not read to its end with the header sought again on every
/// chunk.
struct HeaderWindowTests {
    @Test func anImageWithoutAFrameHeaderIsRefusedWithinItsFirstMebibyte() throws {
        let server = try WebServer()
        let harness = Harness(limits: Harness.limits(allowing: [server.endpoint]))
        let outcome = harness.fetch(server.url("/segments.jpg"))
        #expect(outcome != nil && outcome?.preview == nil)
        #expect(outcome?.reason?.contains("no image header in the first 1 MiB") == true, "\(outcome?.reason ?? "")")
    }
}
