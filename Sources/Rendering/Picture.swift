import CCairo
import Foundation
import HeadlessUI
import LuaRuntime

/// A drawing of a screen, kept as Cairo's recording surface so that one drawing pass gives the
/// PNG (at the device's scale), the SVG and the PDF, and the three agree.
public final class Picture {
    /// The size in points.
    public let width: Double
    public let height: Double
    /// Pixels per point of the PNG.
    public let scale: Double
    let surface: OpaquePointer
    /// What was left out of the drawing to keep it within its budgets, as sentences.
    public internal(set) var omissions: [String] = []

    /// The most pixels a picture has a side, and in all: a screen's profile is checked
    /// against them (`DeviceProfile`), and a picture is never made larger.
    public static let maximumSide = DeviceProfile.maximumPixelsASide
    public static let maximumPixels = DeviceProfile.maximumPixels

    init(width: Double, height: Double, scale: Double, draw: (OpaquePointer) -> Void) throws {
        let (pixelWidth, pixelHeight) = ((width * scale).rounded(), (height * scale).rounded())
        guard width > 0, height > 0, scale > 0, pixelWidth <= Double(Self.maximumSide),
            pixelHeight <= Double(Self.maximumSide),
            pixelWidth * pixelHeight <= Double(Self.maximumPixels)
        else {
            throw RenderError(
                "a picture of \(width) x \(height) points at @\(scale) is over the limit of "
                    + "\(Self.maximumSide) pixels a side and \(Self.maximumPixels) pixels in all")
        }
        self.width = width
        self.height = height
        self.scale = scale
        var extents = cairo_rectangle_t(x: 0, y: 0, width: width, height: height)
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents) else {
            throw RenderError("Cairo could not make a recording surface")
        }
        self.surface = surface
        guard let cairo = cairo_create(surface) else { throw RenderError("Cairo could not draw") }
        draw(cairo)
        let status = cairo_status(cairo)
        cairo_destroy(cairo)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("Cairo: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    deinit { cairo_surface_destroy(surface) }

    /// The kinds of file a picture is written as, by extension.
    public enum Format: String, CaseIterable, Sendable {
        case png, svg, pdf
    }

    /// Writes the picture to `path` in `format`, through a temporary file renamed into place.
    public func write(to path: String, as format: Format) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        let status: cairo_status_t
        switch format {
        case .png:
            status = try rasterized { cairo_surface_write_to_png($0, temporary.path) }
        case .svg:
            // Sized in the device's pixels, as the PNG is, so that a browser shows both alike.
            guard let svg = cairo_svg_surface_create(temporary.path, width * scale, height * scale) else {
                throw RenderError("Cairo could not write SVG")
            }
            cairo_svg_surface_set_document_unit(svg, CAIRO_SVG_UNIT_PX)
            replay(into: svg, scale: scale)
            cairo_surface_finish(svg)
            status = cairo_surface_status(svg)
            cairo_surface_destroy(svg)
        case .pdf:
            guard let pdf = cairo_pdf_surface_create(temporary.path, width, height) else {
                throw RenderError("Cairo could not write PDF")
            }
            // The same picture, the same bytes: no date in the file.
            cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATE_DATE, "")
            cairo_pdf_surface_set_metadata(pdf, CAIRO_PDF_METADATA_CREATOR, "Rebound")
            replay(into: pdf, scale: 1)
            cairo_surface_finish(pdf)
            status = cairo_surface_status(pdf)
            cairo_surface_destroy(pdf)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cannot write \(path): \(String(cString: cairo_status_to_string(status)))")
        }
        guard rename(temporary.path, url.path) == 0 else {
            throw RenderError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Replays the picture into an image at the device's scale and hands it to `body` (a
    /// `cairo_surface_t *`, valid during the call).
    public func rasterized<Result>(_ body: (OpaquePointer) throws -> Result) throws -> Result {
        let (pixelWidth, pixelHeight) = (Int32((width * scale).rounded()), Int32((height * scale).rounded()))
        guard let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelWidth, pixelHeight) else {
            throw RenderError("Cairo could not make a \(pixelWidth)x\(pixelHeight) image")
        }
        defer { cairo_surface_destroy(image) }
        replay(into: image, scale: scale)
        return try body(image)
    }

    private func replay(into target: OpaquePointer, scale: Double) {
        guard let cairo = cairo_create(target) else { return }
        cairo_scale(cairo, scale, scale)
        cairo_set_source_surface(cairo, surface, 0, 0)
        cairo_paint(cairo)
        cairo_destroy(cairo)
    }
}

/// Why a picture could not be made or written.
public struct RenderError: UserFacingError {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
