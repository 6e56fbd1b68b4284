import Foundation
import ChatModel

/// A settings store for the screen's unit tests: a few settings of each kind and scope, values
/// in a dictionary, checked by kind (a key taken by another key setting is refused, as the
/// configuration's store refuses a conflict). The network names are the model's networks'.
/// The real store (the configuration's) is what the app and the render scenarios use.
final class TestSettingsStore: SettingsStore {
    let settings: [SettingInfo] = [
        SettingInfo(key: "nick", scope: .network, kind: .text, section: .networks, summary: "your nick there", defaultText: "me"),
        SettingInfo(key: "tls", scope: .network, kind: .bool, section: .networks, summary: "encrypt the link", defaultText: "true"),
        SettingInfo(key: "sasl.password", scope: .network, kind: .secret, section: .networks, summary: "SASL password",
                    defaultText: "(none)"),
        SettingInfo(key: "theme.font_size", scope: .global, kind: .integer(8...40), section: .appearance,
                    summary: "the text's size", defaultText: "14"),
        SettingInfo(key: "theme.show_joins", scope: .global, kind: .bool, section: .appearance, summary: "joins and parts shown",
                    defaultText: "true"),
        SettingInfo(key: "notifications.level", scope: .network, kind: .choice(["all", "mentions", "none"]), section: .notifications,
                    summary: "what notifies on this network", defaultText: "mentions"),
        SettingInfo(key: "notify", scope: .buffer, kind: .choice(["all", "mentions", "none"]), section: .notifications,
                    summary: "what this buffer notifies", defaultText: "mentions"),
        SettingInfo(key: "input.history_size", scope: .global, kind: .integer(0...10000), section: .input,
                    summary: "lines kept for Up and Down", defaultText: "500"),
        SettingInfo(key: "input.completion_suffix", scope: .global, kind: .text, section: .input,
                    summary: "after a completed nick", defaultText: ": "),
        SettingInfo(key: "keys.find", scope: .global, kind: .key, section: .keys, summary: "find in this buffer", defaultText: "Ctrl+F"),
        SettingInfo(key: "keys.mentions", scope: .global, kind: .key, section: .keys, summary: "every mention", defaultText: "Ctrl+M"),
        SettingInfo(key: "name", scope: .network, kind: .text, section: .networks, summary: "the network's name", defaultText: ""),
    ]
    var stored: [String: String] = [:]
    var sets: [(String, String)] = []
    var moves: [(String, Int)] = []
    var order: [String]?
    /// Networks renamed through their `name` setting: old name to new.
    var renamed: [String: String] = [:]
    let model: ChatModel

    init(model: ChatModel) { self.model = model }

    /// The model's networks, those moved in the order they were moved to, new ones last.
    var networkNames: [String] {
        let names = model.networks.map { renamed[$0.name] ?? $0.name }
        guard let order else { return names }
        return names.sorted { (order.firstIndex(of: $0) ?? .max, $0) < (order.firstIndex(of: $1) ?? .max, $1) }
    }

    func address(of name: String, in context: BufferID?) -> Result<SettingAddress, SettingRefusal> {
        guard let info = settings.first(where: { $0.key == name }) else { return .failure(SettingRefusal("no setting \(name)")) }
        return .success(SettingAddress(info, network: context?.network, buffer: context?.name))
    }

    func value(at address: SettingAddress) -> SettingValue {
        if address.info.key == "name" { return SettingValue(address: address, text: address.network ?? "", isDefault: false) }
        let text = stored[address.name]
        if address.info.kind == .secret { return SettingValue(address: address, text: text == nil ? "" : "(set)", isDefault: text == nil) }
        return SettingValue(address: address, text: text ?? address.info.defaultText, isDefault: text == nil)
    }

    func values(matching filter: String) -> [SettingValue] { [] }

    func refusal(of text: String, at address: SettingAddress) -> String? {
        let text = text.trimmingCharacters(in: .whitespaces)
        switch address.info.kind {
        case .integer(let range):
            guard let number = Int(text) else { return "\(address.info.key) takes a whole number" }
            return range.contains(number) ? nil : "\(address.info.key) is from \(range.lowerBound) to \(range.upperBound)"
        case .bool: return ["true", "false"].contains(text) ? nil : "true or false"
        case .choice(let words): return words.contains(text) ? nil : "one of " + words.joined(separator: ", ")
        case .key:
            let taken = settings.filter { $0.kind == .key && $0.key != address.info.key }
                .first { value(at: SettingAddress($0)).text.lowercased() == text.lowercased() }
            return taken.map { "\(text) is already \($0.key)'s key" }
        default: return text.isEmpty && address.info.kind != .secret ? "it cannot be empty" : nil
        }
    }

    func set(_ text: String, at address: SettingAddress) -> Result<SettingValue, SettingRefusal> {
        if let refusal = refusal(of: text, at: address) { return .failure(SettingRefusal(refusal)) }
        sets.append((address.name, text))
        // A network renamed: its settings are addressed by the new name from now on.
        if address.info.key == "name", let old = address.network {
            let original = renamed.first { $0.value == old }?.key ?? old
            renamed[original] = text
            return .success(value(at: SettingAddress(address.info, network: text)))
        }
        // The store's own form of the value: what the screen must show after saving.
        stored[address.name] = text.trimmingCharacters(in: .whitespaces)
        return .success(value(at: address))
    }

    func reset(_ address: SettingAddress) -> Result<SettingValue, SettingRefusal> {
        stored[address.name] = nil
        return .success(value(at: address))
    }

    func moveNetwork(_ name: String, to index: Int) -> Result<Void, SettingRefusal> {
        var names = networkNames
        guard let from = names.firstIndex(of: name) else { return .failure(SettingRefusal("no network \(name)")) }
        moves.append((name, index))
        names.remove(at: from)
        names.insert(name, at: min(index, names.count))
        order = names
        return .success(())
    }
}
