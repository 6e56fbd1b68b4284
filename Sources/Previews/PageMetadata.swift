/// What a page's head says about it, read by ``HTMLHeadReader``: the makings of a card.
public struct PageMetadata: Sendable, Hashable {
    /// `og:site_name`.
    public var siteName: String?
    /// `og:title`, `twitter:title` or `<title>`, in that order of preference.
    public var title: String?
    /// `og:description`, `twitter:description` or `<meta name=description>`.
    public var summary: String?
    /// `og:image:secure_url`, `og:image` or `twitter:image`, resolved against the page's URL.
    public var imageURL: String?
    /// The image's declared size (`og:image:width`, `og:image:height`), when both are given.
    public var imageWidth: Int?
    public var imageHeight: Int?

    /// Creates metadata.
    public init(siteName: String? = nil, title: String? = nil, summary: String? = nil, imageURL: String? = nil,
                imageWidth: Int? = nil, imageHeight: Int? = nil) {
        self.siteName = siteName
        self.title = title
        self.summary = summary
        self.imageURL = imageURL
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
    }
}
