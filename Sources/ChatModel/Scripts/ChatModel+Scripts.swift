extension ChatModel {
    /// Hands the interface effects only it can perform (a script showing a buffer), as the
    /// model's own commands do (``ModelChange/effects(_:)``).
    public func handToInterface(_ effects: [CommandEffect]) {
        guard !effects.isEmpty else { return }
        changes.append(.effects(effects))
    }

    /// Asks for a desktop notification about buffer `id` (a script's `natter.notify`): the
    /// window shows it as it shows a highlight's, when it is not in front.
    public func requestNotification(in id: BufferID, title: String, body: String) {
        changes.append(.notify(id, title: title, body: body))
    }
}
