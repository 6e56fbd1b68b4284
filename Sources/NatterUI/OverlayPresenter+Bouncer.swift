import ChatModel
import IRCSession
import Widgets

/// The `/bouncer` form: the networks of a soju.im/bouncer-networks bouncer, asked of the
/// bouncer's own connection (``ChatModel/bouncerControl(for:)``; `Commands` runs `/bouncer …`).
extension OverlayPresenter {
    /// Opens the form over the chat for bouncer network `control` (made and filled also with
    /// no window, for tests).
    public func openBouncerForm(control: String) {
        let form = bouncerForm ?? BouncerNetworkForm(theme: chat.styler.theme)
        bouncerForm = form
        bouncerFormControl = control
        form.onAdd = { [weak self] attributes in self?.chat.perform(.bouncer(.addNetwork(attributes)), network: control) }
        form.onChange = { [weak self] id, attributes in
            self?.chat.perform(.bouncer(.changeNetwork(id: id, attributes)), network: control)
        }
        form.onRemove = { [weak self] id in self?.chat.perform(.bouncer(.deleteNetwork(id: id)), network: control) }
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
