import ChatModel
import Glibc
import Synchronization

/// Which addresses a preview may connect to: public ones only, so a link in a channel cannot
/// make the client probe the user's own network (a router's page, a cloud's metadata service).
///
/// Refused: loopback, private (RFC 1918, fc00::/7), link-local (169.254/16, fe80::/10), CGNAT
/// (100.64/10), unspecified and "this network" (0/8, ::), multicast, reserved and broadcast
/// (240/4), and these same addresses written inside IPv6 (IPv4-mapped `::ffff:a.b.c.d`,
/// IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`), local-use NAT64
/// (`64:ff9b:1::/48`) and Teredo (`2001::/32`).
public enum AddressPolicy {
    /// Why `address` (4 or 16 bytes) may not be contacted; nil when it may.
    public static func refusal(of address: [UInt8]) -> String? {
        if address.count == 4 { return refusal(ipv4: address) }
        guard address.count == 16 else { return "not an IP address" }
        let words = stride(from: 0, to: 16, by: 2).map { UInt16(address[$0]) << 8 | UInt16(address[$0 + 1]) }
        let embedded = Array(address[12..<16])
        if words.allSatisfy({ $0 == 0 }) { return "an unspecified address" }
        if words[0..<7].allSatisfy({ $0 == 0 }), words[7] == 1 { return "a loopback address" }
        if words[0..<5].allSatisfy({ $0 == 0 }), words[5] == 0xFFFF { return refusal(ipv4: embedded).map { $0 + " (IPv4-mapped)" } }
        if words[0..<6].allSatisfy({ $0 == 0 }) { return refusal(ipv4: embedded).map { $0 + " (IPv4-compatible)" } }
        if words[0] == 0x64, words[1] == 0xFF9B, words[2..<6].allSatisfy({ $0 == 0 }) {
            return refusal(ipv4: embedded).map { $0 + " (NAT64)" }
        }
        if words[0] == 0x64, words[1] == 0xFF9B, words[2] == 1 { return "a local-use NAT64 address (64:ff9b:1::/48)" }
        if words[0] == 0x2002 { return refusal(ipv4: Array(address[2..<6])).map { $0 + " (6to4)" } }
        // Teredo carries the client's IPv4 address (obfuscated) and reaches it through a relay.
        if words[0] == 0x2001, words[1] == 0 { return "a Teredo address (2001::/32)" }
        if address[0] & 0xFE == 0xFC { return "a private address (fc00::/7)" }
        if words[0] & 0xFFC0 == 0xFE80 { return "a link-local address" }
        if words[0] & 0xFFC0 == 0xFEC0 { return "a site-local address" }
        if address[0] == 0xFF { return "a multicast address" }
        return nil
    }

    private static func refusal(ipv4 a: [UInt8]) -> String? {
        switch (a[0], a[1]) {
        case (0, _): "an unspecified address (0.0.0.0/8)"
        case (127, _): "a loopback address"
        case (10, _): "a private address (10/8)"
        case (172, 16...31): "a private address (172.16/12)"
        case (192, 168): "a private address (192.168/16)"
        case (169, 254): "a link-local address (169.254/16)"
        case (100, 64...127): "a shared (CGNAT) address (100.64/10)"
        case (224...239, _): "a multicast address"
        case (240...255, _): "a reserved or broadcast address"
        case (192, 0) where a[2] == 0: "a special-purpose address (192.0.0/24)"
        default: nil
        }
    }

    /// `address` as text (dotted IPv4, or IPv6 as inet_ntop writes it).
    public static func text(of address: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = address.count == 4 ? AF_INET : AF_INET6
        _ = address.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Host names resolved with getaddrinfo on a thread of their own (it blocks, and cannot be
/// cancelled: an abandoned lookup finishes on its thread and is dropped).
enum HostResolver {
    /// The addresses of `host` (4 or 16 bytes each, in getaddrinfo's order), or why there are none.
    static func resolve(_ host: String) async -> Result<[[UInt8]], PreviewFailure> {
        let once = ResumeOnce<Result<[[UInt8]], PreviewFailure>>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                once.set(continuation)
                FetchDeadline.current?.onExpiry { once.resume(.failure(PreviewFailure("the total limit passed resolving \(host)"))) }
                if !BackgroundThread.start({ once.resume(lookUp(host)) }) {
                    once.resume(.failure(PreviewFailure("no thread could be started to resolve \(host)")))
                }
            }
        } onCancel: {
            once.resume(.failure(PreviewFailure("cancelled while resolving \(host)")))
        }
    }

    static func lookUp(_ host: String) -> Result<[[UInt8]], PreviewFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let first = list else {
            return .failure(PreviewFailure("\(host) could not be resolved: \(String(cString: gai_strerror(status)))"))
        }
        defer { freeaddrinfo(first) }
        var addresses: [[UInt8]] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let entry = node {
            if let sockaddr = entry.pointee.ai_addr {
                switch entry.pointee.ai_family {
                case AF_INET:
                    var raw = sockaddr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                    addresses.append(withUnsafeBytes(of: &raw) { Array($0) })
                case AF_INET6:
                    var raw = sockaddr.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                    addresses.append(withUnsafeBytes(of: &raw) { Array($0) })
                default: break
                }
            }
            node = entry.pointee.ai_next
        }
        var unique: [[UInt8]] = []
        for address in addresses where !unique.contains(address) { unique.append(address) }
        return unique.isEmpty ? .failure(PreviewFailure("\(host) has no address")) : .success(unique)
    }
}

/// A continuation resumed once, by whichever comes first (the answer or a cancellation); a
/// resume before the continuation is set is kept and delivered when it is.
final class ResumeOnce<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, Never>?
        var early: Value?
        var done = false
    }
    private let state = Mutex(State())

    func set(_ continuation: CheckedContinuation<Value, Never>) {
        let early: Value? = state.withLock { state in
            if let value = state.early {
                state.early = nil
                return value
            }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func resume(_ value: Value) {
        let continuation: CheckedContinuation<Value, Never>? = state.withLock { state in
            guard !state.done else { return nil }
            state.done = true
            guard let continuation = state.continuation else {
                state.early = value
                return nil
            }
            state.continuation = nil
            return continuation
        }
        continuation?.resume(returning: value)
    }
}
