import Foundation
import ObjectBridge

/// NSAttributedString's UIKit drawing and measuring (`NSStringDrawing`): outside a view, text
/// without a font is in Helvetica at 12 points, and without a colour in black.
extension AttributedText {
    static func drawingDefaults(_ environment: UIEnvironment) -> RichTextLayout.Defaults {
        let font = Font.named("Helvetica", size: 12, text: environment.text) ?? Font.system(12, text: environment.text)
        return RichTextLayout.Defaults(font: font, color: Color(white: 0, alpha: 1), linkColor: Color.link)
    }

    /// `boundingRectWithSize:options:context:`: with NSStringDrawingUsesLineFragmentOrigin, the
    /// text wrapped at the width (0: not wrapped) and cut to the lines the height holds (0:
    /// all), from the origin; without it, one line, from its baseline. Sizes are not rounded.
    func boundingRect(in size: CGSize, options: Int, _ environment: UIEnvironment) -> CGRect {
        let fromLineFragments = options & 1 != 0
        let question = RichTextLayout.Question(
            width: fromLineFragments && size.width > 0 ? size.width : nil,
            height: fromLineFragments && size.height > 0 ? size.height : nil, maxLines: fromLineFragments ? 0 : 1,
            defaults: Self.drawingDefaults(environment), style: UserInterfaceStyle.current)
        let layout = RichTextLayout.cached(self, question, engine: environment.text)
        guard !fromLineFragments else { return CGRect(origin: .zero, size: layout.size) }
        let ascent = (typingFont(at: 0) ?? question.defaults.font).ascender
        return CGRect(x: 0, y: -ascent, width: layout.size.width, height: layout.size.height)
    }

    /// Draws the text in the current context: on one line from `point`, or wrapped in a box
    /// `box` big and clipped to it.
    func draw(at point: CGPoint, in box: CGSize?, _ environment: UIEnvironment) {
        guard let context = environment.graphics.top else { return }
        let question = RichTextLayout.Question(
            width: box.map { Double($0.width) }, height: box.map { Double($0.height) }, maxLines: 0,
            defaults: Self.drawingDefaults(environment), style: UserInterfaceStyle.current)
        let layout = RichTextLayout.cached(self, question, engine: environment.text)
        guard let box else { return context.record(.richText(layout, origin: point)) }
        var clip = DrawingPath()
        clip.addRect(CGRect(origin: point, size: box))
        let commands: [DrawingCommand] = [
            .save, .clip(clip, evenOdd: false), .richText(layout, origin: point), .restore,
        ]
        for command in commands {
            context.record(command)
        }
    }
}
