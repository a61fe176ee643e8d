import Foundation

/// The code pages RTF's `\ansicpg` and `\fcharset` name, decoded by Foundation.
enum RTFCodePage {
    /// The Windows code page of an `\fcharset` (nil: the document's own, `\ansicpg`).
    static func codePage(ofCharset charset: Int) -> Int? {
        let pages = [
            77: 10000, 128: 932, 129: 949, 130: 1361, 134: 936, 136: 950, 161: 1253, 162: 1254, 163: 1258,
            177: 1255, 178: 1256, 186: 1257, 204: 1251, 222: 874, 238: 1250, 254: 437, 255: 850,
        ]
        return pages[charset]
    }

    /// `bytes` in code page `page`; a byte no decoding takes stands for itself (Latin-1), so
    /// that bad bytes lose no text.
    static func decode(_ bytes: [UInt8], page: Int) -> String {
        if let encoding = encoding(of: page), let text = String(data: Data(bytes), encoding: encoding) {
            return text
        }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// Foundation's encodings for the Windows code pages Cocoa writes.
    private static func encoding(of page: Int) -> String.Encoding? {
        switch page {
        case 1250: return .windowsCP1250
        case 1251: return .windowsCP1251
        case 1252: return .windowsCP1252
        case 1253: return .windowsCP1253
        case 1254: return .windowsCP1254
        case 10000: return .macOSRoman
        case 65001: return .utf8
        default:
            let coreFoundation: [Int: UInt32] = [
                1255: 0x0505, 1256: 0x0506, 1257: 0x0507, 1258: 0x0508, 1361: 0x0510, 874: 0x041D, 932: 0x0420,
                936: 0x0421, 949: 0x0422, 950: 0x0423, 437: 0x0400, 850: 0x0410,
            ]
            guard let constant = coreFoundation[page] else { return nil }
            // An NSStringEncoding with the high bit set stands for that CoreFoundation
            // encoding, as CFStringConvertEncodingToNSStringEncoding makes it.
            return String.Encoding(rawValue: 0x8000_0000 | UInt(constant))
        }
    }
}
