import Foundation
import LuaRuntime
import Testing

/// NSTextContainer's line fragments: the proposed rectangle within the container, less its
/// exclusion paths, with the rest of the line second; and a script subclass that shapes them.
@Suite struct TextContainerTests {
    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            container = objc.NSTextContainer:newWithSize(struct.CGSize(300, 400))
            function fragment(x, y, width, height)
                local rect, rest = container:lineFragmentRectForProposedRect_atIndex_writingDirection_remainingRect(
                    struct.CGRect(x, y, width, height), 0, 0, nil)
                return rect.origin.x, rect.size.width, rest.origin.x, rest.size.width
            end
            """)
        return t
    }

    @Test func aPlainContainerGivesTheProposedRectWithinIt() throws {
        let t = try world()
        #expect(try t.run("return fragment(0, 0, 1000, 20)") == [0, 300, 0, 0])
        // Below the container's height there is no room.
        #expect(try t.run("return fragment(0, 390, 300, 20)") == [0, 0, 0, 0])
        #expect(try t.run("return container.isSimpleRectangularTextContainer") == [true])
    }

    /// A 100-point square at x 100 splits a line across it into two fragments; a circle
    /// takes only what it covers at the line's height.
    @Test func exclusionPathsSplitLines() throws {
        let t = try world()
        try t.run(
            "container.exclusionPaths = { objc.UIBezierPath:bezierPathWithRect(struct.CGRect(100, 50, 100, 100)) }")
        #expect(try t.run("return fragment(0, 60, 300, 20)") == [0, 100, 200, 100])
        #expect(try t.run("return fragment(200, 60, 100, 20)") == [200, 100, 0, 0])
        #expect(try t.run("return fragment(0, 0, 300, 20)") == [0, 300, 0, 0], "above the square")
        try t.run(
            "container.exclusionPaths = { objc.UIBezierPath:bezierPathWithOvalInRect(struct.CGRect(100, 100, 100, 100)) }"
        )
        let values = try t.run("return fragment(0, 140, 300, 20)").compactMap(\.numberValue)
        // At 140 to 160, the circle (centre 150, 150, radius 50) reaches x 100 at the middle.
        #expect(values[0] == 0 && abs(values[1] - 100) < 2, "\(values)")
        #expect(abs(values[2] - 200) < 2 && abs(values[3] - 100) < 2, "\(values)")
        #expect(try t.run("return container.isSimpleRectangularTextContainer") == [false])
    }

    /// `Round`, a subclass that narrows each fragment to a circle 200 points across after asking
    /// TextKit's own, as Celedev's round container does.
    static let roundContainer = """
        Round = objc.NSTextContainer:createSubclass("Round")
        function Round:lineFragmentRectForProposedRect_atIndex_writingDirection_remainingRect(proposed, index, direction)
            local base, rest = self[objc.NSTextContainer]:lineFragmentRectForProposedRect_atIndex_writingDirection_remainingRect(
                proposed, index, direction)
            local radius = 100
            local y = math.abs(base.origin.y + base.size.height / 2 - radius)
            local width = y < radius and math.floor(math.sqrt(radius * radius - y * y) * 2) or 0
            return struct.CGRect(radius - width / 2, base.origin.y, width, base.size.height), rest
        end
        """

    @Test func aSubclassShapesItsFragments() throws {
        let t = try world()
        try t.run(
            """
            \(Self.roundContainer)
            container = Round:newWithSize(struct.CGSize(200, 200))
            """)
        #expect(try t.run("return fragment(0, 90, 200, 20)") == [0, 200, 0, 0])
        #expect(try t.run("return container.isSimpleRectangularTextContainer") == [false])
    }
}
