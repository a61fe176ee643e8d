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

/// The keyboard as pictures show it: UIKit's light keyboard, its keys labelled. The letter
/// keys are white, upper case while autocapitalization has shift on; the shift, delete and
/// number keys are grey; the return key reads what the first responder's `returnKeyType` says,
/// blue for an action that finishes the text.
final class KeyboardPanel: View {
    var metrics: KeyboardMetrics
    private unowned let application: Application
    private unowned let engine: TextEngine

    init(metrics: KeyboardMetrics, application: Application, engine: TextEngine) {
        self.metrics = metrics
        self.application = application
        self.engine = engine
        super.init()
    }

    // Measured on screenshots of iOS's English keyboard; Apple publishes neither look.
    static var background: Color { Color(light: Color(rgb: 209, 211, 217), dark: Color(rgb: 43, 43, 43)) }
    static var letterKey: Color { Color(light: Color(rgb: 255, 255, 255), dark: Color(rgb: 107, 107, 107)) }
    static var functionKey: Color { Color(light: Color(rgb: 171, 177, 186), dark: Color(rgb: 70, 70, 70)) }
    static let letterRows = ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"]

    /// The keys' places: the letter rows, then shift, delete, the number key, the space bar and
    /// the return key.
    private struct Keys {
        var letters: [[CGRect]] = []
        var shift = CGRect.zero, delete = CGRect.zero, numbers = CGRect.zero, space = CGRect.zero
        var returnKey = CGRect.zero
    }

    private func keys(in size: CGSize) -> Keys {
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
        var keys = Keys()
        keys.letters = Self.letterRows.enumerated().map { row, letters in centred(letters.count, unit, row: row) }
        keys.shift = CGRect(x: gap, y: top(2), width: wide, height: keyHeight)
        keys.delete = CGRect(x: size.width - gap - wide, y: top(2), width: wide, height: keyHeight)
        keys.numbers = CGRect(x: gap, y: top(3), width: unit * 2.5, height: keyHeight)
        keys.space = CGRect(
            x: gap * 2 + unit * 2.5, y: top(3), width: size.width - gap * 4 - unit * 5, height: keyHeight)
        keys.returnKey = CGRect(x: size.width - gap - unit * 2.5, y: top(3), width: unit * 2.5, height: keyHeight)
        return keys
    }

    override var backdrop: Drawing? {
        let size = bounds.size
        let keys = keys(in: size)
        let input = application.firstResponder as? TextInput
        let traits = input?.traits ?? TextInputTraits()
        let shifted = traits.shiftsNextLetter(after: input?.text ?? "")
        let returnKey = traits.returnKey
        let label = Color.label
        let letterFont = Font.system(22, text: engine)
        let wordFont = Font.system(16, text: engine)
        // The keyboard's own appearance, when its traits ask for one, decides its colours.
        return UserInterfaceStyle.$current.withValue(traits.keyboardStyle(in: UserInterfaceStyle.current)) {
            Drawing(size: size) { drawing in
                drawing.fill(CGRect(origin: .zero, size: size), Self.background)
                for (row, letters) in zip(keys.letters, Self.letterRows) {
                    for (key, letter) in zip(row, letters) {
                        Self.cap(key, Self.letterKey, &drawing)
                        let text = shifted ? String(letter) : letter.lowercased()
                        drawing.write(text, letterFont, in: key, alignment: 1, label)
                    }
                }
                Self.cap(keys.shift, shifted ? Self.letterKey : Self.functionKey, &drawing)
                drawing.fill(Glyphs.shiftArrow(in: keys.shift), label)
                Self.cap(keys.delete, Self.functionKey, &drawing)
                drawing.stroke(Glyphs.deleteKey(in: keys.delete), label, width: 1.5)
                Self.cap(keys.numbers, Self.functionKey, &drawing)
                drawing.write("123", wordFont, in: keys.numbers, alignment: 1, label)
                Self.cap(keys.space, Self.letterKey, &drawing)
                drawing.write("space", wordFont, in: keys.space, alignment: 1, label)
                Self.cap(keys.returnKey, returnKey.isAction ? Color.systemBlue : Self.functionKey, &drawing)
                drawing.write(
                    returnKey.title, wordFont, in: keys.returnKey, alignment: 1,
                    returnKey.isAction ? Color(white: 1, alpha: 1) : label)
            }
        }
    }

    /// A key cap: a rounded key with the keyboard's shadow under it.
    private static func cap(_ key: CGRect, _ color: Color, _ drawing: inout Drawing) {
        var path = DrawingPath()
        path.addRoundedRect(key, radius: 5)
        drawing.fill(path, color, shadow: (CGSize(width: 0, height: 1), 0, 0.3))
    }
}
