import Foundation
import ObjectBridge
import Testing

@testable import HeadlessUI

/// The flow layout's arithmetic against the rules of docs/flow-layout.md, with hand-worked numbers.
@Suite struct FlowLayoutEngineTests {
    func engine(width: Double = 300, height: Double = 600, scale: Double = 2) -> FlowLayoutEngine {
        FlowLayoutEngine(direction: .vertical, boundsSize: CGSize(width: width, height: height), scale: scale)
    }

    func frames(_ elements: [FlowLayoutEngine.Element]) -> [[Double]] {
        elements.map { [$0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height] }
    }

    @Test func greedyLinesJustifiedThenALeftAlignedLastLineWithItemsCentredInTheirLine() {
        let sizes = [
            CGSize(width: 100, height: 40), CGSize(width: 80, height: 60), CGSize(width: 90, height: 40),
            CGSize(width: 50, height: 40), CGSize(width: 70, height: 40),
        ]
        let result = engine().layout([.init(itemSizes: sizes)])
        #expect(
            frames(result.elements) == [
                [0, 10, 100, 40], [115, 0, 80, 60], [210, 10, 90, 40], [0, 70, 50, 40], [60, 70, 70, 40],
            ])
        #expect(result.contentSize == CGSize(width: 300, height: 110))
    }

    @Test func singleItemLinesAreCentred() {
        let result = engine().layout([
            .init(itemSizes: [CGSize(width: 250, height: 10), CGSize(width: 200, height: 10)])
        ])
        #expect(frames(result.elements).map { $0[0] } == [25, 50])
        let wide = engine().layout([
            .init(
                itemSizes: [CGSize(width: 400, height: 10), CGSize(width: 200, height: 10)],
                inset: UIEdgeInsets(top: 0, left: 8, bottom: 0, right: 8))
        ])
        #expect(frames(wide.elements).map { $0[0] } == [8, 50])  // never left of the inset
    }

    @Test func aLastLineWithThePreviousLinesLeftoverIsJustified() {
        let row = [CGSize(width: 100, height: 10), CGSize(width: 100, height: 10), CGSize(width: 90, height: 10)]
        let result = engine(width: 320).layout([.init(itemSizes: row + row)])
        #expect(frames(result.elements).map { $0[0] } == [0, 115, 230, 0, 115, 230])
        let shorter = engine(width: 320).layout([.init(itemSizes: row + [row[0], row[1]])])
        #expect(frames(shorter.elements).map { $0[0] } == [0, 115, 230, 0, 110])
    }

    @Test func equalSizesMakeAGridWhoseLastRowKeepsTheColumns() {
        let result = engine(width: 320).layout([
            .init(itemSizes: Array(repeating: CGSize(width: 70, height: 50), count: 10))
        ])
        #expect(frames(result.elements).map { $0[0] } == [0, 83.5, 166.5, 250, 0, 83.5, 166.5, 250, 0, 83.5])
        #expect(frames(result.elements).map { $0[1] } == [0, 0, 0, 0, 60, 60, 60, 60, 120, 120])
        let one = engine(width: 100).layout([
            .init(itemSizes: [CGSize(width: 70, height: 5), CGSize(width: 70, height: 5)])
        ])
        #expect(frames(one.elements).map { $0[0] } == [15, 15])
    }

    /// Items and spacing that take no room, or almost none, have no finite column count in
    /// UIKit's formula: every item that fits shares the first line, and nothing overflows.
    @Test func gridsOfItemsThatTakeNoRoom() {
        for (width, spacing) in [(0.0, 0.0), (10, -10), (0, -5), (1e-300, 0)] {
            var section = FlowLayoutEngine.Section(
                itemSizes: Array(repeating: CGSize(width: width, height: 10), count: 5))
            section.interitemSpacing = spacing
            let result = engine(width: 100).layout([section])
            #expect(frames(result.elements).map { $0[1] } == [0, 0, 0, 0, 0], "width \(width), spacing \(spacing)")
        }
        let tooWide = engine(width: 100).layout([
            .init(itemSizes: Array(repeating: CGSize(width: 150, height: 10), count: 2))
        ])
        #expect(
            frames(tooWide.elements).map { $0[1] } == [0, 20],
            "an item wider than the line still gets a line of its own")
    }

    @Test func headersFootersInsetsEmptySectionsAndTheQueryOrder() {
        let inset = UIEdgeInsets(top: 5, left: 7, bottom: 11, right: 13)
        let sections: [FlowLayoutEngine.Section] = [
            .init(
                itemSizes: [CGSize(width: 100, height: 40)], inset: inset, headerSize: CGSize(width: 0, height: 30),
                footerSize: CGSize(width: 0, height: 20)),
            .init(itemSizes: [], headerSize: CGSize(width: 0, height: 10)),
        ]
        let result = engine().layout(sections)
        #expect(result.elements.map(\.kind) == [.header, .cell, .footer, .header])
        #expect(
            frames(result.elements) == [[0, 0, 300, 30], [7, 35, 100, 40], [0, 86, 300, 20], [0, 106, 300, 10]])
        #expect(result.contentSize.height == 116)
        var placed = engine()
        placed.place(sections)
        #expect(placed.elements(in: CGRect(x: 0, y: 80, width: 300, height: 20)).map(\.kind) == [.footer])
    }

    @Test func horizontalScrollingSwapsTheAxes() {
        let horizontal = FlowLayoutEngine(direction: .horizontal, boundsSize: CGSize(width: 400, height: 100), scale: 2)
        let result = horizontal.layout([.init(itemSizes: Array(repeating: CGSize(width: 50, height: 40), count: 3))])
        #expect(frames(result.elements) == [[0, 0, 50, 40], [0, 60, 50, 40], [60, 0, 50, 40]])
        #expect(result.contentSize == CGSize(width: 110, height: 100))
    }

    @Test func originsAreRoundedToTheScreenScaleAndSizesAreNot() {
        let result = engine(width: 100, scale: 3).layout([
            .init(itemSizes: [CGSize(width: 33.3, height: 10), CGSize(width: 40, height: 10)])
        ])
        let first = result.elements[0].frame
        let second = result.elements[1].frame
        #expect(first.width == 33.3 && first.minX == 0)
        #expect(second.minX == 130.0 / 3 && second.minX != 43.3)  // 43.3 points sits on the nearest third of a point
    }

    /// Random sections: sizes (sometimes all equal, the grid), insets, spacings, headers and
    /// footers; with `overlapping`, negative line spacings and insets too.
    static func randomSections(
        _ random: inout SeededRandom, cross: Double, vertical: Bool,
        overlapping: Bool = false
    ) -> [FlowLayoutEngine.Section] {
        (0..<random.next(1...4)).map { _ -> FlowLayoutEngine.Section in
            let low = overlapping ? -15 : 0
            let inset = UIEdgeInsets(
                top: Double(random.next(low...20)), left: Double(random.next(0...20)),
                bottom: Double(random.next(low...20)), right: Double(random.next(0...20)))
            let available = cross - (vertical ? inset.left + inset.right : inset.top + inset.bottom)
            let equal = random.next(0...3) == 0
            let fixed = CGSize(width: Double(random.next(10...80)), height: Double(random.next(10...80)))
            // Some sections hold more than one block of lines.
            let count = random.next(0...3) == 0 ? random.next(300...600) : random.next(0...60)
            let sizes = (0..<count).map { _ in
                equal
                    ? fixed
                    : CGSize(
                        width: Double(random.next(5...Int(min(available, 150)))),
                        height: Double(random.next(5...Int(min(available, 150)))))
            }
            return .init(
                itemSizes: sizes, inset: inset, lineSpacing: Double(random.next(low...15)),
                interitemSpacing: Double(random.next(0...15)),
                headerSize: CGSize(width: Double(random.next(0...1) * 30), height: Double(random.next(0...1) * 30)),
                footerSize: CGSize(width: Double(random.next(0...1) * 20), height: Double(random.next(0...1) * 20)))
        }
    }

    static func randomRect(_ random: inout SeededRandom) -> CGRect {
        CGRect(
            x: Double(random.next(-50...600)), y: Double(random.next(-50...2000)),
            width: Double(random.next(0...400)), height: Double(random.next(0...700)))
    }

    /// Random layouts in both directions: cells of a section never overlap, everything lies
    /// inside the content size, and rect queries equal a brute-force filter.
    @Test(arguments: 0..<40)
    func randomLayoutsKeepTheirInvariants(_ seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) + 1)
        var engine = FlowLayoutEngine(
            direction: seed % 2 == 0 ? .vertical : .horizontal,
            boundsSize: CGSize(width: 320, height: 480), scale: Double(1 + seed % 3))
        let sections = Self.randomSections(&random, cross: seed % 2 == 0 ? 320 : 480, vertical: seed % 2 == 0)
        let result = engine.layout(sections)
        let bounds = CGRect(origin: .zero, size: result.contentSize).insetBy(dx: -0.5, dy: -0.5)
        for element in result.elements {
            #expect(
                bounds.contains(CGPoint(x: element.frame.minX, y: element.frame.minY))
                    && element.frame.maxX <= bounds.maxX && element.frame.maxY <= bounds.maxY,
                "seed \(seed): \(element)")
        }
        for section in sections.indices {
            let cells = result.elements.filter { $0.kind == .cell && $0.section == section }
            for (index, cell) in cells.enumerated() {
                for other in cells[(index + 1)...] {
                    #expect(
                        !cell.frame.insetBy(dx: 0.5, dy: 0.5).overlaps(other.frame.insetBy(dx: 0.5, dy: 0.5)),
                        "seed \(seed): \(cell) overlaps \(other)")
                }
            }
        }
        engine.place(sections)
        for _ in 0..<20 {
            let rect = Self.randomRect(&random)
            #expect(
                engine.elements(in: rect) == result.elements.filter { $0.frame.overlaps(rect) },
                "seed \(seed), rect \(rect)")
        }
    }

    /// Changing a few items, or a section's measurements, gives exactly what laying out the
    /// changed measurements from scratch gives, grid sections and overlapping ones included.
    @Test(arguments: 0..<40)
    func incrementalChangesEqualAFreshLayout(_ seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) + 1000)
        let vertical = seed % 2 == 0
        let template = FlowLayoutEngine(
            direction: vertical ? .vertical : .horizontal,
            boundsSize: CGSize(width: 320, height: 480), scale: Double(1 + seed % 3))
        var sections = Self.randomSections(
            &random, cross: vertical ? 320 : 480, vertical: vertical, overlapping: seed % 4 == 1)
        var engine = template
        engine.place(sections)
        for round in 0..<12 {
            let section = random.next(0...sections.count - 1)
            let count = sections[section].itemSizes.count
            if random.next(0...5) == 0 {
                sections[section].lineSpacing = Double(random.next(0...20))
                sections[section].headerSize.height = Double(random.next(0...40))
                engine.replace(section: section, with: sections[section])
            } else if count > 0 {
                var changes: [Int: CGSize] = [:]
                let copyOfFirst = random.next(0...3) == 0  // sometimes back to all equal sizes: the grid
                for _ in 0..<random.next(1...3) {
                    let item = random.next(0...count - 1)
                    changes[item] =
                        copyOfFirst
                        ? sections[section].itemSizes[0]
                        : CGSize(width: Double(random.next(5...150)), height: Double(random.next(5...150)))
                }
                for (item, size) in changes { sections[section].itemSizes[item] = size }
                engine.resize(section: section, items: changes)
            }
            let fresh = template.layout(sections)
            #expect(engine.elements == fresh.elements, "seed \(seed), round \(round)")
            #expect(engine.contentSize == fresh.contentSize, "seed \(seed), round \(round)")
            let rect = Self.randomRect(&random)
            #expect(
                engine.elements(in: rect) == fresh.elements.filter { $0.frame.overlaps(rect) },
                "seed \(seed), rect \(rect)")
        }
    }
}

extension FlowLayoutEngine {
    /// Places `sections` in a copy and reads back everything.
    func layout(_ sections: [Section]) -> (elements: [Element], contentSize: CGSize) {
        var engine = self
        engine.place(sections)
        return (engine.elements, engine.contentSize)
    }
}

/// A small deterministic generator, so that every run tests the same layouts.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }

    mutating func next(_ range: ClosedRange<Int>) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int((state >> 33) % span)
    }
}
