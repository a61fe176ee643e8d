import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// A field whose name is nearly a property's is most likely a typo: a warning at the script's
/// line says which property was meant, once per class and name; the value is kept as a field,
/// and the fields scripts mean to keep stay silent.
@Suite struct MisspelledPropertyTests {
    @Test func aNearMissOfAPropertyIsAWarningWithTheNameMeant() throws {
        let t = try TestWorld()
        try t.run(
            """
            label = objc.UILabel:new()
            label.textColour = objc.UIColor.redColor
            label.numberOfLine = 0
            """)
        #expect(
            t.warnings == [
                "test:2: UILabel has no property 'textColour' (did you mean 'textColor'?); the value is kept as a field "
                    + "of the object",
                "test:3: UILabel has no property 'numberOfLine' (did you mean 'numberOfLines'?); the value is kept as "
                    + "a field of the object",
            ])
        #expect(try t.run("return label.numberOfLine, label.numberOfLines") == [0, 1], "kept as a field")
    }

    @Test func eachClassAndNameIsReportedOnce() throws {
        let t = try TestWorld()
        try t.run(
            """
            for i = 1, 3 do
                local label = objc.UILabel:new()
                label.textColour = objc.UIColor.redColor
            end
            objc.UIButton:new().backgroundColour = objc.UIColor.redColor
            objc.UIView:new().backgroundColour = objc.UIColor.redColor
            """)
        #expect(t.warnings.count == 3, "\(t.warnings)")
    }

    /// Fields a script keeps (CodeFlow's instance fields), a subclass's own names, and a plural
    /// beside a property's name, are no typos.
    @Test func fieldsAScriptMeansToKeepAreSilent() throws {
        let t = try TestWorld()
        try t.run(
            """
            Cell = objc.UICollectionViewCell:createSubclass "Cell"
            local cell = Cell:new()
            cell.label = objc.UILabel:new()
            cell.tap = 1
            cell.frames = {}
            cell.index = 3
            cell.itemColor = objc.UIColor.redColor
            local view = objc.UIView:new()
            view.model = { name = "x" }
            view.tag = 4
            view.tags = { 1, 2 }
            """)
        #expect(t.warnings.isEmpty, "\(t.warnings)")
        #expect(try t.run("local c = Cell:new() c.tap = 2 return c.tap") == [2])
    }
}
