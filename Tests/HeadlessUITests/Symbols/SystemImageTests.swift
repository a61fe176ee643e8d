import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// `systemImageNamed` and `UIImageSymbolConfiguration`: a symbol's square follows its point
/// size, text style and scale; configurations combine part by part; an unknown name is nil
/// with one notice.
@Suite struct SystemImageTests {
    /// The width of the image `expression` makes, in points, as Lua writes it.
    private func width(_ world: TestWorld, _ expression: String) throws -> LuaValue? {
        try world.run("return tostring((\(expression)).size.width)").first
    }

    @Test func aSymbolsSquareFollowsItsSizeTextStyleAndScale() throws {
        let world = try TestWorld()
        // 17 points by default, times 1.2 for the square, on the phone's 2x pixels: 40.8 -> 41.
        #expect(try width(world, "objc.UIImage:systemImageNamed('heart')") == .string("20.5"))
        #expect(
            try width(
                world,
                "objc.UIImage:systemImageNamed_withConfiguration('heart', "
                    + "objc.UIImageSymbolConfiguration:configurationWithPointSize(34))") == .string("41.0"))
        // The large title is 34 points at the default content size.
        #expect(
            try width(
                world,
                "objc.UIImage:systemImageNamed_withConfiguration('heart', "
                    + "objc.UIImageSymbolConfiguration:configurationWithTextStyle('UICTFontTextStyleTitle0'))")
                == .string("41.0"))
        // Large is 1.3 times medium: 17 x 1.3 x 1.2 = 26.52 -> 53 pixels.
        #expect(
            try width(
                world,
                "objc.UIImage:systemImageNamed_withConfiguration('heart', "
                    + "objc.UIImageSymbolConfiguration:configurationWithScale(3))") == .string("26.5"))
    }

    @Test func configurationsCombinePartByPart() throws {
        let world = try TestWorld()
        let result = try world.run(
            """
            local Configuration = objc.UIImageSymbolConfiguration
            local sized = Configuration:configurationWithPointSize(30)
            local bold = Configuration:configurationWithWeight(Configuration.Weight.Bold)
            local both = sized:configurationByApplyingConfiguration(bold)
            local image = objc.UIImage:systemImageNamed_withConfiguration('star', both)
            local larger = image:imageByApplyingSymbolConfiguration(Configuration:configurationWithPointSize(40))
            return table.concat({ tostring(both.pointSize), tostring(both.weight), tostring(image.isSymbolImage),
                tostring(image.symbolConfiguration.weight), tostring(larger.size.width),
                tostring(larger.symbolConfiguration.weight) }, " ")
            """)
        #expect(result.first == .string("30.0 7 true 7 48.0 7"))
    }

    @Test func anUnknownNameIsNilWithOneNotice() throws {
        let world = try TestWorld()
        let result = try world.run(
            """
            local first = objc.UIImage:systemImageNamed('no.such.symbol')
            local second = objc.UIImage:systemImageNamed('no.such.symbol')
            return first == nil and second == nil
            """)
        #expect(result.first == .boolean(true))
        #expect(world.notices.filter { $0.contains("'no.such.symbol'") }.count == 1)
    }

    @Test func badConfigurationsAreRefusedByName() throws {
        let world = try TestWorld()
        #expect(
            world.error("objc.UIImageSymbolConfiguration:configurationWithPointSize(-3)")
                .contains("point size -3.0"))
        #expect(
            world.error("objc.UIImageSymbolConfiguration:configurationWithWeight(12)")
                .contains("12 is not a UIImageSymbolWeight"))
        #expect(
            world.error("objc.UIImageSymbolConfiguration:configurationWithTextStyle('Huge')")
                .contains("\"Huge\" is not a UIFontTextStyle"))
    }
}
