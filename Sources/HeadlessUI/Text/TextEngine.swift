import CTextShim
import Foundation

/// Text as the headless world measures it: fonts, metrics, line layout and Unicode break
/// opportunities, all through Pango over fonts of its own, so that every machine measures the
/// same: Inter for the system font (its metrics are close to San Francisco's), Liberation for
/// Helvetica and Arial, Times and Courier (metric-compatible), DejaVu for the rest of Unicode,
/// and Material Design Icons for system images.
public final class TextEngine {
    /// Where Debian installs those fonts, and the package of each folder.
    public static let defaultFontDirectories = [
        ("/usr/share/fonts/opentype/inter", "fonts-inter"),
        ("/usr/share/fonts/truetype/liberation2", "fonts-liberation2"),
        ("/usr/share/fonts/truetype/dejavu", "fonts-dejavu-core"),
        // Scripts the faces above lack, which Pango falls back to per character as iOS does
        // to its own (Thai, Chinese and Japanese, Devanagari).
        ("/usr/share/fonts/opentype/tlwg", "fonts-tlwg-loma-otf"),
        ("/usr/share/fonts/truetype/wqy", "fonts-wqy-microhei"),
        ("/usr/share/fonts/truetype/lohit-devanagari", "fonts-lohit-deva"),
    ]
    /// The icon font, added where it is installed: without it only system images are missing,
    /// and asking for one says which package to install.
    public static var installedSymbolFontDirectories: [String] {
        FileManager.default.fileExists(atPath: SymbolFont.fontDirectory) ? [SymbolFont.fontDirectory] : []
    }

    let handle: OpaquePointer
    /// UIFont names already resolved to Pango descriptions (nil: no such font).
    private var resolved: [String: String?] = [:]
    private var metricsCache: [FontKey: rb_font_metrics] = [:]
    /// Recent measurements: layouts ask for the same words again on every pass.
    private var measurements: [MeasureKey: Measurement] = [:]
    /// Recent measurements of attributed text's paragraphs (see `TextEngine+Rich`).
    var richMeasurements: [RichMeasureKey: RichMeasurement] = [:]
    static let measurementLimit = 4096
    /// The longest text measured or drawn, in UTF-8 bytes (some thirty pages): laying out more
    /// would hold the host's thread for seconds, where no time budget reaches. A longer text is
    /// refused: it measures as nothing, is not drawn, and `refused` is told, once for each length.
    public static let maximumLength = 64 << 10
    /// Told of a text refused for its length, in a sentence that names it.
    var refused: ((String) -> Void)?
    private var refusedLengths: Set<Int> = []

    public init(
        fontDirectories: [String] = TextEngine.defaultFontDirectories.map(\.0)
            + TextEngine.installedSymbolFontDirectories
    ) throws {
        let paths = fontDirectories.map { strdup($0) }
        defer {
            for path in paths { free(path) }
        }
        let made = paths.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    rb_text_new($0, Int32(buffer.count))
                }
            }
        }
        guard let handle = made else {
            let missing = fontDirectories.filter { folder in
                ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty
            }
            let packages = Self.defaultFontDirectories.filter { missing.contains($0.0) }.map(\.1)
            throw UIError(
                "no fonts in \(missing.isEmpty ? fontDirectories.joined(separator: ", ") : missing.joined(separator: ", "))"
                    + (packages.isEmpty ? "" : ": install Debian's \(packages.joined(separator: " "))"))
        }
        self.handle = handle
    }

    /// Every face the engine has: its family and its PostScript name, sorted by family, then name.
    public lazy var faces: [(family: String, postScriptName: String)] = {
        var buffer = [CChar](repeating: 0, count: 1 << 16)
        _ = buffer.withUnsafeMutableBufferPointer { rb_text_list(handle, $0.baseAddress, $0.count) }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    }()

    deinit { rb_text_free(handle) }

    /// The Pango description of the font a UIFont name stands for, or nil if there is none.
    public func description(forFontNamed name: String) -> String? {
        if let known = resolved[name] { return known }
        var found = false
        let description = Self.string { buffer, size in found = rb_text_resolve(handle, name, buffer, size) != 0 }
        resolved[name] = found ? description : nil
        return found ? description : nil
    }

    /// The family of a Pango description.
    public func family(of face: String) -> String {
        Self.string { buffer, size in rb_text_family(face, buffer, size) }
    }

    /// Ascent and descent (both positive) and the baseline-to-baseline height of a font.
    func metrics(of face: String, size: Double) -> rb_font_metrics {
        let key = FontKey(face: face, size: size)
        if let known = metricsCache[key] { return known }
        var metrics = rb_font_metrics()
        rb_text_metrics(handle, face, size, &metrics)
        metricsCache[key] = metrics
        return metrics
    }

    /// How text wraps when it is laid out in a width.
    public enum Wrap: Int32, Sendable {
        case words = 0
        case characters = 1
        case wordsThenCharacters = 2
    }

    /// A measured text: the size of its kept lines, how many it kept, and how many it needs.
    public typealias Measurement = (size: CGSize, lines: Int, totalLines: Int)

    /// The size of the first `maxLines` lines (0: all) of `text` laid out in `face` at `size`
    /// points, wrapped at `width` (nil: no wrapping), and how many lines it needs in all.
    public func measure(
        _ text: String, face: String, size: Double, width: Double? = nil,
        wrap: Wrap = .words, maxLines: Int = 0
    ) -> Measurement {
        guard accepts(text) else { return (.zero, 0, 0) }
        let key = MeasureKey(text: text, face: face, size: size, width: width ?? 0, wrap: wrap, maxLines: maxLines)
        if let known = measurements[key] { return known }
        var result = rb_text_size()
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                rb_text_measure(
                    handle, chars.baseAddress, Int32(chars.count), face, size, width ?? 0,
                    wrap.rawValue, Int32(clamping: maxLines), &result)
            }
        }
        let measurement = (CGSize(width: result.width, height: result.height), Int(result.lines), Int(result.total))
        if measurements.count >= Self.measurementLimit { measurements.removeAll(keepingCapacity: true) }
        measurements[key] = measurement
        return measurement
    }

    /// Where text that does not fit is cut with an ellipsis (`NSLineBreakMode`'s truncations).
    public enum Truncation: Int32, Sendable {
        case none = 0
        case head, middle, tail

        /// The truncation of `NSLineBreakMode` `mode` (3 head, 4 tail, 5 middle; the others none).
        public init(lineBreakMode mode: Int) {
            self = [3: .head, 4: .tail, 5: .middle][mode] ?? .none
        }
    }

    /// Draws `text` as `measure` lays it out into a Cairo context (`cairo`, a `cairo_t *`), the
    /// first line's top at y 0, in the context's current source: its first `maxLines` lines,
    /// aligned within `width` (0 left, 1 centre, 2 right). A truncation cuts one line per
    /// paragraph (`maxLines` 1), or the last of `maxLines` lines where the text goes on.
    public func draw(
        _ text: String, face: String, size: Double, width: Double, wrap: Wrap, maxLines: Int, alignment: Int,
        truncation: Truncation, into cairo: OpaquePointer
    ) {
        guard accepts(text) else { return }
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                rb_text_draw(
                    handle, UnsafeMutableRawPointer(cairo), chars.baseAddress, Int32(chars.count), face, size, width,
                    wrap.rawValue, Int32(clamping: maxLines), Int32(alignment), truncation.rawValue)
            }
        }
    }

    /// Whether `text` is short enough to lay out; a refusal is told once for each length.
    func accepts(_ text: String) -> Bool {
        let length = text.utf8.count
        guard length > Self.maximumLength else { return true }
        if refusedLengths.insert(length).inserted {
            refused?(
                "a text of \(length) bytes (\(String(text.prefix(40)).debugDescription)...) is over the \(Self.maximumLength) Rebound measures "
                    + "and draws: it is left out")
        }
        return false
    }

    /// The text a C function writes into a buffer it is given.
    private static func string(_ fill: (UnsafeMutablePointer<CChar>, Int) -> Void) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        buffer.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { fill(base, $0.count - 1) } }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Break flags for each Unicode scalar position of `text` (one more entry than scalars).
    func breaks(_ text: String) -> [UInt8] {
        var text = text
        let count = text.unicodeScalars.count + 1
        var flags = [UInt8](repeating: 0, count: count)
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                rb_text_breaks(chars.baseAddress, Int32(chars.count), &flags, Int32(count))
            }
        }
        return flags
    }

    private struct MeasureKey: Hashable {
        let text: String
        let face: String
        let size: Double
        let width: Double
        let wrap: TextEngine.Wrap
        let maxLines: Int
    }

    private struct FontKey: Hashable {
        let face: String
        let size: Double
    }
}
