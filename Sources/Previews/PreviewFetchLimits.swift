/// The bounds of every fetch, and whether private addresses may be reached. The defaults are
/// the issue's: tests shorten the ones whose value is not the point.
public struct PreviewFetchLimits: Sendable, Hashable {
    /// Longest wait for a connection to be made.
    public var connectTimeout: Duration
    /// Longest a whole preview may take (every hop, the page and its image): then it gives up.
    public var totalTimeout: Duration
    /// Redirects followed at most; one more is a failure.
    public var maxRedirects: Int
    /// Most of an HTML body read (its head is within; the rest is not read).
    public var maxHTMLBytes: Int
    /// Most of an image read; a larger one is refused.
    public var maxImageBytes: Int
    /// Fetches at once; others wait in a queue.
    public var maxConcurrentFetches: Int
    /// Most pixels of an image (its header says), and its longest side.
    public var maxImagePixels: Int
    public var maxImageSide: Int
    /// Whether loopback, private, link-local and such addresses may be contacted (off: a link
    /// cannot probe the user's network; tests turn it on to reach their loopback server).
    public var allowsPrivateAddresses: Bool
    /// Private endpoints allowed while the others are not, as `address:port` (`127.0.0.1:8080`,
    /// `[::1]:8080`): a server the user (or a test) names, and nothing else on that network.
    public var allowedPrivateEndpoints: Set<String>

    /// Limits; every default is the issue's.
    public init(connectTimeout: Duration = .seconds(5), totalTimeout: Duration = .seconds(15), maxRedirects: Int = 5,
                maxHTMLBytes: Int = HTMLHeadReader.maxBytes, maxImageBytes: Int = PreviewBuilder.maxImageBytes,
                maxConcurrentFetches: Int = 4, maxImagePixels: Int = ImageHeader.maxPixels,
                maxImageSide: Int = ImageHeader.maxSide, allowsPrivateAddresses: Bool = false,
                allowedPrivateEndpoints: Set<String> = []) {
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxRedirects = maxRedirects
        self.maxHTMLBytes = maxHTMLBytes
        self.maxImageBytes = maxImageBytes
        self.maxConcurrentFetches = max(1, maxConcurrentFetches)
        self.maxImagePixels = maxImagePixels
        self.maxImageSide = maxImageSide
        self.allowsPrivateAddresses = allowsPrivateAddresses
        self.allowedPrivateEndpoints = allowedPrivateEndpoints
    }
}
