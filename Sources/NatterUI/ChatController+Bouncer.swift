import ChatModel
import IRCSession
import Widgets

/// `/bouncer` and its form: the networks of a soju.im/bouncer-networks bouncer, asked of the
/// bouncer's own connection (the network itself, or the parent of a bouncer network).
extension ChatController {
    /// The bouncer's own network for buffers of `network` (itself, or its parent).
    func bouncerControl(for network: String) -> ChatNetwork? {
        guard let net = model.network(network) else { return nil }
        return net.bouncer.flatMap { model.network($0.parent) } ?? net
    }

    func runBouncer(_ command: BouncerCommand, in id: BufferID) {
        let now = clock()
        func note(_ text: String, error: Bool = false) { model.note(text, in: id, isError: error, at: now.wall) }
        guard let control = bouncerControl(for: id.network),
              control.session.state.capabilities.has("soju.im/bouncer-networks") else {
            return note("this network is not a bouncer with soju.im/bouncer-networks (soju and compatible bouncers)", error: true)
        }
        /// A network named by netid or by its `name`.
        func netid(_ name: String) -> String? {
            if control.bouncerNetworks[name] != nil { return name }
            return control.bouncerNetworks.first { $0.value["name"]?.lowercased() == name.lowercased() }?.key
        }
        switch command {
        case .form:
            openBouncerForm(control: control.name)
        case .list:
            if control.bouncerNetworks.isEmpty { note("The bouncer has no networks yet: /bouncer add host=… name=…") }
            for (key, attributes) in control.bouncerNetworks.sorted(by: { $0.key < $1.key }) {
                let details = attributes.sorted { $0.key < $1.key }.filter { $0.key != "pass" }
                    .map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                note("\(key): \(details)")
            }
        case .add(let attributes):
            perform(.bouncer(.addNetwork(attributes)), network: control.name)
        case .change(let name, let attributes):
            guard let id = netid(name) else { return note("the bouncer has no network \(name) (/bouncer list)", error: true) }
            perform(.bouncer(.changeNetwork(id: id, attributes)), network: control.name)
        case .delete(let name):
            guard let id = netid(name) else { return note("the bouncer has no network \(name) (/bouncer list)", error: true) }
            perform(.bouncer(.deleteNetwork(id: id)), network: control.name)
        }
    }

    /// Opens the form over the chat for bouncer network `control` (made and filled also with
    /// no window, for tests).
    public func openBouncerForm(control: String) {
        let form = bouncerForm ?? BouncerNetworkForm(theme: styler.theme)
        bouncerForm = form
        bouncerFormControl = control
        form.onAdd = { [weak self] attributes in self?.perform(.bouncer(.addNetwork(attributes)), network: control) }
        form.onChange = { [weak self] id, attributes in
            self?.perform(.bouncer(.changeNetwork(id: id, attributes)), network: control)
        }
        form.onRemove = { [weak self] id in self?.perform(.bouncer(.deleteNetwork(id: id)), network: control) }
        refreshBouncerForm()
        form.edit(nil)
        if let host = screen.host { form.show(in: host) }
    }

    /// Brings the form's list up to date with what the bouncer last said, when it changed
    /// (the form is rebuilt only then, not at every unread line).
    func refreshBouncerForm() {
        guard let form = bouncerForm, let control = bouncerFormControl.flatMap({ model.network($0) }) else { return }
        let networks = control.bouncerNetworks.sorted { (Int($0.key) ?? 0, $0.key) < (Int($1.key) ?? 0, $1.key) }
            .map { BouncerNetworkForm.Network(id: $0.key, attributes: $0.value) }
        if networks != form.networks { form.networks = networks }
    }
}
