import Foundation
import Testing

@testable import HeadlessUI

/// The single-purpose specs against cases worked by hand from Texture's headers.
@Suite struct LayoutSpecTests {
    private func inset(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double, _ child: Box)
        -> InsetLayoutSpec
    {
        let spec = InsetLayoutSpec()
        spec.insets = UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
        spec.child = child
        return spec
    }

    @Test func insetsNarrowTheChildsRangeAndOffsetIt() throws {
        let layout = try inset(10, 20, 30, 40, Box(50, 50)).laidOut(.upTo(200, 200))
        #expect(layout.childFrames == [rect(20, 10, 50, 50)])
        #expect(layout.size == CGSize(width: 110, height: 90))
        let filling = try inset(10, 20, 30, 40, Box(50, 50)).laidOut(.exactly(200, 200))
        #expect(filling.childFrames == [rect(20, 10, 140, 160)])
    }

    @Test func anInfiniteInsetKeepsTheChildsLengthAndPlacesItFromTheOtherSide() throws {
        let right = try inset(0, Double.infinity, 0, 10, Box(50, 20)).laidOut(.exactly(200, 20))
        #expect(right.childFrames == [rect(140, 0, 50, 20)])
        #expect(right.size == CGSize(width: 200, height: 20))
        let centred = try inset(0, Double.infinity, 0, Double.infinity, Box(50, 20)).laidOut(.exactly(200, 20))
        #expect(centred.childFrames == [rect(75, 0, 50, 20)])
    }

    private func ratio(_ value: Double, _ child: Box) -> RatioLayoutSpec {
        let spec = RatioLayoutSpec()
        (spec.ratio, spec.child) = (value, child)
        return spec
    }

    @Test func ratioSizesTheChildFromTheFiniteMaximum() throws {
        let wide = try ratio(0.5, Box(10, 10)).laidOut(
            SizeRange(min: .zero, max: CGSize(width: 200, height: Double.infinity)))
        #expect(wide.size == CGSize(width: 200, height: 100))
        #expect(wide.childFrames == [rect(0, 0, 200, 100)])
        // 2:1 in 100 x 100: 100 wide would be 200 tall (clamped to 100: ratio 1); 50 wide is exact.
        let tall = try ratio(2, Box(10, 10)).laidOut(.upTo(100, 100))
        #expect(tall.size == CGSize(width: 50, height: 100))
        let free = try ratio(2, Box(10, 30)).laidOut(.unconstrained)
        #expect(free.size == CGSize(width: 10, height: 30))
        #expect(throws: (any Error).self) { try ratio(0, Box(1, 1)).laidOut(.upTo(10, 10)) }
    }

    @Test func overlayAndBackgroundTakeTheChildsSize() throws {
        let overlay = OverlayLayoutSpec()
        let (content, cover) = (Box(80, 40), Box(5, 5))
        (overlay.child, overlay.overlay) = (content, cover)
        let over = try overlay.laidOut(.upTo(200, 200))
        #expect(over.size == CGSize(width: 80, height: 40))
        #expect(over.sublayouts.map { $0.element === cover } == [false, true])
        #expect(over.childFrames == [rect(0, 0, 80, 40), rect(0, 0, 80, 40)])
        let background = BackgroundLayoutSpec()
        let behind = Box(1, 1)
        (background.child, background.background) = (content, behind)
        let under = try background.laidOut(.upTo(200, 200))
        #expect(under.sublayouts.map { $0.element === behind } == [true, false])
        #expect(under.childFrames == [rect(0, 0, 80, 40), rect(0, 0, 80, 40)])
    }

    private func center(_ centering: CenterLayoutSpec.CenteringOptions, _ sizing: RelativeLayoutSpec.SizingOptions = [])
        -> CenterLayoutSpec
    {
        let spec = CenterLayoutSpec()
        (spec.centeringOptions, spec.sizingOptions, spec.child) = (centering, sizing, Box(50, 20))
        return spec
    }

    @Test func centerCentresOnTheNamedAxesAndSizesByItsOptions() throws {
        let both = try center([.x, .y]).laidOut(.upTo(200, 100))
        #expect(both.size == CGSize(width: 200, height: 100))
        #expect(both.childFrames == [rect(75, 40, 50, 20)])
        let shrunk = try center([.x, .y], [.minimumWidth, .minimumHeight]).laidOut(.upTo(200, 100))
        #expect(shrunk.size == CGSize(width: 50, height: 20))
        #expect(shrunk.childFrames == [rect(0, 0, 50, 20)])
        let across = try center(.x, .minimumHeight).laidOut(.upTo(200, 100))
        #expect(across.childFrames == [rect(75, 0, 50, 20)])
        #expect(across.size == CGSize(width: 200, height: 20))
    }

    @Test func relativePlacesTheChildAtTheStartCentreOrEnd() throws {
        let spec = RelativeLayoutSpec()
        (spec.horizontalPosition, spec.verticalPosition, spec.child) = (.end, .end, Box(50, 20))
        #expect(try spec.laidOut(.upTo(200, 100)).childFrames == [rect(150, 80, 50, 20)])
        spec.horizontalPosition = .center
        spec.verticalPosition = .start
        #expect(try spec.laidOut(.upTo(200, 100)).childFrames == [rect(75, 0, 50, 20)])
    }

    @Test func absolutePlacesChildrenAtTheirPositions() throws {
        let child = Box(30, 30)
        child.style.layoutPosition = CGPoint(x: 10, y: 20)
        let spec = AbsoluteLayoutSpec()
        spec.children = [child]
        #expect(try spec.laidOut(.upTo(100, 100)).size == CGSize(width: 100, height: 100))
        #expect(try spec.laidOut(.upTo(100, 100)).childFrames == [rect(10, 20, 30, 30)])
        spec.sizing = .sizeToFit
        #expect(try spec.laidOut(.upTo(100, 100)).size == CGSize(width: 40, height: 50))
    }

    @Test func cornerCentresTheBadgeOnTheCorner() throws {
        let spec = CornerLayoutSpec()
        (spec.child, spec.corner, spec.location) = (Box(100, 100), Box(20, 20), .topRight)
        let layout = try spec.laidOut(.upTo(300, 300))
        #expect(layout.childFrames == [rect(0, 0, 100, 100), rect(90, -10, 20, 20)])
        #expect(layout.size == CGSize(width: 100, height: 100))
        spec.wrapsCorner = true
        let wrapped = try spec.laidOut(.upTo(300, 300))
        #expect(wrapped.childFrames == [rect(0, 10, 100, 100), rect(90, 0, 20, 20)])
        #expect(wrapped.size == CGSize(width: 110, height: 110))
    }

    @Test func wrapperTakesItsLargestChild() throws {
        let spec = WrapperLayoutSpec()
        spec.children = [Box(30, 40), Box(50, 10)]
        #expect(try spec.laidOut(.upTo(100, 100)).size == CGSize(width: 50, height: 40))
    }

    @Test func styleSizesResolveAsCSSDoes() {
        let style = LayoutElementStyle()
        style.width = .points(100)
        style.minWidth = .points(150)
        #expect(style.range(parentSize: .zero).min.width == 150)
        style.minWidth = .auto
        style.maxWidth = .points(80)
        #expect(style.range(parentSize: .zero).max.width == 80)
        style.maxWidth = .auto
        style.width = .fraction(0.5)
        let resolved = style.range(parentSize: CGSize(width: 300, height: Double.nan))
        #expect((resolved.min.width, resolved.max.width) == (150, 150))
        #expect(style.range(parentSize: CGSize(width: Double.nan, height: .nan)).max.width == .infinity)
    }

    @Test func sizeRangesIntersectOrTheFirstWins() {
        let low = SizeRange.upTo(50, 50)
        let high = SizeRange(min: CGSize(width: 100, height: 0), max: CGSize(width: 200, height: 20))
        let both = low.intersection(high)
        #expect(both.min == CGSize(width: 50, height: 0))
        #expect(both.max == CGSize(width: 50, height: 20))
        #expect(SizeRange.exactly(3, 4).description == "{{3, 4}}")
    }

    @Test func aSizeThatIsNotFiniteIsAnErrorNamingTheElement() throws {
        let error = #expect(throws: (any Error).self) {
            try Box(Double.infinity, 10, name: "PhotoNode").laidOut(.unconstrained)
        }
        #expect("\(error.map { "\($0)" } ?? "")".contains("PhotoNode"))
    }

    @Test func asciiArtDrawsBoxesAsTexturePrintsThem() {
        let vertical = stack(.vertical, [Box(1, 1, name: "ASTextNode"), Box(1, 1, name: "ASTextNode")])
        #expect(
            vertical.asciiArtString == """
                -----ASStackLayoutSpec-----
                |        ASTextNode       |
                |        ASTextNode       |
                ---------------------------
                """)
        let horizontal = stack(.horizontal, [Box(1, 1, name: "ASTextNode"), Box(1, 1, name: "ASTextNode")])
        #expect(
            horizontal.asciiArtString == """
                ------ASStackLayoutSpec-----
                |  ASTextNode  ASTextNode  |
                ----------------------------
                """)
        let ratio = ratio(1.5, Box(1, 1, name: "ASImageNode"))
        ratio.debugName = "photo"
        #expect(ratio.asciiArtName == "ASRatioLayoutSpec (photo) (1.5)")
    }
}
