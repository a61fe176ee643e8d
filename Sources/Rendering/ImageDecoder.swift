import CCairo
import Dispatch
import Foundation
import HeadlessUI
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The decoded pixels of the PNG and JPEG pictures that views and drawings show, as Cairo
/// surfaces, for the pictures the renderer draws.
///
/// - `ImageDecoder.whileDrawing()`: each picture decodes what it shows as it is drawn, on the
///   thread that draws it. For pictures that must be whole: `rebound render`, the specs'
///   snapshots, a drawn image rasterized for a script.
/// - `ImageDecoder(whenDecoded:)`: for the pictures of a live program (the preview, `run
///   --snapshot`), which are drawn on the host's thread. A picture not decoded yet is decoded
///   on the decoder's own thread, the picture is drawn without it, and `whenDecoded` is called
///   once it is ready, so that the screen is drawn again. Decoded pictures are kept, the least
///   recently drawn given up past `capacity` pixels; a file is decoded again once it changes.
///
/// Either way, one picture decodes at most `maximumPixelsPerPicture` (the rest is left out, and
/// the picture says so), and each image at most `ImageContent.maximumPixels`: what a picture
/// costs to decode is bounded, as what it costs to draw is (`DrawingReplay`).
public final class ImageDecoder: Sendable {
    /// The pixels one picture may decode, unless told otherwise: eight screens' worth of a large
    /// tablet at @2x.
    public static let maximumPixelsPerPicture = 128 << 20
    /// The decoded pixels a background decoder keeps (512 MB).
    static let capacity = 128 << 20
    /// Decodes waiting at once; past it a picture asks again the next time it is drawn.
    static let maximumQueued = 64

    /// The pixels one picture drawn with this decoder may decode.
    let pixelsPerPicture: Int
    private let whenDecoded: (@Sendable () -> Void)?
    private let cache = Mutex(Cache())
    private let queue: DispatchQueue?

    private struct Cache {
        var entries: [Key: Entry] = [:]
        var pixels = 0
        var queued = 0
        var clock: UInt64 = 0
    }

    private enum Entry {
        case decoding
        case decoded(ImageSurface?, pixels: Int, lastDrawn: UInt64, holding: EncodedImage?)
    }

    /// A file by its identity and version (a save makes a new key); bytes in memory by identity,
    /// kept alive by their entry so that the identity is not reused while it names them.
    private enum Key: Hashable {
        case file(path: String, device: UInt64, inode: UInt64, size: Int64, modified: Int64)
        case encoded(ObjectIdentifier)
    }

    private init(whenDecoded: (@Sendable () -> Void)?, queue: DispatchQueue?, pixelsPerPicture: Int) {
        self.whenDecoded = whenDecoded
        self.queue = queue
        self.pixelsPerPicture = pixelsPerPicture
    }

    /// A decoder that decodes as a picture is drawn.
    public static func whileDrawing(pixelsPerPicture: Int = maximumPixelsPerPicture) -> ImageDecoder {
        ImageDecoder(whenDecoded: nil, queue: nil, pixelsPerPicture: pixelsPerPicture)
    }

    /// A decoder that decodes on a thread of its own and calls `whenDecoded` (on that thread)
    /// after each picture it decoded.
    public convenience init(
        pixelsPerPicture: Int = maximumPixelsPerPicture, whenDecoded: @escaping @Sendable () -> Void
    ) {
        self.init(
            whenDecoded: whenDecoded, queue: DispatchQueue(label: "rebound.image-decoder", qos: .userInitiated),
            pixelsPerPicture: pixelsPerPicture)
    }

    /// What a picture gets for an image.
    enum Lookup {
        /// Its pixels (nil when the image does not decode).
        case ready(ImageSurface?)
        /// Being decoded on the decoder's thread: drawn without it this time.
        case pending
        /// Past the picture's budget: left out.
        case overBudget
    }

    /// The surface of `content` (a file or bytes), charging the pixels its header declared to
    /// `budget` when it has to be decoded.
    func surface(for content: ImageContent, budget: inout Int) -> Lookup {
        guard let key = Self.key(content) else { return .ready(nil) }
        let pixels =
            switch content {
            case .file(_, let pixels): pixels
            case .encoded(let encoded): encoded.pixels
            case .drawing: 0
            }
        let now: Entry? = cache.withLock { cache in
            cache.clock += 1
            guard case .decoded(let surface, let count, _, let holding)? = cache.entries[key] else {
                return cache.entries[key]
            }
            cache.entries[key] = .decoded(surface, pixels: count, lastDrawn: cache.clock, holding: holding)
            return cache.entries[key]
        }
        switch now {
        case .decoded(let surface, _, _, _)?: return .ready(surface)
        case .decoding?: return .pending
        case nil: break
        }
        guard pixels <= budget else { return .overBudget }
        budget -= pixels
        guard let queue else {
            let surface = ImageSurface(content)
            store(surface, for: key, content: content)
            return .ready(surface)
        }
        let scheduled = cache.withLock { cache in
            guard cache.entries[key] == nil, cache.queued < Self.maximumQueued else { return false }
            cache.entries[key] = .decoding
            cache.queued += 1
            return true
        }
        guard scheduled else { return .pending }
        queue.async { [self] in
            store(ImageSurface(content), for: key, content: content)
            cache.withLock { $0.queued -= 1 }
            whenDecoded?()
        }
        return .pending
    }

    /// Keeps a decoded surface, giving up the least recently drawn ones past `capacity`.
    private func store(_ surface: ImageSurface?, for key: Key, content: ImageContent) {
        let count = surface.map { $0.width * $0.height } ?? 0
        var holding: EncodedImage?
        if case .encoded(let encoded) = content { holding = encoded }
        cache.withLock { cache in
            cache.entries[key] = .decoded(surface, pixels: count, lastDrawn: cache.clock, holding: holding)
            cache.pixels += count
            while cache.pixels > Self.capacity, let oldest = Self.leastRecentlyDrawn(cache.entries, sparing: key) {
                if case .decoded(_, let pixels, _, _)? = cache.entries.removeValue(forKey: oldest) {
                    cache.pixels -= pixels
                }
            }
        }
    }

    private static func leastRecentlyDrawn(_ entries: [Key: Entry], sparing kept: Key) -> Key? {
        var oldest: (key: Key, drawn: UInt64)?
        for (key, entry) in entries where key != kept {
            guard case .decoded(_, let pixels, let drawn, _) = entry, pixels > 0 else { continue }
            if oldest.map({ drawn < $0.drawn }) ?? true { oldest = (key, drawn) }
        }
        return oldest?.key
    }

    private static func key(_ content: ImageContent) -> Key? {
        switch content {
        case .file(let path, _):
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return .file(
                path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
        case .encoded(let encoded): return .encoded(ObjectIdentifier(encoded))
        case .drawing: return nil
        }
    }
}

/// A picture file's pixels as a Cairo image surface, which is only read once made.
final class ImageSurface: @unchecked Sendable {
    let surface: OpaquePointer
    let width: Int
    let height: Int

    init?(_ content: ImageContent) {
        guard let pixels = content.premultipliedPixels(),
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height))
        else {
            return nil
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        if let data = cairo_image_surface_get_data(surface) {
            for row in 0..<pixels.height {
                pixels.bytes.withUnsafeBufferPointer { source in
                    guard let from = source.baseAddress else { return }
                    (data + row * stride).update(from: from + row * pixels.width * 4, count: pixels.width * 4)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        (self.surface, width, height) = (surface, pixels.width, pixels.height)
    }

    deinit { cairo_surface_destroy(surface) }
}
