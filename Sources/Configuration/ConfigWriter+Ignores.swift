extension ConfigWriter {
    /// Writes `masks = [...]` into the `[ignores]` table in place (``TOMLEditor``: the old value
    /// replaced over as many lines as it spans, or a line added to the table; the table added at
    /// the end when there is none, and the file when it is missing), keeping every other line as
    /// it is. Each entry goes on a line of its own once there are two or more. A file that does
    /// not read is left as it is (the app runs on the last one that worked until it is fixed),
    /// and so is one the change would not leave readable: both throw, saying why.
    public static func setIgnores(_ entries: [String], in path: String) throws {
        do {
            try ConfigFile.edit(path) { (editor: inout TOMLEditor) throws(TOMLEditError) in
                try setIgnores(entries, in: &editor, file: path)
            }
        } catch {
            throw ConfigWriteError(error.reason)
        }
    }

    /// ``setIgnores(_:in:)`` on the text of `file` being edited.
    public static func setIgnores(_ entries: [String], in editor: inout TOMLEditor, file: String) throws(TOMLEditError) {
        do { _ = try ConfigLoader.parse(editor.text, file: file) } catch {
            throw TOMLEditError("\(error); the file is left as it is, and the ignores hold for this run only")
        }
        let value: TOMLLiteral = entries.count < 2 ? .array(entries.map { .string($0) }) : .arrayOnLines(entries.map { .string($0) })
        try editor.set("masks", value, in: .named("ignores"))
        do { _ = try ConfigLoader.parse(editor.text, file: file) } catch {
            throw TOMLEditError("the ignores would not read back (\(error)): \(file) is left as it is")
        }
    }
}
