import Foundation

/// The small pictures UIKit draws for its controls, as paths: chevrons, the checkmark, the
/// circled "i" and "+". Sizes are UIKit's in points (its images are not published; these follow
/// screenshots at @2x and @3x).
enum Glyphs {
    /// A navigation bar's back chevron: 13 x 21 at the left of `rect`, centred vertically.
    static func backChevron(in rect: CGRect) -> DrawingPath {
        let top = rect.midY - 10.5
        var path = DrawingPath()
        path.move(to: CGPoint(x: rect.minX + 11.5, y: top + 1.5))
        path.line(to: CGPoint(x: rect.minX + 1.5, y: top + 10.5))
        path.line(to: CGPoint(x: rect.minX + 11.5, y: top + 19.5))
        return path
    }

    /// A table cell's disclosure indicator: 8 x 13, centred in `rect`.
    static func disclosureChevron(in rect: CGRect) -> DrawingPath {
        let (x, y) = (rect.midX - 4, rect.midY - 6.5)
        var path = DrawingPath()
        path.move(to: CGPoint(x: x + 1, y: y + 1))
        path.line(to: CGPoint(x: x + 7, y: y + 6.5))
        path.line(to: CGPoint(x: x + 1, y: y + 12))
        return path
    }

    /// A table cell's checkmark: 14 x 11, centred in `rect`.
    static func checkmark(in rect: CGRect) -> DrawingPath {
        let (x, y) = (rect.midX - 7, rect.midY - 5.5)
        var path = DrawingPath()
        path.move(to: CGPoint(x: x + 1, y: y + 6))
        path.line(to: CGPoint(x: x + 5, y: y + 10))
        path.line(to: CGPoint(x: x + 13, y: y + 1))
        return path
    }

    /// An editing row's control: a red circle with a bar (delete) or a green one with a plus
    /// (insert), 22 points across, centred in `rect`, in `color` when given.
    static func editingCircle(in rect: CGRect, insert: Bool, _ color: Color?, _ drawing: inout Drawing) {
        let center = CGPoint(x: rect.midX, y: rect.midY)
        var circle = DrawingPath()
        circle.addEllipse(in: CGRect(x: center.x - 11, y: center.y - 11, width: 22, height: 22))
        drawing.fill(circle, color ?? (insert ? Color.systemGreen : Color.systemRed))
        let white = Color(white: 1, alpha: 1)
        drawing.fill(CGRect(x: center.x - 6, y: center.y - 1, width: 12, height: 2), white)
        if insert { drawing.fill(CGRect(x: center.x - 1, y: center.y - 6, width: 2, height: 12), white) }
    }

    /// An outline's disclosure chevron, 12 points across, centred in `rect`: pointing to the
    /// trailing side, or down when its item is expanded.
    static func outlineChevron(in rect: CGRect, expanded: Bool) -> DrawingPath {
        let (x, y) = (rect.midX, rect.midY)
        var path = DrawingPath()
        if expanded {
            path.move(to: CGPoint(x: x - 6, y: y - 3))
            path.line(to: CGPoint(x: x, y: y + 3))
            path.line(to: CGPoint(x: x + 6, y: y - 3))
        } else {
            path.move(to: CGPoint(x: x - 3, y: y - 6))
            path.line(to: CGPoint(x: x + 3, y: y))
            path.line(to: CGPoint(x: x - 3, y: y + 6))
        }
        return path
    }

    /// The info and detail button's glyph: an "i" in a ring, 22 x 22, centred in `rect`.
    static func circledInfo(in rect: CGRect, _ color: Color, _ drawing: inout Drawing) {
        let center = CGPoint(x: rect.midX, y: rect.midY)
        drawing.stroke(ring(center), color, width: 1)
        var dot = DrawingPath()
        dot.addEllipse(in: CGRect(x: center.x - 1.25, y: center.y - 6, width: 2.5, height: 2.5))
        drawing.fill(dot, color)
        var stem = DrawingPath()
        stem.addRoundedRect(CGRect(x: center.x - 1, y: center.y - 2, width: 2, height: 8), radius: 1)
        drawing.fill(stem, color)
    }

    /// The contact add button's glyph: a "+" in a ring, 22 x 22, centred in `rect`.
    static func circledPlus(in rect: CGRect, _ color: Color, _ drawing: inout Drawing) {
        let center = CGPoint(x: rect.midX, y: rect.midY)
        drawing.stroke(ring(center), color, width: 1)
        var plus = DrawingPath()
        plus.move(to: CGPoint(x: center.x - 5, y: center.y))
        plus.line(to: CGPoint(x: center.x + 5, y: center.y))
        plus.move(to: CGPoint(x: center.x, y: center.y - 5))
        plus.line(to: CGPoint(x: center.x, y: center.y + 5))
        drawing.stroke(plus, color, width: 1.5)
    }

    /// A switch's or a slider's thumb: a disc under two shadows (a wide soft one and a close
    /// one) with a faint rim, as UIKit's knob layers draw it.
    static func knob(in rect: CGRect, _ color: Color, _ drawing: inout Drawing) {
        var disc = DrawingPath()
        disc.addEllipse(in: rect)
        drawing.fill(disc, color, shadow: (CGSize(width: 0, height: 3), 8, 0.15))
        drawing.fill(disc, color, shadow: (CGSize(width: 0, height: 3), 1, 0.16))
        drawing.stroke(disc, Color(white: 0, alpha: 0.04), width: 0.5)
    }

    /// The keyboard's shift arrow: an upward arrow 18 x 18, centred in `rect`.
    static func shiftArrow(in rect: CGRect) -> DrawingPath {
        let (x, y) = (rect.midX, rect.midY)
        var path = DrawingPath()
        for point in [(0.0, -9.0), (9, 0), (4, 0), (4, 8), (-4, 8), (-4, 0), (-9, 0)] {
            path.line(to: CGPoint(x: x + point.0, y: y + point.1))
        }
        path.close()
        return path
    }

    /// The keyboard's delete key: a tag pointing left, 24 x 17, with a cross in it, centred in
    /// `rect`.
    static func deleteKey(in rect: CGRect) -> DrawingPath {
        let (x, y) = (rect.midX, rect.midY)
        var path = DrawingPath()
        for point in [(-12.0, 0.0), (-5, -8.5), (12, -8.5), (12, 8.5), (-5, 8.5)] {
            path.line(to: CGPoint(x: x + point.0, y: y + point.1))
        }
        path.close()
        path.move(to: CGPoint(x: x - 1, y: y - 4))
        path.line(to: CGPoint(x: x + 7, y: y + 4))
        path.move(to: CGPoint(x: x + 7, y: y - 4))
        path.line(to: CGPoint(x: x - 1, y: y + 4))
        return path
    }

    private static func ring(_ center: CGPoint) -> DrawingPath {
        var ring = DrawingPath()
        ring.addEllipse(in: CGRect(x: center.x - 10.5, y: center.y - 10.5, width: 21, height: 21))
        return ring
    }
}
