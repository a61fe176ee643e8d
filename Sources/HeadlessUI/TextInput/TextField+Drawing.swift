import Foundation
import ObjectBridge

/// Where a text field's parts go and how they are drawn: its border, its text (or its
/// placeholder in UIKit's placeholder grey, or dots for secure entry), the clear button and,
/// while it edits, the caret after the text. The numbers are in docs/uikit-metrics.md.
extension TextField {
    /// How far the text sits in from the sides for each border style.
    var horizontalInset: Double { [0, 2, 2, 7][min(max(borderStyle, 0), 3)] }
    static let clearButtonSize = 19.0
    static let caretWidth = 2.0
    /// A rounded rect's hairline edge, in each appearance.
    static var roundedEdge: Color { Color(light: Color(white: 0.8, alpha: 1), dark: Color(rgb: 58, 58, 60)) }

    /// Above and below the line of text, together: a rounded rect is 34 points tall with the
    /// 17-point body font.
    var verticalPadding: Double { [0, 4, 4, 13][min(max(borderStyle, 0), 3)] }

    var leftViewRect: CGRect? {
        guard let view = leftView, shows(leftViewMode) else { return nil }
        let size = view.frame.size
        return CGRect(x: 0, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
    }

    var rightViewRect: CGRect? {
        guard let view = rightView, shows(rightViewMode) else { return nil }
        let size = view.frame.size
        return CGRect(
            x: bounds.width - size.width, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
    }

    /// The clear button, while its mode shows it and there is text to clear.
    var clearButtonRect: CGRect? {
        guard !text.isEmpty, shows(clearButtonMode) else { return nil }
        let right = rightViewRect?.minX ?? bounds.width
        let size = Self.clearButtonSize
        return CGRect(x: right - size - 6, y: (bounds.height - size) / 2, width: size, height: size)
    }

    /// Where the text goes: inside the border, between the side views and the clear button.
    var textRect: CGRect {
        let left = max(leftViewRect?.maxX ?? 0, horizontalInset)
        let right = min(clearButtonRect?.minX ?? rightViewRect?.minX ?? bounds.width, bounds.width - horizontalInset)
        return CGRect(x: left, y: 0, width: max(0, right - left), height: bounds.height)
    }

    /// Puts the side views where their modes say, hiding those that do not show now.
    func placeSideViews() {
        for (view, rect) in [(leftView, leftViewRect), (rightView, rightViewRect)] {
            guard let view else { continue }
            view.isHidden = rect == nil
            if let rect { view.frame = rect }
        }
    }

    /// What shows: the text (as dots for secure entry) or, with no text, the placeholder.
    private var shown: (text: String, color: Color)? {
        if !text.isEmpty {
            let characters = isSecureTextEntry ? String(repeating: "\u{2022}", count: text.count) : text
            return (characters, textColor ?? Color.label)
        }
        guard let placeholder, !placeholder.isEmpty else { return nil }
        return (placeholder, placeholderColor ?? Color.tertiaryLabel)
    }

    /// The font the text is drawn in: with `adjustsFontSizeToFitWidth`, made smaller until the
    /// text fits, though not below `minimumFontSize`.
    private func drawnFont(for text: String, in width: Double) -> Font {
        let font = effectiveFont
        guard adjustsFontSizeToFitWidth, !isEditing else { return font }
        let needed = engine.measure(text, face: font.face, size: font.pointSize).size.width
        guard needed > width, needed > 0 else { return font }
        let fitting = (font.pointSize * width / needed).rounded(.down)
        return font.withSize(max(fitting, minimumFontSize, 1))
    }

    /// The text's (or placeholder's) size with the border's padding and the side views.
    var fieldIntrinsicSize: CGSize {
        let font = effectiveFont
        let sample = text.isEmpty ? (placeholder ?? "") : text
        let width = engine.measure(sample, face: font.face, size: font.pointSize).size.width
        let sides = (leftView?.frame.width ?? 0) + (rightView?.frame.width ?? 0)
        return CGSize(
            width: (width + 2 * horizontalInset + sides).rounded(.up),
            height: font.lineHeight.rounded(.up) + verticalPadding)
    }

    var fieldDrawing: Drawing {
        let size = bounds.size
        return Drawing(size: size) { drawing in
            drawBorder(size, &drawing)
            let rect = textRect
            var caretX = textX(width: 0, in: rect)
            let font = effectiveFont
            if let layout = fieldLayout(in: rect) {
                let width = layout.size.width
                let x = width > rect.width ? rect.maxX - width - Self.caretWidth : textX(width: width, in: rect)
                var clip = DrawingPath()
                clip.addRect(rect)
                drawing.commands += [
                    .save, .clip(clip, evenOdd: false),
                    .richText(layout, origin: CGPoint(x: x, y: (size.height - layout.size.height) / 2)),
                    .restore,
                ]
                caretX = min(x + width, rect.maxX - Self.caretWidth)
            } else if let (string, color) = shown {
                let drawn = drawnFont(for: string, in: rect.width)
                let width = engine.measure(string, face: drawn.face, size: drawn.pointSize).size.width
                let lineHeight = drawn.lineHeight
                let top = (size.height - lineHeight) / 2
                var clip = DrawingPath()
                clip.addRect(rect)
                drawing.commands += [.save, .clip(clip, evenOdd: false)]
                if width > rect.width && !isEditing {
                    drawing.commands.append(
                        .text(
                            DrawnText(
                                text: string, origin: CGPoint(x: rect.minX, y: top), width: rect.width,
                                height: lineHeight, face: drawn.face, size: drawn.pointSize,
                                color: DrawingColor(color), alignment: 0, wrap: .characters, truncation: .tail)))
                } else {
                    // While editing, text wider than the field shows its end, where the caret is.
                    let x = width > rect.width ? rect.maxX - width - Self.caretWidth : textX(width: width, in: rect)
                    drawing.commands.append(
                        .text(
                            DrawnText(
                                text: string, origin: CGPoint(x: x, y: top), width: nil, height: nil,
                                face: drawn.face, size: drawn.pointSize, color: DrawingColor(color), alignment: 0,
                                wrap: .words, truncation: .none)))
                    if !text.isEmpty { caretX = x + width }
                }
                drawing.commands.append(.restore)
            }
            if let clear = clearButtonRect { drawClearButton(in: clear, &drawing) }
            if isEditing {
                let height = (font.lineHeight + 2).rounded()
                drawing.fill(
                    CGRect(x: caretX, y: (size.height - height) / 2, width: Self.caretWidth, height: height),
                    tintColor)
            }
        }
    }

    /// The attributed text on one line: cut at the end of `rect` unless editing, when the end
    /// shows. Nil for plain or secure text.
    private func fieldLayout(in rect: CGRect) -> RichTextLayout? {
        func layout(width: Double?) -> RichTextLayout? {
            richLayout(
                width: width, maxLines: 1, font: effectiveFont, color: textColor ?? Color.label, alignment: 0,
                tint: tintColor)
        }
        guard !isSecureTextEntry, let full = layout(width: nil) else { return nil }
        guard full.size.width > rect.width, !isEditing else { return full }
        return layout(width: rect.width) ?? full
    }

    /// Where a line `width` wide starts in `rect` for the field's alignment (natural is left).
    private func textX(width: Double, in rect: CGRect) -> Double {
        switch textAlignment {
        case 1: rect.minX + (rect.width - width) / 2
        case 2: rect.maxX - width
        default: rect.minX
        }
    }

    private func drawBorder(_ size: CGSize, _ drawing: inout Drawing) {
        let whole = CGRect(origin: .zero, size: size)
        switch borderStyle {
        case 1:
            var path = DrawingPath()
            path.addRect(whole.insetBy(dx: 0.5, dy: 0.5))
            drawing.stroke(path, Color.label, width: 1)
        case 2:
            var path = DrawingPath()
            path.addRect(whole.insetBy(dx: 0.5, dy: 0.5))
            drawing.stroke(path, Color(white: 0.6, alpha: 1), width: 1)
            drawing.fill(CGRect(x: 0, y: 0, width: size.width, height: 1), Color(white: 0.35, alpha: 1))
        case 3:
            var fill = DrawingPath()
            fill.addRoundedRect(whole, radius: 5)
            if backgroundColor == nil { drawing.fill(fill, Color.systemBackground) }
            var edge = DrawingPath()
            edge.addRoundedRect(whole.insetBy(dx: 0.25, dy: 0.25), radius: 5)
            drawing.commands += [
                .save, .strokeColor(DrawingColor(Self.roundedEdge)), .lineWidth(0.5), .stroke(edge),
                .restore,
            ]
        default:
            break
        }
    }

    /// UIKit's clear button: a disc in the placeholder's grey with a cross cut out of it.
    private func drawClearButton(in rect: CGRect, _ drawing: inout Drawing) {
        var disc = DrawingPath()
        disc.addEllipse(in: rect.insetBy(dx: 2, dy: 2))
        drawing.fill(disc, Color.tertiaryLabel)
        let arm = rect.width * 0.16
        var cross = DrawingPath()
        cross.move(to: CGPoint(x: rect.midX - arm, y: rect.midY - arm))
        cross.line(to: CGPoint(x: rect.midX + arm, y: rect.midY + arm))
        cross.move(to: CGPoint(x: rect.midX + arm, y: rect.midY - arm))
        cross.line(to: CGPoint(x: rect.midX - arm, y: rect.midY + arm))
        drawing.stroke(cross, Color.systemBackground, width: 1.5)
    }
}
