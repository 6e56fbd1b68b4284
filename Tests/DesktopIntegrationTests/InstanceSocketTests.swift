@testable import DesktopIntegration
import Foundation
import Synchronization
import Testing

/// One Natter per user: the socket a later `natter` hands its link to.
@Suite(.serialized)
struct InstanceSocketTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("natter-run-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent("natter/instance.sock").path }

    final class Received: Sendable {
        let requests = Mutex<[InstanceRequest]>([])
        func wait(count: Int) -> [InstanceRequest] {
            let deadline = Date().addingTimeInterval(5)
            while Date() < deadline {
                let now = requests.withLock { $0 }
                if now.count >= count { return now }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return requests.withLock { $0 }
        }
    }

    @Test func aLaterNatterHandsItsLinkToTheRunningOne() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(!InstanceSocket.send(.raise, path: path), "nobody listens yet")
        let received = Received()
        let listener = try InstanceSocket(listeningAt: path) { request in received.requests.withLock { $0.append(request) } }
        defer { listener.stop() }
        let link = try #require(IRCLink("ircs://irc.libera.chat/%23natter"))
        #expect(InstanceSocket.send(.open(link), path: path))
        #expect(InstanceSocket.send(.raise, path: path))
        #expect(received.wait(count: 2) == [.open(link), .raise])
        // The socket is the user's alone.
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o077 == 0)
        #expect(stat(folder.appendingPathComponent("natter").path, &info) == 0 && info.st_mode & 0o077 == 0)
        // A second listener sees the first and does not take its place.
        #expect(throws: InstanceSocket.Failure.self) { try InstanceSocket(listeningAt: path) { _ in } }
        #expect(InstanceSocket.send(.raise, path: path))
    }

    @Test func garbageIsRefusedAndLosesNothing() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let received = Received()
        let listener = try InstanceSocket(listeningAt: path) { request in received.requests.withLock { $0.append(request) } }
        defer { listener.stop() }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(connected == 0)
        _ = Array("open javascript:alert(1)\n".utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var buffer = [UInt8](repeating: 0, count: 200)
        let count = read(fd, &buffer, buffer.count)
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).hasPrefix("error:"))
        // The listener goes on serving.
        #expect(InstanceSocket.send(.raise, path: path))
        #expect(received.wait(count: 1) == [.raise])
    }

    /// A Natter that died left its socket file: the next one replaces it.
    @Test func aDeadOnesSocketIsReplaced() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try InstanceSocket(listeningAt: path) { _ in }
        first.stop()
        // As if killed: the file stays, nobody accepts.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(fd)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(!InstanceSocket.send(.raise, path: path))
        let received = Received()
        let second = try InstanceSocket(listeningAt: path) { request in received.requests.withLock { $0.append(request) } }
        defer { second.stop() }
        #expect(InstanceSocket.send(.raise, path: path))
        #expect(received.wait(count: 1) == [.raise])
    }

    /// A folder others may enter (or one that is not ours) is not used either way.
    @Test func aFolderOthersCanEnterIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let natter = folder.appendingPathComponent("natter")
        try FileManager.default.createDirectory(at: natter, withIntermediateDirectories: true)
        let listener = try InstanceSocket(listeningAt: path) { _ in }
        defer { listener.stop() }
        chmod(natter.path, 0o777)
        #expect(!InstanceSocket.send(.raise, path: path), "sent to a socket in a folder anyone can write to")
        // Another user's folder (made so by chown, as root; otherwise the chmod case stands alone).
        chmod(natter.path, 0o700)
        if getuid() == 0 {
            listener.stop()
            #expect(chown(natter.path, 65534, 65534) == 0)
            #expect(throws: InstanceSocket.Failure.self) { try InstanceSocket(listeningAt: path) { _ in } }
            #expect(!InstanceSocket.send(.raise, path: path))
        }
    }

    @Test func theSocketLivesInTheRuntimeDirectory() {
        #expect(InstanceSocket.defaultPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000/natter/instance.sock")
        #expect(InstanceSocket.defaultPath(environment: [:]) == "/tmp/natter-\(getuid())/instance.sock")
    }
}
