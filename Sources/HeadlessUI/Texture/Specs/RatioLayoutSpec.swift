import Foundation
import ObjectBridge

/// `ASRatioLayoutSpec`: its child at a fixed height / width ratio, as large as the range's
/// finite maximum allows; without a finite maximum the child keeps its own size.
public final class RatioLayoutSpec: LayoutSpec {
    /// Height divided by width; strictly positive.
    public var ratio = 1.0

    public override class var textureName: String { "ASRatioLayoutSpec" }

    public override var asciiArtTitle: AsciiArtTitle {
        var title = super.asciiArtTitle
        title.ratio = ratio
        return title
    }

    public override func calculateLayout(fitting range: SizeRange, in pass: LayoutPass) throws -> NodeLayout {
        let child = try requiredChild()
        guard ratio > 0, ratio.isFinite else {
            throw ScriptValueError("\(asciiArtName): ratio must be a positive number, got \(ratio)")
        }
        var options: [CGSize] = []
        if range.max.width.isFinite {
            options.append(
                range.clamp(CGSize(width: range.max.width, height: pass.floorPixel(ratio * range.max.width))))
        }
        if range.max.height.isFinite {
            options.append(
                range.clamp(CGSize(width: pass.floorPixel(range.max.height / ratio), height: range.max.height)))
        }
        // The option nearest the ratio; the first of equals, as Texture's max_element keeps.
        let best = options.reduce(nil as CGSize?) { best, option in
            guard let best else { return option }
            return distance(option) < distance(best) ? option : best
        }
        let sublayout: NodeLayout
        if let best {
            sublayout = try child.layout(
                fitting: range.intersection(SizeRange(exactly: best)), parentSize: best, in: pass)
        } else {
            sublayout = try child.layout(fitting: range, parentSize: CGSize(width: Double.nan, height: .nan), in: pass)
        }
        sublayout.position = .zero
        return NodeLayout(element: self, size: sublayout.size, sublayouts: [sublayout])
    }

    private func distance(_ size: CGSize) -> Double { abs(size.height / size.width - ratio) }
}
