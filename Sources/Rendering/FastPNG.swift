import CZlib
import Foundation

extension PixelImage {
    /// The pixels as PNG file bytes made for speed rather than size (the live preview sends
    /// one per change): no row filters, zlib's fastest level, and RGB without alpha when every
    /// pixel is opaque (a screen is). On the WordsCollection screen at @2x, in the preview's
    /// publisher, Cairo's writer (libpng's adaptive filters at level 6, and a second raster)
    /// took 20 to 28 ms for 68 KB; this one, as RGBA, 6 to 9 ms for 100 KB. Files on disk
    /// still go through Cairo (`Picture.write`).
    public func fastPNGData() throws -> Data {
        let opaque = bytes.withUnsafeBufferPointer { pixels in
            var alpha = 3
            while alpha < pixels.count, pixels[alpha] == 255 { alpha += 4 }
            return alpha >= pixels.count
        }
        let channels = opaque ? 3 : 4
        let rowLength = width * channels
        var raw = [UInt8](repeating: 0, count: (rowLength + 1) * height)
        bytes.withUnsafeBufferPointer { source in
            raw.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return }
                for row in 0..<height {  // each row starts with filter type 0, none
                    let rowStart = to + row * (rowLength + 1) + 1
                    let sourceRow = from + row * width * 4
                    guard opaque else {
                        rowStart.update(from: sourceRow, count: rowLength)
                        continue
                    }
                    var (target, source) = (rowStart, sourceRow)
                    for _ in 0..<width {
                        (target[0], target[1], target[2]) = (source[0], source[1], source[2])
                        (target, source) = (target + 3, source + 4)
                    }
                }
            }
        }
        var compressedLength = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compress2(&compressed, &compressedLength, raw, uLong(raw.count), Z_BEST_SPEED)
        guard status == Z_OK else { throw RenderError("zlib could not compress the picture (status \(status))") }
        var file = Data(PNGChunk.signature)
        var header = Data()
        for value in [UInt32(width), UInt32(height)] { header.append(contentsOf: PNGChunk.bigEndian(value)) }
        header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])  // 8 bits, RGB or RGBA, deflate, filters, no interlace
        PNGChunk.append("IHDR", header, to: &file)
        PNGChunk.append("IDAT", Data(compressed[0..<Int(compressedLength)]), to: &file)
        PNGChunk.append("IEND", Data(), to: &file)
        return file
    }
}

/// A PNG file's parts as the format writes them.
enum PNGChunk {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Appends a chunk: its length, type and body, then their CRC.
    static func append(_ type: String, _ body: Data, to file: inout Data) {
        let tagged = Data(type.utf8) + body
        file.append(contentsOf: bigEndian(UInt32(body.count)))
        file.append(tagged)
        let checksum = tagged.withUnsafeBytes { bytes in
            crc32(0, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
        }
        file.append(contentsOf: bigEndian(UInt32(truncatingIfNeeded: checksum)))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
    }
}
