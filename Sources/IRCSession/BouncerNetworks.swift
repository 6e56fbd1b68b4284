import IRCProtocol

/// One `BOUNCER NETWORK` message of `soju.im/bouncer-networks`: a network the bouncer connects
/// to upstream (its `netid`, stable for its lifetime) and its attributes, or its removal.
public struct BouncerNetworkUpdate: Sendable, Hashable {
    /// The network's id on the bouncer.
    public var id: String
    /// Whether the network was removed (`BOUNCER NETWORK <netid> *`).
    public var removed: Bool
    /// Attributes set (all of them in a listing; only those that changed in a notification).
    public var attributes: [String: String]
    /// Attributes removed (written without a value in a notification).
    public var cleared: [String]

    public init(id: String, removed: Bool = false, attributes: [String: String] = [:], cleared: [String] = []) {
        self.id = id
        self.removed = removed
        self.attributes = attributes
        self.cleared = cleared
    }

    /// Reads `<netid> <attributes>`: attributes in the message-tag format (`a=b;c;d=e\sf`); as
    /// with tags, an empty value (`c=`) is the same as none: the attribute was removed.
    public init(id: String, encoded: String) {
        self.init(id: id)
        if encoded == "*" {
            removed = true
            return
        }
        for item in encoded.split(separator: ";", omittingEmptySubsequences: true) {
            if let equals = item.firstIndex(of: "="), equals < item.index(before: item.endIndex) {
                let key = String(item[..<equals])
                attributes[key] = IRCMessage.unescapeTagValue(String(item[item.index(after: equals)...]))
            } else if let equals = item.firstIndex(of: "=") {
                cleared.append(String(item[..<equals]))
            } else {
                cleared.append(String(item))
            }
        }
    }

    /// Attributes in the message-tag format, keys sorted (for `ADDNETWORK` and `CHANGENETWORK`);
    /// an empty value is written as the bare key, which removes the attribute.
    public static func encode(_ attributes: [String: String]) -> String {
        attributes.keys.sorted().map { key in
            let value = attributes[key] ?? ""
            return value.isEmpty ? key : "\(key)=" + IRCMessage.escapeTagValue(value)
        }.joined(separator: ";")
    }
}

/// What the user asks of the bouncer's networks.
public enum BouncerRequest: Sendable, Hashable {
    /// `BOUNCER LISTNETWORKS`.
    case listNetworks
    /// `BOUNCER ADDNETWORK <attributes>` (at least `host`).
    case addNetwork([String: String])
    /// `BOUNCER CHANGENETWORK <netid> <attributes>`.
    case changeNetwork(id: String, [String: String])
    /// `BOUNCER DELNETWORK <netid>`.
    case deleteNetwork(id: String)
}

/// soju.im/bouncer-networks: binding a connection to one network (before `CAP END`), listing
/// the networks after registration, their notifications, and the requests to change them.
extension IRCSession {
    static let bouncerNetworksBatch = "soju.im/bouncer-networks"

    /// Whether this connection speaks to a bouncer's network list: not bound to one network,
    /// neither by BIND nor by the username (`USER me/libera`, which the bouncer announces
    /// with `BOUNCER_NETID` in ISUPPORT).
    var isBouncerControl: Bool {
        configuration.bouncerNetID == nil && state.capabilities.has("soju.im/bouncer-networks")
            && state.isupport.tokens["BOUNCER_NETID"] == nil
    }

    /// Before `CAP END`: `BOUNCER BIND <netid>` when this connection is for one network.
    mutating func bindBouncerNetwork() {
        guard let netid = configuration.bouncerNetID else { return }
        guard state.capabilities.has("soju.im/bouncer-networks") else {
            return emit(.bouncerBindUnavailable(netid: netid))
        }
        send("BOUNCER", "BIND", netid)
    }

    /// After registration on the control connection: the list of networks, unless the
    /// notifications (which start with the whole list) were negotiated.
    mutating func listBouncerNetworks() {
        guard isBouncerControl, !state.capabilities.has("soju.im/bouncer-networks-notify") else { return }
        send("BOUNCER", "LISTNETWORKS")
    }

    /// `BOUNCER NETWORK <netid> <attributes>`, and the replies to our requests.
    mutating func handleBouncer(_ message: IRCMessage) {
        let p = message.parameters
        guard let sub = p.first?.uppercased() else { return showReply(message) }
        switch sub {
        case "NETWORK" where p.count >= 3:
            // A connection bound to one network has no business with the others.
            guard isBouncerControl else { return }
            if let batch = message.tags["batch"], batches[batch]?.type == Self.bouncerNetworksBatch {
                batches[batch]?.netids.append(p[1])
            }
            emit(.bouncerNetwork(BouncerNetworkUpdate(id: p[1], encoded: p[2])))
        case "ADDNETWORK", "CHANGENETWORK", "DELNETWORK":
            guard p.count >= 2 else { return showReply(message) }
            emit(.bouncerRequestDone(subcommand: sub, id: p[1]))
        default:
            showReply(message)
        }
    }

    /// Sends a request about the bouncer's networks.
    mutating func performBouncer(_ request: BouncerRequest, intent: UserIntent) {
        guard state.capabilities.has("soju.im/bouncer-networks") else {
            return emit(.intentRejected(intent, reason: "this server is not a bouncer with soju.im/bouncer-networks"))
        }
        switch request {
        case .listNetworks: send("BOUNCER", "LISTNETWORKS")
        case .addNetwork(let attributes): send("BOUNCER", "ADDNETWORK", BouncerNetworkUpdate.encode(attributes))
        case .changeNetwork(let id, let attributes): send("BOUNCER", "CHANGENETWORK", id, BouncerNetworkUpdate.encode(attributes))
        case .deleteNetwork(let id): send("BOUNCER", "DELNETWORK", id)
        }
    }
}
