import ChatModel
import Widgets

/// The settings screen (``SettingsView``), opened by Ctrl+, (`settings` in `[keys]`) and
/// `/settings [SECTION]`, over the model's ``ChatModel/settingsStore``. Each section is made
/// from the store's settings of that section, one ``SettingRow`` each, in the store's order:
/// the global ones, then the network's own for the network of the buffer shown when the screen
/// opened, then that buffer's; Notifications adds the levels of the network's other buffers.
/// Networks lists the configured networks (``SettingsNetworkList``) above the chosen network's
/// settings. Everything is decided by the store and the model: the rows ask the store, networks
/// are added and removed with `/server add` and `/server del`, moved with
/// ``SettingsStore/moveNetwork(_:to:)``. The app calls ``settingsChanged()`` after the store
/// changed under the screen (a reload of the file, a `/set`).
@MainActor
public final class SettingsPresenter {
    unowned let chat: ChatController
    var model: ChatModel { chat.model }
    /// The screen while it is open.
    public private(set) var view: SettingsView?
    /// The network whose settings Networks shows.
    public private(set) var chosenNetwork: String?
    /// The buffer shown when the screen opened: its own settings and its network's are shown.
    public private(set) var context: BufferID?
    /// The networks' list while Networks is shown.
    public private(set) var networkList: SettingsNetworkList?

    init(chat: ChatController) { self.chat = chat }

    /// Whether the screen is open.
    public var isOpen: Bool { view?.host != nil }

    /// Opens the screen at `section` (nil: the section last shown, at first Networks), for the
    /// buffer shown.
    public func open(_ section: SettingSection?) {
        context = chat.current
        if chosenNetwork.map({ !networkNames.contains($0) }) ?? true {
            chosenNetwork = context.map(\.network).flatMap { networkNames.contains($0) ? $0 : nil } ?? networkNames.first
        }
        let view = self.view ?? makeView()
        show(section ?? view.section)
        guard let host = chat.screen.host, !isOpen else { return }
        host.showOverlay(view, at: .zero, dismissOnOutsideClick: false, takesFocus: false)
        focusFirst()
    }

    /// Closes the screen; a row edited with a valid value is saved first (closing with the key
    /// or the button is done with it; Escape put the saved value back before it closes).
    public func close() {
        view?.focusedRow?.commit()
        dismiss()
    }

    /// Takes the screen away, saving nothing: the keyboard goes back to the input line.
    private func dismiss() {
        guard let view, let host = view.host else { return }
        host.dismissOverlay(view)
        if host.focusedWidget == nil { host.focus(chat.screen.input) }
    }

    /// The store changed under the open screen (the app reloaded config.toml, or ran `/set`):
    /// the section shown is built again from the store, at the same scroll offset, the
    /// keyboard on the same row, a row edited and not saved kept as it is.
    public func settingsChanged() {
        guard isOpen, let view else { return }
        if chosenNetwork.map({ !networkNames.contains($0) }) ?? true {
            chosenNetwork = context.map(\.network).flatMap { networkNames.contains($0) ? $0 : nil } ?? networkNames.first
        }
        rebuild(view.section)
    }

    /// The screen is made again in the new theme, at the same section, place and field, what
    /// the field held unsaved (a refused value) still in it.
    func apply(_ theme: ChatTheme) {
        guard let old = view else { return }
        let wasOpen = isOpen, focused = old.focusedRow?.address, offset = old.scrollArea.offset
        let unsaved = old.focusedRow?.editedText
        if wasOpen { dismiss() }
        view = nil
        guard wasOpen else { return }
        open(old.section)
        guard let view else { return }
        view.host?.layoutIfNeeded()
        view.scrollArea.scroll(to: offset)
        guard let focused, let row = view.rows.first(where: { $0.address == focused }) else { return }
        view.host?.focus(row.control)
        if let unsaved { row.edit(unsaved) }
    }

    private var store: (any SettingsStore)? { model.settingsStore }
    private var networkNames: [String] { store?.networkNames ?? [] }

    private func makeView() -> SettingsView {
        let view = SettingsView(theme: chat.styler.theme)
        view.onChooseSection = { [weak self] section in
            // Another section is moving on: the row left is saved as a field left is.
            self?.view?.focusedRow?.commit()
            self?.show(section)
        }
        view.onClose = { [weak self] in self?.close() }
        view.toggleKey = { [weak self] in self?.chat.keyBindings.bindings["settings"] }
        self.view = view
        return view
    }

    /// Gives the keyboard to the section's first field, in Networks to the chosen network's line
    /// (the list is what the section starts with), else to the section's tab.
    func focusFirst() {
        guard let view, let host = view.host else { return }
        let first = networkList?.chosenButton ?? view.rows.first?.control ?? networkList?.nameField
            ?? view.sectionButtons[SettingSection.allCases.firstIndex(of: view.section) ?? 0]
        host.focus(first)
        view.revealFocus()
    }

    /// Shows `section` (another, or the same after a change of network); the keyboard, lost
    /// with the old content, goes back to the same setting's control, else to the section's
    /// first.
    func show(_ section: SettingSection) {
        let focused = view?.focusedRow?.address
        build(section)
        guard let view, let host = view.host else { return }
        // On the tabs, the keyboard stays on the tabs: on the one shown.
        if let tab = host.focusedWidget, view.sectionButtons.contains(where: { $0 === tab }) {
            host.focus(view.sectionButtons[SettingSection.allCases.firstIndex(of: section) ?? 0])
        }
        guard host.focusedWidget == nil else { return }
        host.layoutIfNeeded()
        if let focused, let row = view.rows.first(where: { $0.address == focused }) {
            host.focus(row.control)
            view.revealFocus()
        } else {
            focusFirst()
        }
    }

    /// Builds `section` again where it is shown: the scroll offset kept, the keyboard given back
    /// to the widget that had it (the list's, kept across builds), else to the same setting's
    /// row (`renamed`: in the network's new name), and each row edited and not saved kept
    /// itself, with its text.
    private func rebuild(_ section: SettingSection, renamed: (from: String, to: String)? = nil) {
        guard let view, let host = view.host else { return }
        let offset = view.scrollArea.offset, focusedWidget = host.focusedWidget
        func moved(_ address: SettingAddress) -> String {
            guard let renamed, address.network == renamed.from else { return address.name }
            return SettingAddress(address.info, network: renamed.to, buffer: address.buffer).name
        }
        let focused = view.focusedRow.map { moved($0.address) }
        var edited: [String: SettingRow] = [:]
        for row in view.rows where row.isEdited { edited[moved(row.address)] = row }
        build(section, keeping: edited)
        host.layoutIfNeeded()
        view.scrollArea.scroll(to: offset)
        if let focusedWidget, focusedWidget.host === host, focusedWidget.isDescendant(of: view) {
            host.focus(focusedWidget)
        } else if let button = networkList?.refocused, button.host === host {
            host.focus(button)   // the list made its lines again, the keyboard on the same button
        } else if let focused, let row = view.rows.first(where: { $0.address.name == focused }) {
            host.focus(row.control)
        } else if host.focusedWidget == nil {
            focusFirst()
        }
    }

    /// Builds `section`'s content; `keeping` holds rows edited and not saved, by their address's
    /// name: one whose setting is still there is shown again itself (its text, its caret), one
    /// of a renamed network lends its text to the new row.
    private func build(_ section: SettingSection, keeping edited: [String: SettingRow] = [:]) {
        guard let view else { return }
        guard let store else {
            networkList = nil
            view.show(section, [note("The settings are kept in the configuration file, and this session has none.")])
            return
        }
        let theme = chat.styler.theme
        let infos = store.settings.filter { $0.section == section }
        var widgets: [Widget] = []
        func rows(_ title: String?, _ addresses: [SettingAddress], namingBuffers: Bool = false,
                  named: ((SettingAddress) -> String)? = nil) {
            guard !addresses.isEmpty else { return }
            if let title { widgets.append(heading(title)) }
            for address in addresses {
                if let kept = edited[address.name], kept.address == address {
                    widgets.append(kept)
                    continue
                }
                let name = namingBuffers ? address.buffer.map { "\($0): \(address.info.key)" } : named?(address)
                let row = SettingRow(address, title: name, store: store, theme: theme)
                row.onSaved = { [weak self, unowned row] saved in self?.saved(saved, by: row) }
                if let text = edited[address.name]?.editedText { row.edit(text) }
                widgets.append(row)
            }
        }
        let global = infos.filter { $0.scope == .global }.map { SettingAddress($0) }
        let perNetwork = infos.filter { $0.scope == .network }, perBuffer = infos.filter { $0.scope == .buffer }
        if section == .networks {
            widgets.append(makeNetworkList(store))
            if let network = chosenNetwork { rows("Network \(network)", perNetwork.map { SettingAddress($0, network: network) }) }
            rows("Every network", global)
        } else if section == .scripts {
            networkList = nil
            for (script, settings) in Self.scripts(infos) {
                widgets.append(heading("Script \(script)"))
                rows(nil, settings.filter { !Self.isPermissions($0) }.map { SettingAddress($0) }, named: Self.scriptKey)
                widgets += settings.filter(Self.isPermissions).map { permissionsRow(SettingAddress($0), store: store) }
            }
            if widgets.isEmpty { widgets.append(note(Self.noScripts)) }
        } else {
            networkList = nil
            rows(nil, global)
            if let network = context?.network, networkNames.contains(network) {
                rows("On \(network)", perNetwork.map { SettingAddress($0, network: network) })
                let buffers = model.network(network)?.buffers.filter { $0.kind == .channel || $0.kind == .query } ?? []
                if let shown = buffers.first(where: { $0.id == context }) {
                    rows("In \(shown.name)", perBuffer.map { SettingAddress($0, network: network, buffer: shown.name) })
                }
                // The levels of the network's other buffers, to see and change them together.
                if section == .notifications {
                    rows("Other buffers on \(network)", buffers.filter { $0.id != context }.flatMap { buffer in
                        perBuffer.map { SettingAddress($0, network: network, buffer: buffer.name) }
                    }, namingBuffers: true)
                }
            }
        }
        if widgets.isEmpty { widgets.append(note("Nothing to set here.")) }
        view.show(section, widgets)
    }

    private func makeNetworkList(_ store: any SettingsStore) -> SettingsNetworkList {
        let list = networkList ?? SettingsNetworkList(theme: chat.styler.theme)
        networkList = list
        list.onChoose = { [weak self] name in
            guard let self else { return }
            self.chosenNetwork = name
            self.show(.networks)
        }
        list.onMove = { [weak self] name, index in
            guard let self, let store = self.store else { return }
            if case .failure(let refusal) = store.moveNetwork(name, to: index) { list.say(refusal.description, error: true) }
            list.show(self.networkNames, chosen: self.chosenNetwork)
        }
        list.onRemove = { [weak self] name in self?.runNetworkCommand("/server del \(name)") }
        list.checkAdd = { line in
            switch ChatCommandParser.parse(line) {
            case .success(.serverAdd): nil
            case .success: "That is not a network to add"
            case .failure(let failure): failure.message
            }
        }
        list.onAdd = { [weak self] line in self?.runNetworkCommand(line) ?? false }
        list.show(store.networkNames, chosen: chosenNetwork)
        return list
    }

    /// Runs `/server add …` or `/server del …` as typed in the buffer shown (a network's server
    /// buffer from a view of no network), then builds Networks again from the store (the app
    /// has the store see the change before the command returns). What the model said of it is
    /// shown on the form, in the error colour only when the networks (the store's or the
    /// model's) did not change: a refusal. True when they changed.
    @discardableResult
    private func runNetworkCommand(_ line: String) -> Bool {
        let before = networkNames, modelBefore = model.networks.map(\.name)
        let id = context.flatMap { model.network($0.network) != nil ? $0 : nil } ?? model.networks.first?.serverBuffer.id
        guard let id else { return false }
        let lastBefore = model.buffer(id)?.lines.last?.id
        chat.submitCommand(line, in: id)
        let changed = networkNames != before || model.networks.map(\.name) != modelBefore
        // Only a line the command added: an older one says nothing of it.
        let said = model.buffer(id)?.lines.last.flatMap { $0.id != lastBefore && $0.nick == nil ? $0.text : nil }
        networkList?.say(said, error: !changed)
        if chosenNetwork.map({ !networkNames.contains($0) }) ?? true { chosenNetwork = networkNames.first }
        rebuild(.networks)
        return changed
    }

    /// A value changed: the rows of the section are read again (another row may follow it, as
    /// the nick's default follows the first network's). A network's name saved moves its rows
    /// to the new name: it becomes the chosen network and the section is built again.
    private func saved(_ value: SettingValue, by row: SettingRow) {
        if let old = row.address.network, let new = value.address.network, new != old {
            if chosenNetwork == old { chosenNetwork = new }
            if let shown = context, shown.network == old { context = BufferID(network: new, name: shown.name) }
            if let view { rebuild(view.section, renamed: (old, new)) }
            return
        }
        view?.rows.forEach { if !$0.isEdited { $0.refresh() } }
    }
}
