import Foundation
import Testing

@testable import HeadlessUI

/// The stack's rules against cases worked by hand from `ASStackLayoutSpec.h`: a 300 x 100
/// stack of a 50 x 20 and a 70 x 30 child, 10 apart, leaves 170 points to share.
@Suite struct StackLayoutSpecTests {
    private func twoChildren(justify: StackJustifyContent = .start, align: StackAlignItems = .start)
        throws -> NodeLayout
    {
        try stack(spacing: 10, justify: justify, align: align, [Box(50, 20), Box(70, 30)]).laidOut(.exactly(300, 100))
    }

    @Test func justifyContentSharesTheSpareLengthAlongTheStack() throws {
        #expect(try twoChildren(justify: .start).childFrames.map(\.minX) == [0, 60])
        #expect(try twoChildren(justify: .center).childFrames.map(\.minX) == [85, 145])
        #expect(try twoChildren(justify: .end).childFrames.map(\.minX) == [170, 230])
        #expect(try twoChildren(justify: .spaceBetween).childFrames.map(\.minX) == [0, 230])
        // A quarter of 170 before the first, half between, a quarter after the last.
        #expect(try twoChildren(justify: .spaceAround).childFrames.map(\.minX) == [42.5, 187.5])
        #expect(try twoChildren().size == CGSize(width: 300, height: 100))
    }

    @Test func alignItemsPlacesChildrenAcrossTheStack() throws {
        #expect(try twoChildren(align: .start).childFrames.map(\.minY) == [0, 0])
        #expect(try twoChildren(align: .end).childFrames.map(\.minY) == [80, 70])
        #expect(try twoChildren(align: .center).childFrames.map(\.minY) == [40, 35])
        #expect(try twoChildren(align: .stretch).childFrames.map(\.height) == [100, 100])
    }

    @Test func alignSelfOverridesTheStacksAlignment() throws {
        let first = Box(50, 20)
        first.style.alignSelf = .end
        let layout = try stack(align: .center, [first, Box(70, 30)]).laidOut(.exactly(300, 100))
        #expect(layout.childFrames.map(\.minY) == [80, 35])
    }

    @Test func oneChildOrAnOverflowTurnsSpaceBetweenIntoStartAndSpaceAroundIntoCenter() throws {
        let alone = try stack(justify: .spaceBetween, [Box(50, 20)]).laidOut(.exactly(300, 100))
        #expect(alone.childFrames.map(\.minX) == [0])
        let around = try stack(justify: .spaceAround, [Box(50, 20)]).laidOut(.exactly(300, 100))
        #expect(around.childFrames.map(\.minX) == [125])
        // 80 + 60 in 100: 40 too long; centred, they overflow 20 on each side.
        let centred = try stack(justify: .center, [Box(80, 10), Box(60, 10)]).laidOut(.exactly(100, 10))
        #expect(centred.childFrames.map(\.minX) == [-20, 60])
        let between = try stack(justify: .spaceBetween, [Box(80, 10), Box(60, 10)]).laidOut(.exactly(100, 10))
        #expect(between.childFrames.map(\.minX) == [0, 80])
    }

    @Test func flexGrowSharesTheSpareLengthByFactorWithTheRemainderToTheFirst() throws {
        let (first, second) = (Box(50, 20), Box(70, 20))
        (first.style.flexGrow, second.style.flexGrow) = (1, 2)
        let layout = try stack(spacing: 10, [first, second]).laidOut(.exactly(300, 20))
        // 170 spare: floor(170 / 3) = 56 and floor(340 / 3) = 113; the point left goes first.
        #expect(layout.childFrames == [rect(0, 0, 107, 20), rect(117, 0, 183, 20)])
    }

    @Test func flexShrinkTakesTheExcessByFactorAsTheHeadersExampleDoes() throws {
        let (first, second) = (Box(80, 10), Box(60, 10))
        (first.style.flexShrink, second.style.flexShrink) = (1, 1)
        let equal = try stack([first, second]).laidOut(.upTo(100, 10))
        // 40 too long, shared equally between the two shrinkable children.
        #expect(equal.childFrames.map(\.width) == [60, 40])
        second.style.flexShrink = 3
        let weighted = try stack([first, second]).laidOut(.upTo(100, 10))
        #expect(weighted.childFrames.map(\.width) == [70, 30])
        #expect(weighted.size.width == 100)
    }

    @Test func childrenWithoutFlexKeepTheirLength() throws {
        let layout = try stack([Box(80, 10), Box(60, 10)]).laidOut(.upTo(100, 10))
        #expect(layout.childFrames.map(\.width) == [80, 60])
        #expect(layout.size.width == 100)
    }

    @Test func flexBasisSetsTheLengthBeforeFlexing() throws {
        let points = Box(50, 10)
        points.style.flexBasis = .points(100)
        let fraction = Box(50, 10)
        fraction.style.flexBasis = .fraction(0.5)
        let layout = try stack([points, fraction]).laidOut(.exactly(300, 10))
        #expect(layout.childFrames.map(\.width) == [100, 150])
    }

    @Test func spacingBeforeAndAfterAddToTheStacksSpacing() throws {
        let (first, second) = (Box(10, 10), Box(10, 10))
        first.style.spacingAfter = 5
        second.style.spacingBefore = 7
        let layout = try stack(.vertical, spacing: 3, [first, second]).laidOut(.upTo(100, 100))
        #expect(layout.childFrames.map(\.minY) == [0, 25])
        #expect(layout.size == CGSize(width: 10, height: 35))
    }

    @Test func baselineAlignmentLinesUpAscenders() throws {
        let (small, large) = (Box(10, 20), Box(10, 40))
        (small.style.ascender, large.style.ascender) = (15, 30)
        let layout = try stack(align: .baselineFirst, [small, large]).laidOut(.upTo(100, 100))
        // Ascent 30 and descent max(5, 10): the line is 40 tall.
        #expect(layout.childFrames.map(\.minY) == [15, 0])
        #expect(layout.size.height == 40)
        (small.style.descender, large.style.descender) = (-4, -10)
        let last = try stack(align: .baselineLast, [small, large]).laidOut(.upTo(100, 100))
        // Last baselines at 16 and 30 from each top: the small one moves down 14.
        #expect(last.childFrames.map(\.minY) == [14, 0])
    }

    private func wrapping(
        height: Double? = nil, alignContent: StackAlignContent = .start, align: StackAlignItems = .start
    )
        throws -> NodeLayout
    {
        let spec = stack(spacing: 10, align: align, [Box(40, 10), Box(40, 20), Box(40, 10)])
        (spec.flexWrap, spec.alignContent, spec.lineSpacing) = (.wrap, alignContent, 5)
        let range = height.map { SizeRange(min: CGSize(width: 0, height: $0), max: CGSize(width: 100, height: $0)) }
        return try spec.laidOut(range ?? .upTo(100, 1000))
    }

    @Test func flexWrapStartsANewLineForAChildThatWouldOverflow() throws {
        let layout = try wrapping()
        // 40 + 10 + 40 fits in 100; the third would make 140, so it starts line two.
        #expect(layout.childFrames.map(\.origin) == [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 0, y: 25)])
        #expect(layout.size == CGSize(width: 90, height: 35))
    }

    @Test func alignContentPlacesTheLinesAcrossTheStack() throws {
        // Lines of 20 and 10, 5 apart, in 100: 65 to share.
        #expect(try wrapping(height: 100, alignContent: .center).childFrames.map(\.minY) == [32.5, 32.5, 57.5])
        #expect(try wrapping(height: 100, alignContent: .end).childFrames.map(\.minY) == [65, 65, 90])
        #expect(try wrapping(height: 100, alignContent: .spaceBetween).childFrames.map(\.minY) == [0, 0, 90])
        #expect(try wrapping(height: 100, alignContent: .spaceAround).childFrames.map(\.minY) == [16.25, 16.25, 73.75])
        // Stretched lines share the 65 points: 52.5 and 42.5.
        let stretchedLines = try wrapping(height: 100, alignContent: .stretch)
        #expect(stretchedLines.childFrames.map(\.minY) == [0, 0, 57.5])
        #expect(stretchedLines.childFrames.map(\.height) == [10, 20, 10])
        // Stretching children are measured at the stack's minimum across from the start, as in
        // Texture: each line is then 100 tall.
        let stretchedItems = try wrapping(height: 100, alignContent: .stretch, align: .stretch)
        #expect(stretchedItems.childFrames.map(\.minY) == [0, 0, 105])
        #expect(stretchedItems.childFrames.map(\.height) == [100, 100, 100])
    }

    @Test func anEmptyStackTakesItsMinimum() throws {
        let layout = try stack([] as [any LayoutElement]).laidOut(
            SizeRange(min: CGSize(width: 5, height: 6), max: CGSize(width: 50, height: 60)))
        #expect(layout.size == CGSize(width: 5, height: 6))
    }
}
