import CCairo
import Foundation

/// A snapshot PNG's note of its own pixels, so that `host.snapshot` confirms a matching screen
/// without decoding the file (decoding a phone's picture takes longer than drawing it).
///
/// The note is a private chunk, `rbPX`, before the file's end. It holds a digest of the pixels
/// as Cairo drew them and a digest of the file's header and image data. The note is trusted
/// only while the image data still has its digest: a file that another tool re-encoded or
/// edited is decoded and compared pixel by pixel. Its last letter is upper case ("not safe to
/// copy"), so PNG editors drop it when they change the image.
enum PixelDigest {
    static let chunkType = "rbPX"
    /// 2 digests the pixels as one run when rows have no padding (1 took them row by row).
    private static let version: UInt8 = 2

    /// The digest of a Cairo ARGB32 image's pixels (not the padding after a row, if any).
    static func of(surface: OpaquePointer) -> UInt64 {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return 0 }
        var digest = Digest64(seed: UInt64(width) << 32 | UInt64(height))
        // One run when the rows are back to back, as ARGB32's are: a row's bytes are seldom a
        // whole number of the digest's blocks, and the rest of each would go a byte at a time.
        if stride == width * 4 {
            digest.add(UnsafeRawBufferPointer(start: data, count: height * stride))
        } else {
            for row in 0..<height {
                digest.add(UnsafeRawBufferPointer(start: data + row * stride, count: width * 4))
            }
        }
        return digest.value
    }

    /// `png` (a whole file) with the note of `pixels` before its IEND chunk; unchanged when it
    /// is not a PNG this can read.
    static func stamp(_ png: Data, pixels: UInt64) -> Data {
        guard let chunks = PNGChunks(png), let end = chunks.end else { return png }
        var stamped = Data(png[..<end])
        PNGChunk.append(chunkType, Data([version] + bytes(of: pixels) + bytes(of: chunks.imageDigest())), to: &stamped)
        stamped.append(png[end...])
        return stamped
    }

    /// The pixel digest the note in `png` records, when there is one and the image data is
    /// still the data it was written with; nil otherwise.
    static func recorded(in png: Data) -> UInt64? {
        guard let chunks = PNGChunks(png), let note = chunks.note, note.count == 17, note[note.startIndex] == version
        else { return nil }
        let values = stride(from: note.startIndex + 1, to: note.endIndex, by: 8).map { start in
            note[start..<start + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
        guard values.count == 2, values[1] == chunks.imageDigest() else { return nil }
        return values[0]
    }

    private static func bytes(of value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }
}

/// The chunks of a PNG file that the note needs, found by walking the file's chunk lengths
/// (each checked against the file's size: a snapshot file may be anything).
private struct PNGChunks {
    private(set) var header: Data?
    private(set) var imageData: [Data] = []
    private(set) var note: Data?
    /// Where the IEND chunk starts.
    private(set) var end: Data.Index?

    init?(_ file: Data) {
        guard file.count >= 8, file.prefix(8).elementsEqual(PNGChunk.signature) else { return nil }
        var position = file.startIndex + 8
        while position + 12 <= file.endIndex {
            let length = file[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: file[position + 4..<position + 8], as: UTF8.self)
            let bodyStart = position + 8
            guard length >= 0, length <= file.endIndex - bodyStart - 4 else { return nil }
            let body = file[bodyStart..<bodyStart + length]
            switch type {
            case "IHDR": header = body
            case "IDAT": imageData.append(body)
            case PixelDigest.chunkType: note = body
            case "IEND":
                end = position
                return
            default: break
            }
            position = bodyStart + length + 4
        }
        return nil
    }

    /// The digest of the header and the image data, in order.
    func imageDigest() -> UInt64 {
        var digest = Digest64(seed: 0x5245_424F_554E_4421)
        for part in [header ?? Data()] + imageData {
            part.withUnsafeBytes { digest.add($0) }
        }
        return digest.value
    }
}

/// A fast 64-bit digest for telling pictures apart; not a defence against a file made to
/// collide. Each step takes two words into one of four lanes with one multiply: a bijection of
/// the lane for either word, so a change within one 64-byte block always changes the digest.
struct Digest64 {
    private static let primes: (UInt64, UInt64, UInt64) = (
        0x9E37_79B1_85EB_CA87, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9
    )
    private var lanes: (UInt64, UInt64, UInt64, UInt64)
    private var length: UInt64 = 0

    init(seed: UInt64) {
        lanes = (seed &+ Self.primes.0 &+ Self.primes.1, seed &+ Self.primes.1, seed, seed &- Self.primes.0)
    }

    private static func round(_ lane: UInt64, _ first: UInt64, _ second: UInt64) -> UInt64 {
        let mixed = (lane ^ first) &+ second
        return (mixed << 27 | mixed >> 37) &* primes.0
    }

    /// Adds `bytes`: whole 64-byte blocks to the lanes, the rest a byte at a time.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        length &+= UInt64(bytes.count)
        var offset = 0
        func word(_ index: Int) -> UInt64 { base.loadUnaligned(fromByteOffset: offset + 8 * index, as: UInt64.self) }
        while offset + 64 <= bytes.count {
            lanes.0 = Self.round(lanes.0, word(0), word(1))
            lanes.1 = Self.round(lanes.1, word(2), word(3))
            lanes.2 = Self.round(lanes.2, word(4), word(5))
            lanes.3 = Self.round(lanes.3, word(6), word(7))
            offset += 64
        }
        while offset < bytes.count {
            lanes.0 = Self.round(lanes.0, UInt64(base.load(fromByteOffset: offset, as: UInt8.self)), 1)
            offset += 1
        }
    }

    var value: UInt64 {
        var hash =
            (lanes.0 << 1 | lanes.0 >> 63) &+ (lanes.1 << 7 | lanes.1 >> 57)
            &+ (lanes.2 << 12 | lanes.2 >> 52) &+ (lanes.3 << 18 | lanes.3 >> 46)
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3] {
            hash = (hash ^ Self.round(0, lane, 0)) &* Self.primes.0 &+ Self.primes.2
        }
        hash &+= length
        hash ^= hash >> 33
        hash = hash &* Self.primes.1
        hash ^= hash >> 29
        hash = hash &* Self.primes.2
        return hash ^ hash >> 32
    }
}
