import Foundation

/// How the keyboard's height divides on a device: the suggestion bar on top, the keys (the
/// same on every phone: 216 points upright, 162 in landscape), and below them, on a phone
/// without a home button, the strip that holds the globe and dictation keys.
struct KeyboardMetrics: Equatable {
    let suggestionBar: Double
    let keys: Double
    let bottomStrip: Double

    var height: Double { suggestionBar + keys + bottomStrip }

    /// See docs/uikit-metrics.md for where each number comes from.
    init(profile: DeviceProfile) {
        let landscape = profile.orientation.isLandscape
        if profile.isPad {
            (suggestionBar, keys, bottomStrip) = landscape ? (46, 352, 0) : (49, 264, 0)
        } else {
            suggestionBar = landscape ? 32 : 44
            keys = landscape ? 162 : 216
            bottomStrip = profile.homeIndicatorHeight > 0 ? (landscape ? 15 : 75) : 0
        }
    }
}

/// The keyboard as pictures show it: UIKit's light keyboard background with rows of key caps
/// (letters white, the shift, delete, number and return keys grey). No key is labelled; the
/// panel shows where the keyboard is and what it covers.
final class KeyboardPanel: View {
    var metrics: KeyboardMetrics

    init(metrics: KeyboardMetrics) {
        self.metrics = metrics
        super.init()
    }

    static var background: Color { Color(rgb: 209, 211, 217) }
    static var letterKey: Color { Color(rgb: 255, 255, 255) }
    static var functionKey: Color { Color(rgb: 171, 177, 186) }

    override var backdrop: Drawing? {
        let size = bounds.size
        let pitch = metrics.keys / 4
        let keyHeight = (pitch * 0.78).rounded()
        let gap = 6.0
        let unit = (size.width - gap * 11) / 10
        func top(_ row: Int) -> Double { metrics.suggestionBar + Double(row) * pitch + (pitch - keyHeight) / 2 }
        /// `count` keys of `width` centred on the row.
        func centred(_ count: Int, _ width: Double, row: Int) -> [CGRect] {
            let total = Double(count) * width + Double(count - 1) * gap
            return (0..<count).map {
                CGRect(
                    x: (size.width - total) / 2 + Double($0) * (width + gap), y: top(row), width: width,
                    height: keyHeight)
            }
        }
        let wide = unit * 1.3
        let letters =
            centred(10, unit, row: 0) + centred(9, unit, row: 1) + centred(7, unit, row: 2)
            + [CGRect(x: gap * 2 + unit * 2.5, y: top(3), width: size.width - gap * 4 - unit * 5, height: keyHeight)]
        let functions = [
            CGRect(x: gap, y: top(2), width: wide, height: keyHeight),
            CGRect(x: size.width - gap - wide, y: top(2), width: wide, height: keyHeight),
            CGRect(x: gap, y: top(3), width: unit * 2.5, height: keyHeight),
            CGRect(x: size.width - gap - unit * 2.5, y: top(3), width: unit * 2.5, height: keyHeight),
        ]
        return Drawing(size: size) { drawing in
            drawing.fill(CGRect(origin: .zero, size: size), Self.background)
            for (keys, color) in [(letters, Self.letterKey), (functions, Self.functionKey)] {
                for key in keys {
                    var path = DrawingPath()
                    path.addRoundedRect(key, radius: 5)
                    drawing.fill(path, color, shadow: (CGSize(width: 0, height: 1), 0, 0.3))
                }
            }
        }
    }
}
