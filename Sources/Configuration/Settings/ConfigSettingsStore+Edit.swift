import ChatModel
import FoundationEssentials
import NatterUI
import Widgets

/// How the store changes the file: the edit made on the file's text as it is now, the whole
/// text read back, and the result written only when it reads.
extension ConfigSettingsStore {
    /// The file with `text` at `address`, and the configuration it reads as; or why not.
    func candidate(_ text: String, at address: SettingAddress) -> Result<Edited, SettingRefusal> {
        if address.info.scope == .script { return scriptCandidate(text, at: address) }
        // No SASL: the network's sasl table goes.
        if address.info.key == "sasl.mechanism", text.trimmingBlanks.lowercased() == "none" {
            return edited(at: address) { editor, table, _ throws(TOMLEditError) in
                // `[networks.sasl]`, or `sasl = { … }` written inline in the network's table.
                if try !editor.removeTable(table), let parent = table.parent { try editor.remove(parent.name, in: parent.table) }
            }
        }
        var literal: TOMLLiteral
        do throws(SettingRefusal) { literal = try SettingText.literal(text, kind: address.info.kind) } catch {
            return .failure(error)
        }
        // A password typed in goes to the keyring (``set(_:at:)`` keeps it there); the file
        // names the item.
        if let (_, name) = typedSecret(text, at: address) { literal = .inlineTable([TOMLLiteral.Pair("keyring", .string(name))]) }
        if let conflict = keyConflict(text, at: address) { return .failure(SettingRefusal(conflict)) }
        // A network named after its host keeps its name (the key of its buffers and logs)
        // when the host changes: the old name is written.
        let keepName = address.info.scope == .network && address.info.key == "host"
            && networkTable(named: address.network ?? "")?["name"] == nil ? address.network : nil
        return edited(at: address) { editor, table, key throws(TOMLEditError) in
            try editor.set(key, literal, in: table)
            if let keepName { try editor.set("name", .string(keepName), in: table) }
        }
    }

    /// A changed file and what it reads as.
    struct Edited {
        var text: String
        var config: NatterConfig
    }

    /// The file with `edit` made where `address` is written (its table and key), read back.
    func edited(at address: SettingAddress?,
                _ edit: (inout TOMLEditor, TOMLEditor.Table, String) throws(TOMLEditError) -> Void) -> Result<Edited, SettingRefusal> {
        // Natter's own queued changes (a channel remembered, an alias) land first: this edit
        // reads the file after them.
        editsQueue?.waitUntilIdle()
        // A file that is gone is not an empty one: written so, it would hold this one key and
        // take every network away.
        guard FileManager.default.fileExists(atPath: path) else {
            return .failure(SettingRefusal("\(path) is missing: put it back first (the running settings stay)"))
        }
        guard let current = try? String(contentsOfFile: path, encoding: .utf8) else {
            return .failure(SettingRefusal("cannot read \(path)"))
        }
        do { reloaded(try ConfigLoader.parse(current, file: path), text: current) } catch {
            return .failure(SettingRefusal("the file has an error to mend first (the running settings stay): \(error)"))
        }
        var editor: TOMLEditor
        do throws(TOMLEditError) {
            editor = try TOMLEditor(current)
            let (table, key) = try location(of: address, in: editor)
            try edit(&editor, table, key)
        } catch {
            return .failure(SettingRefusal(error.description))
        }
        do throws(ConfigError) {
            return .success(Edited(text: editor.text, config: try ConfigLoader.parse(editor.text, file: path)))
        } catch {
            // The reader's words; its key named only when it is another than the one set.
            let own = address.map { fileKey(of: $0) }
            return .failure(SettingRefusal(error.key.map { $0 == own ? error.message : "\($0) \(error.message)" } ?? error.message))
        }
    }

    /// The password typed for a secret setting and the keyring item's name it is kept under
    /// (`NETWORK` for the server's, `NETWORK/sasl` for SASL's); nil for anything else
    /// (`keyring:NAME` names an item already there).
    func typedSecret(_ text: String, at address: SettingAddress) -> (String, String)? {
        guard address.info.kind == .secret, !text.isEmpty, !text.trimmingBlanks.hasPrefix("keyring:"),
              let network = address.network else { return nil }
        return (text, address.info.key.hasPrefix("sasl.") ? "\(network)/sasl" : network)
    }

    /// Writes an edited file and makes it the running configuration (an edit that changed
    /// nothing writes nothing).
    @discardableResult
    func commit(_ result: Result<Edited, SettingRefusal>) -> Result<Bool, SettingRefusal> {
        let edited: Edited
        switch result {
        case .failure(let refusal): return .failure(refusal)
        case .success(let value): edited = value
        }
        if let current = try? String(contentsOfFile: path, encoding: .utf8), current == edited.text { return .success(false) }
        do throws(ConfigFileError) { try ConfigFile.write(edited.text, to: path) } catch {
            return .failure(SettingRefusal(error.description))
        }
        reloaded(edited.config, text: edited.text)
        onChange(edited.config)
        return .success(true)
    }

    /// The table and key `address` is written under (the root for none).
    private func location(of address: SettingAddress?, in editor: TOMLEditor) throws(TOMLEditError) -> (TOMLEditor.Table, String) {
        guard let address else { return (.root, "") }
        let parts = address.info.key.split(separator: ".").map(String.init)
        switch address.info.scope {
        case .global:
            return (.named(parts.dropLast().joined(separator: ".")), parts.last!)
        case .network:
            let name = address.network ?? ""
            guard let index = editor.element(of: "networks", whereKey: "name", is: name, orElse: "host") else {
                throw TOMLEditError("no [[networks]] table is named \(name)")
            }
            var table = TOMLEditor.Table.element(index, of: "networks")
            for step in parts.dropLast() { table = table.sub(step) }
            return (table, parts.last!)
        case .buffer:
            let setting = SettingsCatalog.buffer.first { $0.info.key == address.info.key }!
            // The key as the file writes it when it has one for this buffer in another case.
            let wanted = "\(address.network ?? "")/\(address.buffer ?? "")"
            let path = setting.table.split(separator: ".").map(String.init)
            let existing = table(writtenTable, path)?.keys.first { $0.lowercased() == wanted.lowercased() }
            return (.named(setting.table), existing ?? wanted)
        case .script:
            let (script, key) = Self.scriptAndKey(of: address)
            return (.named("scripts.\(script)"), key)
        }
    }

    /// The key the reader names in its errors for `address`.
    private func fileKey(of address: SettingAddress) -> String {
        switch address.info.scope {
        case .global: return address.info.key
        case .network:
            let index = config.networks.firstIndex { $0.name == address.network } ?? 0
            return "networks[\(index)].\(address.info.key)"
        case .buffer:
            let setting = SettingsCatalog.buffer.first { $0.info.key == address.info.key }!
            return "\(setting.table).\(address.network ?? "")/\(address.buffer ?? "")"
        case .script: return address.name
        }
    }

    /// Why binding `text` to a key action would take a key another action has (nil: free).
    /// The reader lets a key the user binds win over a default (the key help marks the loser);
    /// a change made here asks for the other to move first, so that none is lost unnoticed.
    private func keyConflict(_ text: String, at address: SettingAddress) -> String? {
        guard address.info.kind == .key, address.info.key.hasPrefix("keys.") else { return nil }
        let action = String(address.info.key.dropFirst("keys.".count))
        guard let event = try? KeyName.parse(text.trimmingBlanks) else { return nil }
        var bindings = KeyBindings()
        bindings.editing = EditingKeys(rawValue: config.keys["editing"] ?? "") ?? .standard
        for (name, key) in config.keys where name != "editing" && name != action {
            if let bound = try? KeyName.parse(key) { bindings.bind(name, to: bound) }
        }
        let taken: [String] = KeyBindings.appActions.filter { other in
            other != action && bindings.bindings[other].map { $0.key == event.key && $0.modifiers == event.modifiers } == true
        } + EditingCommand.allCases.map(\.rawValue).filter { other in
            other != action && bindings.editingKeys[EditingCommand(rawValue: other)!]
                .map { $0.key == event.key && $0.modifiers == event.modifiers } == true
        }
        guard let other = taken.first else { return nil }
        return "\(KeyHelp.name(event)) is the key of \(other) (keys.\(other)): give that another key first"
    }

    /// The table at `path` of `root` (nil where there is none).
    func table(_ root: TOMLTable, _ path: [String]) -> TOMLTable? {
        var table = root
        for step in path {
            guard let inner = table[step]?.table else { return nil }
            table = inner
        }
        return table
    }

    /// The `[[networks]]` table of the file for network `name` (by name, else by host).
    func networkTable(named name: String) -> TOMLTable? {
        writtenTable["networks"]?.array?.compactMap(\.table).first { table in
            (table["name"]?.string ?? table["host"]?.string) == name
        }
    }
}
