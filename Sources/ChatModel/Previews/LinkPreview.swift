/// What a link shows under its message once it has been fetched: a card for a page (from its
/// OpenGraph / Twitter-card tags or its `<title>`), or a thumbnail for an image.
///
/// A value the model keeps per URL (``PreviewStore``); the fetching (sockets, the disk cache,
/// decoding) happens outside the model, in `Previews` and the backend, which hand back one of
/// these through ``ChatModel/previewArrived(_:)``.
public struct LinkPreview: Sendable, Hashable {
    /// The URL the message carries (the key; not the one redirects ended at).
    public var url: String
    /// The page's site name (`og:site_name`), or its host.
    public var siteName: String?
    /// The page's title (`og:title`, `twitter:title`, `<title>`); nil for an image.
    public var title: String?
    /// The page's description (`og:description`, `twitter:description`, `<meta name=description>`).
    public var summary: String?
    /// The thumbnail: the image itself (a link to an image) or the page's `og:image`.
    public var thumbnail: PreviewThumbnail?

    /// Whether the link is an image rather than a page (the row shows only the thumbnail).
    public var isImage: Bool { title == nil && summary == nil && siteName == nil && thumbnail != nil }

    /// Whether everything has come: not a card whose image is still on its way (a first
    /// answer, sent as soon as the page's head is read, with the image's declared size so
    /// the row takes its final height at once).
    public var isComplete: Bool { thumbnail?.isComing != true }

    /// Creates a preview.
    public init(url: String, siteName: String? = nil, title: String? = nil, summary: String? = nil,
                thumbnail: PreviewThumbnail? = nil) {
        self.url = url
        self.siteName = siteName
        self.title = title
        self.summary = summary
        self.thumbnail = thumbnail
    }
}

/// A scaled image on disk, drawn by the backend (``path`` is the image id of a draw command).
public struct PreviewThumbnail: Sendable, Hashable {
    /// The thumbnail file (PNG, made at twice the logical size so that HiDPI stays sharp).
    public var path: String
    /// The logical size it is drawn at (px), within 360×240, the image's aspect ratio kept.
    public var width: Double
    public var height: Double
    /// The image's own URL (what the viewer's "copy link" copies).
    public var imageURL: String
    /// The whole image, as fetched, for the viewer (nil: only the thumbnail is kept).
    public var originalPath: String?
    /// The image's own size in pixels.
    public var pixelWidth: Int
    public var pixelHeight: Int

    /// Creates a thumbnail record.
    public init(path: String, width: Double, height: Double, imageURL: String, originalPath: String? = nil,
                pixelWidth: Int, pixelHeight: Int) {
        self.path = path
        self.width = width
        self.height = height
        self.imageURL = imageURL
        self.originalPath = originalPath
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// A thumbnail still to come, of a known size: drawn as an empty frame of that size.
    public static func coming(width: Int, height: Int, imageURL: String) -> PreviewThumbnail {
        let fitted = fitted(width: width, height: height)
        return PreviewThumbnail(path: "", width: fitted.width, height: fitted.height, imageURL: imageURL,
                                pixelWidth: width, pixelHeight: height)
    }

    /// Whether this is a thumbnail still to come (``coming(width:height:imageURL:)``).
    public var isComing: Bool { path.isEmpty }

    /// The largest box a thumbnail is drawn in (logical px).
    public static let maxSize = (width: 360.0, height: 240.0)

    /// `width`×`height` pixels scaled to fit within ``maxSize`` (never enlarged), aspect kept.
    public static func fitted(width: Int, height: Int) -> (width: Double, height: Double) {
        guard width > 0, height > 0 else { return (0, 0) }
        let scale = min(1, maxSize.width / Double(width), maxSize.height / Double(height))
        return ((Double(width) * scale).rounded(), max(1, (Double(height) * scale).rounded()))
    }
}

/// Where a link's preview stands.
public enum PreviewState: Sendable, Hashable {
    /// Being fetched. `reserved`: the height the preview will take, when known before it comes
    /// (a card's `og:image:width`/`height`, dimensions remembered in the cache), so the row
    /// takes it at once and the rows below move as little as possible.
    case pending(reservedHeight: Double?)
    /// Fetched: shown under the message.
    case ready(LinkPreview)
    /// Nothing to show (a failed fetch, no metadata, refused): the row stays as it was.
    case none
}

/// What the model asks of the fetcher: one link to preview, and what it may show.
public struct PreviewRequest: Sendable, Hashable {
    /// The URL as the message carries it.
    public var url: String
    /// Whether images may be fetched (a thumbnail of an image link or of a page's `og:image`).
    public var wantsImages: Bool
    /// Hosts never contacted (``PreviewSettings/deniedHosts``): also checked on every redirect
    /// and for a page's image, which the model cannot see.
    public var deniedHosts: [String]

    /// Creates a request.
    public init(url: String, wantsImages: Bool, deniedHosts: [String] = []) {
        self.url = url
        self.wantsImages = wantsImages
        self.deniedHosts = deniedHosts
    }
}

/// The result of fetching one link, handed to ``ChatModel/previewArrived(_:)``.
public struct PreviewOutcome: Sendable, Hashable {
    /// The URL of the request.
    public var url: String
    /// What to show; nil: nothing (``reason`` says why, for the debug log).
    public var preview: LinkPreview?
    /// Why there is no preview (or a note on the one there is).
    public var reason: String?
    /// A height known before the preview (a first answer: the card's declared image size);
    /// the final outcome follows.
    public var reservedHeight: Double?

    /// Creates an outcome.
    public init(url: String, preview: LinkPreview?, reason: String? = nil, reservedHeight: Double? = nil) {
        self.url = url
        self.preview = preview
        self.reason = reason
        self.reservedHeight = reservedHeight
    }
}

/// Fetches previews for the model (the app's `PreviewService`; tests and scenarios their own).
/// Called on the main thread (the model's); answers come back later through
/// ``ChatModel/previewArrived(_:)``, on the main thread too. One fetch per URL: the model asks
/// once. Not main-actor isolated, as the model is not: a main-actor service conforms with
/// `@preconcurrency` or checks its isolation itself.
public protocol PreviewFetching: AnyObject {
    /// Starts fetching `request`'s link.
    func fetchPreview(_ request: PreviewRequest)
}
