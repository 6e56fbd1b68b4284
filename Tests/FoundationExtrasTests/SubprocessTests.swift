import Foundation
@testable import FoundationExtras
import Testing

/// Programs started without Foundation's `Process`: output read back, exit status, the
/// deadline, and programs that do not exist.
struct SubprocessTests {
    @Test func outputAndStatus() {
        #expect(Subprocess.run(["/bin/sh", "-c", "printf 'a\\nb'; exit 0"], timeout: 10) == .exited(status: 0, output: Array("a\nb".utf8)))
        #expect(Subprocess.run(["/bin/sh", "-c", "echo x; exit 7"], timeout: 10) == .exited(status: 7, output: Array("x\n".utf8)))
        // Found on PATH; standard input is /dev/null, so cat ends at once.
        #expect(Subprocess.run(["cat"], timeout: 10) == .exited(status: 0, output: []))
        // More than one pipe buffer of output.
        if case .exited(0, let output) = Subprocess.run(["/bin/sh", "-c", "head -c 200000 /dev/zero"], timeout: 10) {
            #expect(output.count == 200_000)
        } else {
            Issue.record("no output")
        }
    }

    /// A socket opened the way SwiftNIO opens them (without close-on-exec) stays ours: the
    /// program does not hold the connection open after we close it.
    @Test func aProgramGetsNoneOfOurDescriptors() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd > 2)
        defer { close(fd) }
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC == 0)
        let script = "readlink /proc/$$/fd/\(fd) || echo none"
        #expect(Subprocess.run(["/bin/sh", "-c", script], timeout: 10) == .exited(status: 0, output: Array("none\n".utf8)))
    }

    @Test func aProgramPastItsDeadlineIsStopped() {
        let started = ContinuousClock.now
        #expect(Subprocess.run(["sleep", "30"], timeout: 0.3) == .timedOut)
        // Also one that closed its output and goes on.
        #expect(Subprocess.run(["/bin/sh", "-c", "exec >&-; sleep 30"], timeout: 0.3) == .timedOut)
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func aMissingProgramIsNotStarted() {
        #expect(Subprocess.run(["natter-no-such-program"], timeout: 1) == .notStarted)
        #expect(!Subprocess.start(["natter-no-such-program"]))
        #expect(Subprocess.start(["true"]))
    }
}

/// The string helpers that stand in for Foundation's.
struct TextHelperTests {
    @Test func trimming() {
        #expect(" \t a b \u{00A0}".trimmingBlanks == "a b")
        #expect("\n a \n".trimmingBlanks == "\n a \n")
        #expect("  ".trimmingBlanks == "")
        #expect("\"'x'\"".trimming { $0 == "\"" || $0 == "'" } == "x")
    }

    @Test func paths() {
        #expect("/a/b/c".parentPath == "/a/b")
        #expect("/a/b/".parentPath == "/a")
        #expect("/a".parentPath == "/")
        #expect("a".parentPath == "")
        #expect("a/b".parentPath == "a")
    }

    @Test func percentEncodingBothWays() {
        #expect("%23natter%20x".percentDecoded == "#natter x")
        #expect("caf%C3%A9".percentDecoded == "café")
        #expect("%2".percentDecoded == nil && "%zz".percentDecoded == nil && "%FF".percentDecoded == nil)
        #expect("#natter é/?,".percentEncoded(keeping: Set("-._~".utf8)) == "%23natter%20%C3%A9%2F%3F%2C")
        for text in ["#a b", "日本", "x%y", "-._~"] {
            #expect(text.percentEncoded(keeping: []).percentDecoded == text)
        }
    }
}
