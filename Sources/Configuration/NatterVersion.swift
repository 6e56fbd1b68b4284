/// The version `natter --version` prints, which CTCP VERSION answers with by default.
public enum NatterVersion {
    public static let string = "0.1.0"
}
