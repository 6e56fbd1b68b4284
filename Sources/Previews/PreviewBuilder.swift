import ChatModel
import Crypto
import FoundationEssentials

/// Makes a thumbnail: decodes the image file `source`, scales it to fit within
/// `maxPixelWidth`×`maxPixelHeight` keeping its aspect, writes a PNG to `destination`, and
/// returns the original image's size. Throws on anything it cannot decode. (The app passes
/// the SDL backend's thumbnailer; this module decodes nothing.)
public typealias ThumbnailMaker = @Sendable (_ source: String, _ destination: String, _ maxPixelWidth: Int,
                                             _ maxPixelHeight: Int) throws -> (width: Int, height: Int)

/// Turns fetched bytes into what the model shows: a card from a page's head, a thumbnail from
/// an image. The same steps for a download (``PreviewService``) and for local files
/// (``preview(url:file:imageFile:folder:thumbnailer:)``: scenarios and tests).
public enum PreviewBuilder {
    /// Thumbnails are made at twice the logical box, so that they stay sharp at a scale of 2.
    public static let thumbnailPixels = (width: Int(PreviewThumbnail.maxSize.width) * 2,
                                         height: Int(PreviewThumbnail.maxSize.height) * 2)
    /// The most of an image that is read (10 MiB).
    public static let maxImageBytes = 10 << 20

    /// What a body is, once sniffed.
    public enum Body: Sendable, Hashable {
        /// A page, with what its head says.
        case page(PageMetadata)
        /// An image whose header was read and whose size is acceptable.
        case image(ImageHeader)
        /// Nothing to preview; the reason, for the debug log.
        case refused(String)
    }

    /// Sniffs `body` (never trusting `contentType` but for the tie ``ContentSniffer`` names) and
    /// reads it: a page's head, or an image's header checked against the size limits.
    public static func examine(_ body: [UInt8], contentType: String?, pageURL: String,
                               maxPixels: Int = ImageHeader.maxPixels, maxSide: Int = ImageHeader.maxSide) -> Body {
        let kind = ContentSniffer.kind(of: Array(body.prefix(512)), declaredType: contentType)
        switch kind {
        case .html:
            return .page(HTMLHeadReader.read(body, pageURL: pageURL, headerCharset: contentType.flatMap(ContentTypeCharset.parameter)))
        case .png, .jpeg, .gif, .webp:
            guard let header = ImageHeader.read(body) else { return .refused("the \(kind.rawValue) image's header is truncated or malformed") }
            if let refusal = header.refusal(maxPixels: maxPixels, maxSide: maxSide) { return .refused(refusal) }
            return .image(header)
        case .other:
            return .refused("the body is neither HTML nor an image of a known format")
        }
    }

    /// The card for a page: nil preview when it has neither a title nor a description.
    public static func card(_ metadata: PageMetadata, request: PreviewRequest, pageURL: String,
                            thumbnail: PreviewThumbnail?, note: String? = nil) -> PreviewOutcome {
        guard metadata.title != nil || metadata.summary != nil else {
            return PreviewOutcome(url: request.url, preview: nil, reason: "the page has no title or description")
        }
        let site = metadata.siteName ?? PreviewURL(pageURL)?.host
        let preview = LinkPreview(url: request.url, siteName: site, title: metadata.title, summary: metadata.summary,
                                  thumbnail: request.wantsImages ? thumbnail : nil)
        return PreviewOutcome(url: request.url, preview: preview, reason: note)
    }

    /// The height a card's image will take (logical px), known from its declared size.
    public static func reservedHeight(for metadata: PageMetadata) -> Double? {
        guard let width = metadata.imageWidth, let height = metadata.imageHeight else { return nil }
        let fitted = PreviewThumbnail.fitted(width: width, height: height)
        return fitted.height > 0 ? fitted.height : nil
    }

    /// Keeps `bytes` (an image whose header was read) in `folder` and makes its thumbnail
    /// there; the record, or why there is none.
    public static func thumbnail(of bytes: [UInt8], header: ImageHeader, imageURL: String, folder: String,
                                 thumbnailer: ThumbnailMaker) -> Result<PreviewThumbnail, PreviewFailure> {
        let name = fileStem(for: imageURL)
        let original = folder + "/" + name + "." + header.kind.rawValue
        let destination = folder + "/" + name + ".thumb.png"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: original), options: .atomic)
        } catch {
            return .failure(PreviewFailure("the image could not be kept in \(folder): \(error)"))
        }
        let size: (width: Int, height: Int)
        do {
            size = try thumbnailer(original, destination, thumbnailPixels.width, thumbnailPixels.height)
        } catch {
            try? FileManager.default.removeItem(atPath: original)
            return .failure(PreviewFailure("the image could not be decoded: \(error)"))
        }
        guard size.width > 0, size.height > 0 else {
            try? FileManager.default.removeItem(atPath: original)
            return .failure(PreviewFailure("the decoder gave an empty image"))
        }
        let fitted = PreviewThumbnail.fitted(width: size.width, height: size.height)
        return .success(PreviewThumbnail(path: destination, width: fitted.width, height: fitted.height, imageURL: imageURL,
                                         originalPath: original, pixelWidth: size.width, pixelHeight: size.height))
    }

    /// The outcome for a link to an image.
    public static func imageOutcome(_ result: Result<PreviewThumbnail, PreviewFailure>, request: PreviewRequest) -> PreviewOutcome {
        switch result {
        case .success(let thumbnail): PreviewOutcome(url: request.url, preview: LinkPreview(url: request.url, thumbnail: thumbnail))
        case .failure(let failure): PreviewOutcome(url: request.url, preview: nil, reason: failure.reason)
        }
    }

    /// A file name for a URL's files: its SHA-256, so any URL makes a safe, fixed-length name.
    public static func fileStem(for url: String) -> String {
        SHA256.hash(data: Array(url.utf8)).prefix(16).map { byte in
            let digits = Array("0123456789abcdef".unicodeScalars)
            return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
        }.joined()
    }

    /// A preview from local files, built exactly as from a download: `file` as the body of
    /// `url` (a page gives a card, whose thumbnail comes from `imageFile` when given; an image a
    /// thumbnail), the files made in `folder`. For scenarios and tests; synchronous.
    public static func preview(url: String, file: String, imageFile: String?, folder: String,
                               thumbnailer: ThumbnailMaker) -> PreviewOutcome {
        let request = PreviewRequest(url: url, wantsImages: true)
        guard PreviewURL(url) != nil else { return PreviewOutcome(url: url, preview: nil, reason: "not an http(s) URL") }
        guard let body = LocalFile.read(file, limit: maxImageBytes) else {
            return PreviewOutcome(url: url, preview: nil, reason: "\(file) cannot be read")
        }
        switch examine(body, contentType: nil, pageURL: url) {
        case .refused(let reason):
            return PreviewOutcome(url: url, preview: nil, reason: reason)
        case .image(let header):
            return imageOutcome(thumbnail(of: body, header: header, imageURL: url, folder: folder, thumbnailer: thumbnailer),
                                request: request)
        case .page(let metadata):
            var thumbnail: PreviewThumbnail?
            var note: String?
            if let imageFile {
                let imageURL = metadata.imageURL ?? url
                let bytes = LocalFile.read(imageFile, limit: maxImageBytes) ?? []
                switch examine(bytes, contentType: nil, pageURL: imageURL) {
                case .image(let header):
                    switch Self.thumbnail(of: bytes, header: header, imageURL: imageURL, folder: folder, thumbnailer: thumbnailer) {
                    case .success(let made): thumbnail = made
                    case .failure(let failure): note = failure.reason
                    }
                case .page: note = "\(imageFile) is not an image"
                case .refused(let reason): note = reason
                }
            }
            return card(metadata, request: request, pageURL: url, thumbnail: thumbnail, note: note)
        }
    }
}

/// Why a preview step gave nothing (for the outcome's reason and the debug log).
public struct PreviewFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason in words.
    public var reason: String
    /// Creates a failure.
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Local files read up to a bound (the first `limit` bytes).
enum LocalFile {
    static func read(_ path: String, limit: Int) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return Array(data.prefix(limit))
    }
}
