import FoundationEssentials
import IRCProtocol
import IRCSession

/// soju.im/bouncer-networks in the model: each network the bouncer announces becomes a network
/// of its own here (its own connection, bound with `BOUNCER BIND`, its own buffers and logs),
/// named `BOUNCER:NETID` after the bouncer's network and the stable netid, shown by its `name`
/// attribute; it goes when the bouncer removes it.
extension ChatModel {
    /// The name of the network for bouncer network `netid` of `parent`.
    public static func bouncerNetworkName(parent: String, netid: String) -> String { "\(parent):\(netid)" }

    /// What the sidebar calls a network: a bouncer network's `name` attribute; for a network
    /// named only by its server's address (`--server 127.0.0.1:6667`, a link), the name the
    /// server last announced (ISUPPORT `NETWORK`, kept while disconnected), with the address's
    /// suffix when two links reach the same server ("NatterDemo (2)"); else the configured name.
    public func title(of network: ChatNetwork) -> String {
        if let (parent, netid) = network.bouncer,
           let name = self.network(parent)?.bouncerNetworks[netid]?["name"], !name.isEmpty { return name }
        if network.isNamedAfterServer, let announced = network.announcedName {
            // "host (2)": the second network opened on the same server keeps its number.
            if network.name.hasSuffix(")"), let open = network.name.lastIndex(of: "(") {
                return announced + " " + network.name[open...]
            }
            return announced
        }
        return network.name
    }

    /// A bouncer network's upstream state as the bouncer reports it ("connecting", "error: …"),
    /// or `nil` for other networks.
    public func upstreamState(of network: ChatNetwork) -> String? {
        guard let (parent, netid) = network.bouncer, let attributes = self.network(parent)?.bouncerNetworks[netid] else {
            return nil
        }
        let state = attributes["state"] ?? "unknown"
        if let error = attributes["error"], !error.isEmpty { return "\(state): \(error)" }
        return state
    }

    func applyBouncerNetwork(_ update: BouncerNetworkUpdate, on control: ChatNetwork, now: Date) {
        // Only the bouncer's own connection follows the list (bound connections do not ask).
        guard control.bouncer == nil else { return }
        let childName = Self.bouncerNetworkName(parent: control.name, netid: update.id)
        if update.removed {
            let title = control.bouncerNetworks[update.id]?["name"] ?? update.id
            control.bouncerNetworks[update.id] = nil
            if network(childName) != nil {
                removeNetwork(childName)
                requestLink(.disconnect(farewell: []), network: childName)   // the hub forgets it too
            }
            info("Network \(title) was removed from the bouncer", on: control, at: now)
            changes.append(.connectionChanged(network: control.name))
            return
        }
        var attributes = control.bouncerNetworks[update.id] ?? [:]
        for (key, value) in update.attributes { attributes[key] = value }
        for key in update.cleared { attributes[key] = nil }
        control.bouncerNetworks[update.id] = attributes
        if network(childName) == nil {
            var configuration = control.session.configuration
            configuration.bouncerNetID = update.id
            configuration.autoJoin = []     // the bouncer keeps the network's channels
            configuration.monitor = []
            // BIND comes before CAP END, so before a PASS is looked at: soju only binds a
            // connection already logged in with SASL. The bouncer's password serves.
            if configuration.sasl == nil, let password = configuration.serverPassword {
                let account = String(configuration.user.prefix { $0 != "/" && $0 != "@" })
                configuration.sasl = .plain(account: account, password: password)
            }
            let child = ChatNetwork(name: childName, session: IRCSession(configuration: configuration),
                                    cap: settings.scrollbackCap, trimBatch: settings.trimBatch,
                                    bouncer: (control.name, update.id))
            // After the bouncer's connection and its other networks, in the order announced.
            let after = networks.lastIndex { $0.name == control.name || $0.bouncer?.parent == control.name } ?? networks.count - 1
            networks.insert(child, at: after + 1)
            changes.append(.buffersChanged(network: childName))
            info("Network \(attributes["name"] ?? update.id) on the bouncer", on: control, at: now)
            requestLink(.bind(parent: control.name), network: childName)
        }
        changes.append(.connectionChanged(network: childName))
    }

    /// The bouncer listed all its networks: those it no longer has (removed while we were not
    /// connected) go too.
    func forgetBouncerNetworks(notIn listed: Set<String>, on control: ChatNetwork, now: Date) {
        guard control.bouncer == nil else { return }
        for netid in control.bouncerNetworks.keys.sorted() where !listed.contains(netid) {
            applyBouncerNetwork(BouncerNetworkUpdate(id: netid, removed: true), on: control, now: now)
        }
        // A network made here but not in the list at all (never announced since): gone as well.
        for child in networks where child.bouncer?.parent == control.name && !listed.contains(child.bouncer!.netid) {
            removeNetwork(child.name)
            requestLink(.disconnect(farewell: []), network: child.name)
        }
    }

    /// Forgets a network and its buffers (a bouncer network removed upstream). Its logs stay.
    func removeNetwork(_ name: String) {
        guard let index = networks.firstIndex(where: { $0.name == name }) else { return }
        networks.remove(at: index)
        if let active = activeBuffer, active.network == name { activeBuffer = nil }
        changes.append(.buffersChanged(network: name))
    }
}
