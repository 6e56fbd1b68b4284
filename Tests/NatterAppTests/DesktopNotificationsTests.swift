@testable import DesktopBus
import Foundation
import NatterTestSupport
import Synchronization
import Testing

/// Notifications over the session bus to a real notification server (dunst on a private bus
/// and Xvfb): shown with their text, replaced per conversation, and "Open" reaches back.
@Suite(.serialized)
struct DesktopNotificationsTests {
    final class Flag: Sendable {
        let count = Mutex(0)
        func wait(for value: Int, seconds: Double = 5) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if count.withLock({ $0 }) >= value { return true }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return false
        }
    }

    /// What dunst's script receives does not show whether the body went out escaped (its
    /// versions differ), so the escaping itself is checked here.
    @Test func bodiesAreEscapedForMarkup() {
        #expect(DesktopNotifications.escapeMarkup("hi <b>there</b> & you") == "hi &lt;b&gt;there&lt;/b&gt; &amp; you")
        #expect(DesktopNotifications.escapeMarkup("plain") == "plain")
    }

    /// `[notifications] sound`: the theme's new-message sound, or none.
    @Test func theSoundIsAskedForOrSuppressed() {
        let loud = DesktopNotifications.hints(sound: true), quiet = DesktopNotifications.hints(sound: false)
        #expect(loud.contains { $0.0 == "sound-name" && $0.1 == .string("message-new-instant") })
        #expect(!loud.contains { $0.0 == "suppress-sound" })
        #expect(quiet.contains { $0.0 == "suppress-sound" && $0.1 == .bool(true) } && !quiet.contains { $0.0 == "sound-name" })
        #expect(quiet.contains { $0.0 == "category" && $0.1 == .string("im.received") })
    }

    @Test(.timeLimit(.minutes(1)))
    func shownReplacedAndOpened() throws {
        let x = try XvfbSession()
        defer { x.stop() }
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let dunst = try DunstServer(display: x.display, bus: bus)
        defer { dunst.stop() }

        let notifications = DesktopNotifications(address: bus.address)
        defer { notifications.stop() }
        let opened = Flag(), delivered = Flag()
        notifications.notify(title: "alice", body: "hi <b>there</b> & you", key: "Net/alice", onOpen: {
            opened.count.withLock { $0 += 1 }
        }, completion: { result in
            if case .success = result { delivered.count.withLock { $0 += 1 } }
        })
        #expect(delivered.wait(for: 1), "dunst did not take the notification")
        let deadline = Date().addingTimeInterval(5)
        while dunst.shown().isEmpty, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let first = try #require(dunst.shown().first)
        #expect(first.app == "Natter" && first.summary == "alice")
        // Escaped for the server's markup: shown as the text that was sent, tags and all.
        #expect(first.body == "hi <b>there</b> & you" || first.body == "hi &lt;b&gt;there&lt;/b&gt; &amp; you", "\(first.body)")

        // The same conversation again: the bubble is replaced, not added.
        notifications.notify(title: "alice", body: "second", key: "Net/alice", onOpen: {
            opened.count.withLock { $0 += 10 }
        }, completion: { _ in delivered.count.withLock { $0 += 1 } })
        #expect(delivered.wait(for: 2))
        #expect(try dunst.control(["count", "displayed"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1")

        // Its default action ("Open"): the newest callback runs, once.
        try dunst.control(["action", "0"])
        #expect(opened.wait(for: 10), "Open did not reach back")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(opened.count.withLock { $0 } == 10)
    }

    @Test func withoutABusTheCallerLearnsItAndCanFallBack() throws {
        let notifications = DesktopNotifications(address: "unix:path=/nonexistent/natter-bus")
        defer { notifications.stop() }
        let failed = Flag()
        notifications.notify(title: "t", body: "b", key: "k", onOpen: {}, completion: { result in
            if case .failure = result { failed.count.withLock { $0 += 1 } }
        })
        #expect(failed.wait(for: 1), "no failure reported")
    }
}
