import CCairo
import Foundation
import HeadlessUI

/// Picture snapshots for `rebound test` (`host.snapshot`): the screen drawn as `render` draws
/// it, compared pixel by pixel with the recorded PNG. A PNG this wrote carries a note of its
/// pixels (`PixelDigest`), so a screen that still matches it is confirmed without decoding it.
public struct ScreenSnapshots: Sendable {
    public init() {}

    public func record(_ world: UIWorld, to url: URL) throws {
        let file = try ScreenRenderer.render(world).rasterized { surface in
            PixelDigest.stamp(try Self.png(of: surface, named: url.path), pixels: PixelDigest.of(surface: surface))
        }
        try file.write(to: url, options: .atomic)
    }

    /// Compares the screen of `world` with the PNG at `reference`: nil when no more than
    /// `share` (0 to 1) of the pixels differ by more than `threshold` in a channel; otherwise
    /// what differs, in a sentence, after writing the screen to `actual` and its changed pixels
    /// to `diff`.
    public func compare(
        _ world: UIWorld, with reference: URL, threshold: UInt8, share: Double, actual: URL, diff: URL
    ) throws -> String? {
        let file: Data
        do {
            file = try Data(contentsOf: reference)
        } catch {
            throw RenderError("cannot read \(reference.path): \(error.localizedDescription)")
        }
        let recorded = PixelDigest.recorded(in: file)
        let screen: PixelImage? = try ScreenRenderer.render(world).rasterized { surface in
            if let recorded, recorded == PixelDigest.of(surface: surface) { return nil }
            return PixelImage(surface: surface)
        }
        guard let screen else { return nil }
        let snapshot = try PixelImage(png: reference.path)
        guard let difference = screen.difference(from: snapshot, tolerance: threshold) else {
            try screen.writePNG(to: actual.path)
            return "the screen is \(screen.width)x\(screen.height) pixels and the snapshot "
                + "\(snapshot.width)x\(snapshot.height); the actual picture is \(actual.lastPathComponent)"
        }
        let total = screen.width * screen.height
        guard Double(difference.count) > share * Double(total), let changes = difference.image else {
            return nil
        }
        try screen.writePNG(to: actual.path)
        try changes.writePNG(to: diff.path)
        let percent = String(format: "%.2f", 100 * Double(difference.count) / Double(max(total, 1)))
        return "\(difference.count) of \(total) pixels (\(percent)%) differ from \(reference.lastPathComponent) "
            + "by more than \(threshold) in a channel; the actual picture is \(actual.lastPathComponent), "
            + "the changed pixels (red) \(diff.lastPathComponent)"
    }

    /// The image as a PNG file's bytes, written by Cairo as `render` writes its files.
    private static func png(of surface: OpaquePointer, named path: String) throws -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.data
    }
}
