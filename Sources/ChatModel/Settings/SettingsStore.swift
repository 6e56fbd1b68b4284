/// The settings as the configuration file holds them, for `/set` and the settings screen: what
/// exists, what each is now, whether a value would be taken, and changing one (the file edited
/// in place, then applied to the running client). The app gives the model one
/// (``ChatModel/settingsStore``); the configuration implements it over its catalog, which the
/// model cannot see (it sits above).
///
/// Used on the UI thread only.
public protocol SettingsStore: AnyObject {
    /// Every setting known, in the reference's order.
    var settings: [SettingInfo] { get }
    /// The configured networks' names, in the file's order.
    var networkNames: [String] { get }
    /// The setting `name` means when typed in buffer `context`: a full name
    /// (``SettingAddress/name``), or a network's or buffer's key alone (`nick`, `notify`), for
    /// the context's network or buffer.
    func address(of name: String, in context: BufferID?) -> Result<SettingAddress, SettingRefusal>
    /// The value at `address` now.
    func value(at address: SettingAddress) -> SettingValue
    /// Every value whose full name or description contains `filter` (all for an empty one):
    /// the global settings, each network's and the buffers' that are set.
    func values(matching filter: String) -> [SettingValue]
    /// Why `text` cannot be the value at `address` (nil: it can), checked as the screen's
    /// fields are typed in: the same check as ``set(_:at:)``'s.
    func refusal(of text: String, at address: SettingAddress) -> String?
    /// Makes `text` the value at `address`: checked, written into the file in place, applied.
    func set(_ text: String, at address: SettingAddress) -> Result<SettingValue, SettingRefusal>
    /// Takes the value at `address` out of the file: its default applies again.
    func reset(_ address: SettingAddress) -> Result<SettingValue, SettingRefusal>
    /// Moves network `name` to `index` in the file's order (the buffer list's order follows at
    /// the next start).
    func moveNetwork(_ name: String, to index: Int) -> Result<Void, SettingRefusal>
}
