/// The desktop's light or dark preference, from the XDG desktop portal's settings
/// (`org.freedesktop.appearance` `color-scheme` through `org.freedesktop.portal.Settings`),
/// followed live through its `SettingChanged` signal.
public final class ColorSchemePortal: Sendable {
    /// What the desktop asks for.
    public enum Scheme: Sendable, Hashable {
        case noPreference, dark, light

        /// The portal's number: 1 dark, 2 light, anything else no preference.
        public init(portalValue: Int) {
            self = portalValue == 1 ? .dark : portalValue == 2 ? .light : .noPreference
        }
    }

    static let service = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"
    static let namespace = "org.freedesktop.appearance"
    static let key = "color-scheme"

    private let bus: BusConnection

    /// Asks the portal on `address`'s bus (the session bus by default) for the preference, and
    /// calls `onChange` with it (nil when there is no portal or it has no such setting), then
    /// with every change, on the bus thread.
    public init(address: String? = nil, onChange: @escaping @Sendable (Scheme?) -> Void) {
        bus = BusConnection(address: address, matches: [
            "type='signal',sender='\(Self.service)',interface='\(Self.interface)',member='SettingChanged',arg0='\(Self.namespace)'",
        ]) { message in
            guard message.member == "SettingChanged", message.arguments.count == 3,
                  message.arguments[0].string == Self.namespace, message.arguments[1].string == Self.key,
                  let value = message.arguments[2].unwrapped.integer else { return }
            onChange(Scheme(portalValue: value))
        }
        let arguments: [BusValue] = [.string(Self.namespace), .string(Self.key)]
        let bus = self.bus
        // ReadOne (portal version 2); portals before it only have Read, whose answer is a
        // variant inside a variant.
        bus.call(BusCall(destination: Self.service, path: Self.path, interface: Self.interface, member: "ReadOne",
                         arguments: arguments)) { result in
            switch result {
            case .success(let values):
                onChange(values.first?.unwrapped.integer.map(Scheme.init(portalValue:)))
            case .failure(let error) where error.name == "org.freedesktop.DBus.Error.UnknownMethod":
                bus.call(BusCall(destination: Self.service, path: Self.path, interface: Self.interface, member: "Read",
                                 arguments: arguments)) { result in
                    onChange((try? result.get())?.first?.unwrapped.integer.map(Scheme.init(portalValue:)))
                }
            case .failure:
                onChange(nil)
            }
        }
    }

    /// Stops following the preference.
    public func stop() { bus.stop() }
}
