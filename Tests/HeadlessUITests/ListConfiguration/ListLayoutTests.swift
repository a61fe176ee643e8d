import Foundation
import LuaRuntime
import Testing

@testable import HeadlessUI

/// List layouts (`UICollectionLayoutListConfiguration`) with list cells and content
/// configurations: row and header frames worked out by hand from the configurations'
/// margins and the text's measured heights.
@Suite struct ListLayoutTests {
    /// A 400 x 600 collection view (no safe area adjustment) of `sections`, each a title and
    /// item names, shown through a diffable data source and registrations; `frame(s, i)` and
    /// `headerFrame(s)`; `textHeight(text, size)` measures a line of the system font.
    static let source = """
        ListLayout = objc.UICollectionLayoutListConfiguration
        HeaderKind = require("UIKit.UICollectionViewFlowLayout").UICollectionElementKindSectionHeader
        sections = { { title = "Fruit", items = { "Apples", "Pears", "Plums" } }, { title = "Bread", items = { "Rye", "Spelt" } } }
        function textHeight(text, size, weight)
            local label = objc.UILabel:new()
            label.font = weight and objc.UIFont:systemFontOfSize_weight(size, weight) or objc.UIFont:systemFontOfSize(size)
            label.text = text
            return label:sizeThatFits(struct.CGSize(0, 0)).height
        end
        configure = function(cell, path, item)
            local content = cell:defaultContentConfiguration()
            content.text = item
            cell.contentConfiguration = content
        end
        function show(configuration)
            controller = objc.UIViewController:new()
            collection = objc.UICollectionView:newWithFrame_collectionViewLayout(struct.CGRect(0, 0, 400, 600),
                objc.UICollectionViewCompositionalLayout:layoutWithListConfiguration(configuration))
            collection.contentInsetAdjustmentBehavior = 2
            controller.view:addSubview(collection)
            local cells = objc.UICollectionViewCellRegistration:registrationWithCellClass_configurationHandler(
                objc.UICollectionViewListCell, function(cell, path, item) configure(cell, path, item) end)
            local headers = objc.UICollectionViewSupplementaryRegistration:registrationWithSupplementaryClass_elementKind_configurationHandler(
                objc.UICollectionViewListCell, HeaderKind, function(header, kind, path)
                    local content = header:defaultContentConfiguration()
                    content.text = sections[path.section + 1].title
                    header.contentConfiguration = content
                end)
            source = objc.UICollectionViewDiffableDataSource:newWithCollectionView_cellProvider(collection,
                function(view, path, item) return view:dequeueConfiguredReusableCellWithRegistration_forIndexPath_item(cells, path, item) end)
            source.supplementaryViewProvider = function(view, kind, path)
                return view:dequeueConfiguredReusableSupplementaryViewWithRegistration_forIndexPath(headers, path)
            end
            local snapshot = objc.NSDiffableDataSourceSnapshot:new()
            for _, section in ipairs(sections) do
                snapshot:appendSectionsWithIdentifiers { section.title }
                snapshot:appendItemsWithIdentifiers_intoSectionWithIdentifier(section.items, section.title)
            end
            source:applySnapshot_animatingDifferences(snapshot, false)
        end
        function path(section, item) return objc.NSIndexPath:indexPathForItem_inSection(item, section) end
        function unpack(f) return f.origin.x, f.origin.y, f.size.width, f.size.height end
        function frame(section, item) return unpack(collection:cellForItemAtIndexPath(path(section, item)).frame) end
        function headerFrame(section)
            return unpack(collection:layoutAttributesForSupplementaryElementOfKind_atIndexPath(HeaderKind, path(section, 0)).frame)
        end
        """

    private func start(_ configuration: String) throws -> TestWorld {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.run("local c = \(configuration); show(c)")
        try t.show(controller: "controller")
        try t.world.layoutPass()
        return t
    }

    /// The numbers `source` returns.
    static func numbers(_ t: TestWorld, _ source: String) throws -> [Double] {
        try t.run(source).map { value in
            switch value {
            case .number(let number): number
            case .integer(let number): Double(number)
            default: .nan
            }
        }
    }

    private func expectClose(
        _ actual: [Double], _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let close = actual.count == expected.count && zip(actual, expected).allSatisfy { abs($0 - $1) < 1e-6 }
        #expect(close, "\(actual), expected \(expected)", sourceLocation: sourceLocation)
    }

    @Test func aPlainListStacksStandardRowsAcrossTheWidth() throws {
        let t = try start("ListLayout:newWithAppearance(ListLayout.Appearance.Plain)")
        // One line of 17-point text with 11 points above and below is under 44: rows are 44.
        let line = try Self.numbers(t, "return textHeight('Apples', 17)")[0]
        #expect(11 + line + 11 <= 44)
        for (section, item, y) in [(0, 0, 0.0), (0, 2, 88), (1, 0, 132), (1, 1, 176)] {
            expectClose(try Self.numbers(t, "return frame(\(section), \(item))"), [0, y, 400, 44])
        }
        #expect(t.errors.isEmpty, "\(t.errors)")
    }

    @Test func anInsetGroupedListInsetsItsSectionsAndSpacesThem() throws {
        let t = try start("ListLayout:newWithAppearance(ListLayout.Appearance.InsetGrouped)")
        // A 400-point screen's side margin is 20; a section without a header keeps 17.5
        // above its rows and 17.5 below, so sections are 35 apart.
        expectClose(try Self.numbers(t, "return frame(0, 0)"), [20, 17.5, 360, 44])
        expectClose(try Self.numbers(t, "return frame(0, 2)"), [20, 17.5 + 88, 360, 44])
        expectClose(try Self.numbers(t, "return frame(1, 0)"), [20, 17.5 + 132 + 35, 360, 44])
        #expect(
            try t.run("return collection.backgroundColor:isEqual(objc.UIColor.systemGroupedBackgroundColor)") == [
                .boolean(true)
            ])
    }

    @Test func groupedHeadersSizeThemselvesFromTheirText() throws {
        let t = try start(
            "(function() local c = ListLayout:newWithAppearance(ListLayout.Appearance.Grouped); "
                + "c.headerMode = ListLayout.HeaderMode.Supplementary; return c end)()")
        // The grouped header's text: 13-point, in capitals, 16 above and 7 below.
        let line = try Self.numbers(t, "return textHeight('FRUIT', 13)")[0]
        let header = 16 + line + 7
        expectClose(try Self.numbers(t, "return headerFrame(0)"), [0, 0, 400, header])
        expectClose(try Self.numbers(t, "return frame(0, 0)"), [0, header, 400, 44])
        let secondHeader = header + 3 * 44 + 17.5
        expectClose(try Self.numbers(t, "return headerFrame(1)"), [0, secondHeader, 400, header])
        #expect(
            try t.run(
                "return collection:supplementaryViewForElementKind_atIndexPath(HeaderKind, path(0, 0)).contentConfiguration.text"
            )
                == [.string("Fruit")])
        #expect(t.errors.isEmpty, "\(t.errors)")
    }

    @Test func aSubtitleRowGrowsToItsTwoLines() throws {
        let t = try TestWorld()
        try t.run(Self.source)
        try t.run(
            """
            configure = function(cell, path, item)
                local content = objc.UIListContentConfiguration:subtitleCellConfiguration()
                content.text = item
                content.secondaryText = "in season"
                cell.contentConfiguration = content
            end
            show(ListLayout:newWithAppearance(ListLayout.Appearance.Plain))
            """)
        try t.show(controller: "controller")
        try t.world.layoutPass()
        let (text, secondary) = try (
            Self.numbers(t, "return textHeight('Apples', 17)")[0],
            Self.numbers(t, "return textHeight('in season', 15)")[0]
        )
        let height = 11 + text + 3 + secondary + 11
        #expect(height > 44)
        expectClose(try Self.numbers(t, "return frame(0, 0)"), [0, 0, 400, height])
        expectClose(try Self.numbers(t, "return frame(0, 1)"), [0, height, 400, height])
        // The secondary text sits under the text, at the same leading margin.
        let labels = try Self.numbers(
            t,
            """
            local content = collection:cellForItemAtIndexPath(path(0, 0)).contentView.subviews[1]
            local text, secondary = content.subviews[2].frame, content.subviews[3].frame
            return text.origin.x, text.origin.y, secondary.origin.x, secondary.origin.y
            """)
        expectClose(labels, [20, 11, 20, 11 + text + 3])
    }

    @Test func listConfigurationsRefuseValuesOutsideTheirEnums() throws {
        let t = try TestWorld()
        #expect(
            t.error("objc.UICollectionLayoutListConfiguration:newWithAppearance(9)").contains(
                "9 is not a UICollectionLayoutListAppearance"))
        #expect(
            t.error("local c = objc.UICollectionLayoutListConfiguration:newWithAppearance(0); c.footerMode = 2")
                .contains(".footerMode: 2 is not a UICollectionLayoutListFooterMode"))
        #expect(
            t.error("local c = objc.UIListContentConfiguration:cellConfiguration(); c.textProperties.transform = 7")
                .contains("transform: 7 is not a UIListContentTextTransform"))
        #expect(
            t.error("objc.UICellAccessoryCustomView:newWithCustomView_placement(objc.UIView:new(), 4)")
                .contains("4 is not a UICellAccessoryPlacement"))
    }
}
