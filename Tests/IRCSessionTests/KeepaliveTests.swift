import IRCProtocol
import Testing
@testable import IRCSession

@Suite("Keepalive")
struct KeepaliveTests {
    @Test func ownPingAfterSixtySecondsOfSilenceAndLag() {
        var h = Harness()
        h.register()  // last data at t = 1000
        #expect(sent(h.tick(at: 1_030)).isEmpty)
        #expect(sent(h.tick(at: 1_059.9)).isEmpty)
        #expect(sent(h.tick(at: 1_060)) == ["PING natter-1"])
        #expect(sent(h.tick(at: 1_070)).isEmpty)  // one probe at a time
        h.now = 1_060.25
        let out = h.feed(":irc.example PONG irc.example :natter-1")
        #expect(events(out) == [.lag(0.25)])
        #expect(h.session.state.lag == 0.25)
        // A stray or stale PONG measures nothing.
        #expect(events(h.feed(":irc.example PONG irc.example :natter-1")).isEmpty)
    }

    @Test func linkDeclaredDeadAfter120SecondsWithoutData() {
        var h = Harness()
        h.register()
        #expect(sent(h.tick(at: 1_060)) == ["PING natter-1"])
        var out = h.tick(at: 1_119)
        #expect(out.isEmpty)
        out = h.tick(at: 1_120)
        #expect(events(out) == [.linkDead(silentFor: 120)])
        #expect(h.tick(at: 1_125).isEmpty)  // reported once
    }

    /// Our PING gets its 60 s whenever it went out: one sent a second late makes the verdict a
    /// second late.
    @Test func thePingGetsItsTimeToBeAnswered() {
        var h = Harness()
        h.register()
        #expect(sent(h.tick(at: 1_061)) == ["PING natter-1"])
        #expect(h.tick(at: 1_120).isEmpty)
        #expect(events(h.tick(at: 1_121)) == [.linkDead(silentFor: 121)])
    }

    /// When no tick came for longer than the dead bound (the process was stopped, the machine
    /// slept), the server is asked before the link is given up; an answer keeps it.
    @Test func afterStalledTicksTheServerIsAskedFirst() {
        var h = Harness()
        h.register()
        #expect(sent(h.tick(at: 1_500)) == ["PING natter-1"])
        #expect(h.tick(at: 1_559).isEmpty)
        #expect(events(h.tick(at: 1_560)) == [.linkDead(silentFor: 560)])
        var alive = Harness()
        alive.register()
        #expect(sent(alive.tick(at: 1_500)) == ["PING natter-1"])
        alive.now = 1_500.5
        alive.feed(":irc.example PONG irc.example :natter-1")
        #expect(alive.tick(at: 1_560).isEmpty)
    }

    @Test func anyDataKeepsTheLinkAlive() {
        var h = Harness()
        h.register()
        for second in stride(from: 1_050.0, through: 1_400, by: 50) {
            h.now = second
            h.feed(":bob!b@h PRIVMSG #natter :still here")
            #expect(h.tick(at: second + 30).isEmpty)
        }
    }

    @Test func silenceBeforeRegistrationIsCaughtToo() {
        var h = Harness()
        h.connect()  // at 1000, the server never answers
        #expect(sent(h.tick(at: 1_060)) == ["PING natter-1"])
        #expect(events(h.tick(at: 1_120)) == [.linkDead(silentFor: 120)])
    }

    @Test func noTimersWhileDisconnected() {
        var h = Harness()
        #expect(h.tick(at: 5_000).isEmpty)
    }
}
