import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// Enums where Swift puts them as well as where CodeFlow does, and clear errors for names
/// that are not there: a class's missing enum suggests one, a module's missing member says
/// which modules have it.
@Suite struct EnumSpellingTests {
    @Test func enumsAnswerToSwiftsNames() throws {
        let t = try TestWorld()
        #expect(
            try t.run(
                """
                local StackView = require "UIKit.UIStackView"
                return objc.UIAlertAction.Style.Cancel, objc.UIAlertAction.Style.Destructive,
                    objc.UITableViewCell.Style.Subtitle, objc.UIStackView.Axis.Vertical, StackView.Axis.Vertical,
                    require("UIKit.NSLayoutConstraint").Axis.Horizontal, objc.UIAlertAction.UIAlertActionStyle.Cancel
                """) == [1, 2, 3, 1, 1, 0, 1])
    }

    @Test func aMissingEnumOnAClassIsAnErrorWithASuggestion() throws {
        let t = try TestWorld()
        #expect(
            t.error("local _ = objc.UIAlertAction.Styel").contains(
                "test:1: UIAlertAction has no enum or member 'Styel' (did you mean 'Style'?)"))
        #expect(try t.run("return objc.UIAlertAction.someLowercaseField == nil") == [true], "lower case stays a field")
        #expect(
            try t.run("Mine = objc.NSObject:createSubclass('Mine') return Mine.Shared == nil") == [true],
            "a script class's capitalized field may be unset")
    }

    @Test func aMissingModuleMemberSaysWhereTheNameLives() throws {
        let t = try TestWorld()
        #expect(
            t.error("local _ = require('UIKit.UIView').UILayoutConstraintAxis").contains(
                "module UIKit.UIView has no member 'UILayoutConstraintAxis'; it is in require \"UIKit.NSLayoutConstraint\" "
                    + "and require \"UIKit.UIStackView\""))
    }
}
