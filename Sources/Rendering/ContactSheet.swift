import CCairo
import Foundation
import HeadlessUI

/// A sweep's pictures on one sheet (`rebound render --sweep`): each setting's screens side by
/// side, one per device, settings several to a line when there are many, each screen scaled
/// to fit a cell (never up) under a label of its setting and device, wrapped at the screen's
/// width, so that a layout experiment's answer shows at a glance.
public enum ContactSheet {
    /// One screen on the sheet.
    public struct Cell {
        public let label: String
        public let picture: Picture

        public init(label: String, picture: Picture) {
            (self.label, self.picture) = (label, picture)
        }
    }

    /// How tall a screen is drawn at most, in the sheet's pixels.
    static let screenHeight = 480.0
    static let margin = 16.0
    /// The least height of the labels' band; a label that wraps makes its line's band taller.
    static let labelHeight = 22.0
    static let labelSize = 13.0

    /// Draws `settings` (each a setting's screens, one per device) and writes the sheet as a
    /// PNG. The settings are laid out several to a line when there are many, so that the sheet
    /// stays about as wide as it is tall.
    public static func write(_ settings: [[Cell]], to path: String, text: TextEngine) throws {
        let devices = settings.map(\.count).max() ?? 0
        guard !settings.isEmpty, devices > 0 else { throw RenderError("a contact sheet needs at least one picture") }
        // Every device's column as wide as its widest screen, scaled.
        var widths = [Double](repeating: 0, count: devices)
        for setting in settings {
            for (column, cell) in setting.enumerated() { widths[column] = max(widths[column], size(of: cell).width) }
        }
        let groupWidth = widths.reduce(0, +) + Double(devices) * margin
        let face = Font.systemFaceDescription(size: labelSize)
        let captions = settings.flatMap { $0 }.map {
            text.measure($0.label, face: face, size: labelSize, width: size(of: $0).width, wrap: .wordsThenCharacters)
                .size.height
        }
        let labelBand = max(labelHeight, (captions.max() ?? 0) + 6)
        let rowHeight = labelBand + screenHeight + margin
        let perLine = max(
            1, min(settings.count, Int((Double(settings.count) * rowHeight / groupWidth).squareRoot().rounded())))
        let lines = (settings.count + perLine - 1) / perLine
        let width = (margin + Double(perLine) * groupWidth).rounded(.up)
        let height = (Double(lines) * rowHeight + margin).rounded(.up)
        guard width * height <= Double(Picture.maximumPixels), width <= Double(Picture.maximumSide),
            height <= Double(Picture.maximumSide)
        else {
            throw RenderError(
                "a contact sheet of \(settings.count) settings of \(devices) screens would be "
                    + "\(Int(width))x\(Int(height)) pixels, over the limit of \(Picture.maximumSide) a side and "
                    + "\(Picture.maximumPixels) in all; sweep fewer settings")
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw RenderError("Cairo could not make a \(Int(width))x\(Int(height)) image")
        }
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { throw RenderError("Cairo could not draw") }
        cairo_set_source_rgb(cairo, 0.93, 0.93, 0.94)
        cairo_paint(cairo)
        for (index, setting) in settings.enumerated() {
            var x = margin + Double(index % perLine) * groupWidth
            let top = margin + Double(index / perLine) * rowHeight
            for (column, cell) in setting.enumerated() {
                draw(cell, at: CGPoint(x: x, y: top), labelBand: labelBand, text: text, face: face, cairo)
                x += widths[column] + margin
            }
        }
        let status = cairo_status(cairo)
        cairo_destroy(cairo)
        guard status == CAIRO_STATUS_SUCCESS, cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cannot write \(path)")
        }
    }

    /// A screen's size on the sheet: its points, scaled down to the cell's height.
    private static func size(of cell: Cell) -> CGSize {
        let scale = min(1, screenHeight / cell.picture.height)
        return CGSize(width: cell.picture.width * scale, height: cell.picture.height * scale)
    }

    private static func draw(
        _ cell: Cell, at origin: CGPoint, labelBand: Double, text: TextEngine, face: String, _ cairo: OpaquePointer
    ) {
        let size = size(of: cell)
        cairo_save(cairo)
        cairo_set_source_rgb(cairo, 0.2, 0.2, 0.22)
        cairo_translate(cairo, origin.x, origin.y + 3)
        text.draw(
            cell.label, face: face, size: labelSize, width: size.width, wrap: .wordsThenCharacters, maxLines: 0,
            alignment: 0, truncation: .none, into: cairo)
        cairo_restore(cairo)
        let top = origin.y + labelBand
        cairo_save(cairo)
        cairo_translate(cairo, origin.x, top)
        cairo_rectangle(cairo, 0, 0, size.width, size.height)
        cairo_clip(cairo)
        cairo_scale(cairo, size.width / cell.picture.width, size.height / cell.picture.height)
        cairo_set_source_surface(cairo, cell.picture.surface, 0, 0)
        cairo_paint(cairo)
        cairo_restore(cairo)
        cairo_set_source_rgba(cairo, 0, 0, 0, 0.25)
        cairo_set_line_width(cairo, 1)
        cairo_rectangle(cairo, origin.x - 0.5, top - 0.5, size.width + 1, size.height + 1)
        cairo_stroke(cairo)
    }
}
