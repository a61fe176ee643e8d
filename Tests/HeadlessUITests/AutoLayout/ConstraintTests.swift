import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Constraints from scripts: made by item and attribute, by anchor and by visual format, laid
/// out in the layout pass, changed live, and refused with UIKit's messages.
@Suite struct ConstraintTests {
    /// A world whose root view (375 x 667) holds `a`, `b` and `c`, all placed by constraints.
    static func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            """
            root = objc.UIViewController:new()
            view = root.view
            a, b, c = objc.UIView:new(), objc.UIView:new(), objc.UIView:new()
            for _, v in ipairs { a, b, c } do
                v.translatesAutoresizingMaskIntoConstraints = false
                view:addSubview(v)
            end
            views = { a = a, b = b, c = c }
            function frame(v) local f = v.frame return f.origin.x, f.origin.y, f.size.width, f.size.height end
            function format(text, options, metrics)
                view:addConstraints(objc.NSLayoutConstraint:constraintsWithVisualFormat_options_metrics_views(
                    text, options or 0, metrics, views))
            end
            """)
        try t.world.setRoot(
            try #require(t.world.bridge.state.object(of: t.run("return root")[0], as: ViewController.self)))
        return t
    }

    @Test func itemsAndAttributesWithMultipliersAndConstants() throws {
        let t = try Self.world()
        try t.run(
            """
            local Constraint = objc.NSLayoutConstraint
            local Attribute = require("UIKit.NSLayoutConstraint").NSLayoutAttribute
            local Relation = require("UIKit.NSLayoutConstraint").NSLayoutRelation
            local function make(item, attribute, relation, other, otherAttribute, multiplier, constant)
                return Constraint:constraintWithItem_attribute_relatedBy_toItem_attribute_multiplier_constant(
                    item, attribute, relation, other, otherAttribute, multiplier, constant)
            end
            view:addConstraints {
                make(a, Attribute.Left, Relation.Equal, view, Attribute.Left, 1, 10),
                make(a, Attribute.Top, Relation.Equal, view, Attribute.Top, 1, 20),
                make(a, Attribute.Width, Relation.Equal, view, Attribute.Width, 0.5, 0),
                make(a, Attribute.Height, Relation.Equal, a, Attribute.Width, 2, 0),
                make(b, Attribute.CenterX, Relation.Equal, view, Attribute.CenterX, 1, 0),
                make(b, Attribute.CenterY, Relation.Equal, view, Attribute.CenterY, 1, 0),
                make(b, Attribute.Width, Relation.Equal, nil, Attribute.None, 1, 100),
                make(b, Attribute.Height, Relation.GreaterThanOrEqual, nil, Attribute.NotAnAttribute, 1, 40),
            }
            view:layoutIfNeeded()
            """)
        #expect(try t.run("return frame(a)") == [10, 20, 187.5, 375])
        #expect(try t.run("return frame(b)") == [137.5, 313.5, 100, 40])
    }

    @Test func anchorsMakeTheSameConstraints() throws {
        let t = try Self.world()
        try t.run(
            """
            objc.NSLayoutConstraint:activateConstraints {
                a.leadingAnchor:constraintEqualToAnchor_constant(view.leadingAnchor, 16),
                a.trailingAnchor:constraintEqualToAnchor_constant(view.trailingAnchor, -16),
                a.topAnchor:constraintEqualToAnchor_constant(view.topAnchor, 30),
                a.heightAnchor:constraintEqualToConstant(44),
                b.topAnchor:constraintEqualToSystemSpacingBelowAnchor_multiplier(a.bottomAnchor, 2),
                b.leadingAnchor:constraintEqualToAnchor(a.leadingAnchor),
                b.widthAnchor:constraintEqualToAnchor_multiplier(a.widthAnchor, 0.5),
                b.heightAnchor:constraintGreaterThanOrEqualToConstant(10),
                c.leadingAnchor:constraintEqualToAnchor(view.layoutMarginsGuide.leadingAnchor),
                c.topAnchor:constraintEqualToAnchor(view.safeAreaLayoutGuide.topAnchor),
                c.widthAnchor:constraintEqualToConstant(20), c.heightAnchor:constraintEqualToConstant(20),
            }
            view:layoutIfNeeded()
            """)
        #expect(try t.run("return frame(a)") == [16, 30, 343, 44])
        #expect(try t.run("return frame(b)") == [16, 90, 171.5, 10])
        #expect(try t.run("return frame(c)") == [16, 20, 20, 20])  // the root view's margin 16; the status bar's 20
    }

    @Test func newLayoutMarginsMoveWhatIsConstrainedToThem() throws {
        let t = try Self.world()
        try t.run(
            """
            local Attribute = require("UIKit.NSLayoutConstraint").NSLayoutAttribute
            objc.NSLayoutConstraint:activateConstraints {
                objc.NSLayoutConstraint:constraintWithItem_attribute_relatedBy_toItem_attribute_multiplier_constant(
                    a, Attribute.Leading, 0, view, Attribute.LeadingMargin, 1, 0),
                a.topAnchor:constraintEqualToAnchor(view.layoutMarginsGuide.topAnchor),
                a.widthAnchor:constraintEqualToConstant(20), a.heightAnchor:constraintEqualToConstant(20),
            }
            view:layoutIfNeeded()
            view.layoutMargins = struct.UIEdgeInsets(30, 24, 8, 8)
            view:layoutIfNeeded()
            """)
        #expect(try t.run("return frame(a)") == [24, 30, 20, 20])
    }

    /// A root view's side margins are UIKit's system minimum, 16 points on a 375-point phone,
    /// unless the controller lets them go; other views keep the default 8.
    @Test func aRootViewsSideMarginsAreTheSystemMinimum() throws {
        let t = try Self.world()
        try t.run(
            """
            objc.NSLayoutConstraint:activateConstraints {
                a.leadingAnchor:constraintEqualToAnchor(view.layoutMarginsGuide.leadingAnchor),
                a.topAnchor:constraintEqualToAnchor(view.layoutMarginsGuide.topAnchor),
                b.leadingAnchor:constraintEqualToAnchor(a.layoutMarginsGuide.leadingAnchor),
                a.widthAnchor:constraintEqualToConstant(40), a.heightAnchor:constraintEqualToConstant(20),
            }
            view:layoutIfNeeded()
            """)
        #expect(try t.run("return frame(a)") == [16, 8, 40, 20])
        #expect(try t.run("return b.frame.origin.x, root.systemMinimumLayoutMargins.left") == [24, 16], "a's own 8")
        try t.run("root.viewRespectsSystemMinimumLayoutMargins = false view:layoutIfNeeded()")
        #expect(try t.run("return frame(a)") == [8, 8, 40, 20])
    }

    @Test func everyFormOfTheVisualFormatLanguage() throws {
        let t = try Self.world()
        try t.run(
            """
            format("|-[a]-[b(==a)]-|")
            format("V:|-[a(44)]")
            format("V:|-[b(a)]")
            format("V:[a]-spacing-[c(>=30,<=50@750)]-(>=8@999)-|", 0, { spacing = 12 })
            format("H:|-(margin)-[c(==width@1000)]", 0, { margin = 4, width = 100 })
            view:layoutIfNeeded()
            """)
        // |-20-[a]-8-[b]-20-| with equal widths: (375 - 48) / 2 = 163.5
        #expect(try t.run("return frame(a)") == [20, 20, 163.5, 44])
        #expect(try t.run("return frame(b)") == [191.5, 20, 163.5, 44])
        #expect(try t.run("return frame(c)") == [4, 76, 100, 50])
    }

    @Test func adjacentViewsAndAlignmentOptions() throws {
        let t = try Self.world()
        try t.run(
            """
            local Format = require("UIKit.NSLayoutConstraint").NSLayoutFormatOptions
            format("|[a(50)][b(60)][c(70)]", Format.AlignAllTop + Format.AlignAllBottom)
            format("V:|-100-[a(30)]")
            view:layoutIfNeeded()
            """)
        #expect(try t.run("return frame(a)") == [0, 100, 50, 30])
        #expect(try t.run("return frame(b)") == [50, 100, 60, 30])
        #expect(try t.run("return frame(c)") == [110, 100, 70, 30])
    }

    @Test func aBadFormatPointsAtWhereItGoesWrong() throws {
        let t = try Self.world()
        #expect(
            t.error("format('|-[a]-[zz]-|')").contains(
                "zz is not a key in the views dictionary.\n|-[a]-[zz]-|\n       ^"))
        #expect(t.error("format('|-gap-[a]')").contains("Unknown metric: gap\n|-gap-[a]\n  ^"))
        #expect(t.error("format('X:[a]')").contains("Expected 'H' or 'V' before ':'"))
        #expect(t.error("format('[a]-(>=8@2000)-[b]')").contains("A priority must be from 1 to 1000"))
        #expect(t.error("format('[a(50)')").contains("Expected ']'"))
        let alignment = t.error(
            "format('[a][b]', require('UIKit.NSLayoutConstraint').NSLayoutFormatOptions.AlignAllLeft)")
        #expect(alignment.contains("aligned on a horizontal edge"))
    }

    @Test func aViewsFittingSizeComesFromItsConstraints() throws {
        let t = try Self.world()
        try t.run(
            """
            box = objc.UIView:new()
            label = objc.UILabel:new()
            label.text = "Fitting"
            label.translatesAutoresizingMaskIntoConstraints = false
            box:addSubview(label)
            box:addConstraints(objc.NSLayoutConstraint:constraintsWithVisualFormat_options_metrics_views(
                "|-10-[label]-10-|", 0, nil, { label = label }))
            box:addConstraints(objc.NSLayoutConstraint:constraintsWithVisualFormat_options_metrics_views(
                "V:|-6-[label]-6-|", 0, nil, { label = label }))
            local Layout = require "UIKit.NSLayoutConstraint"
            compressed = box:systemLayoutSizeFittingSize(Layout.UILayoutFittingCompressedSize)
            wide = box:systemLayoutSizeFittingSize_withHorizontalFittingPriority_verticalFittingPriority(
                { width = 300, height = 0 }, 1000, Layout.UILayoutPriorityFittingSizeLevel)
            text = label:sizeThatFits { width = 0, height = 0 }
            """)
        #expect(
            try t.run(
                "return compressed.width == text.width + 20, compressed.height == text.height + 12, wide.width, "
                    + "wide.height == text.height + 12, box.frame.size.width") == [true, true, 300, true, 0])
    }

    @Test func theTopLayoutGuideOfIOS7Code() throws {
        let t = try Self.world()
        try t.run(
            """
            views.top = root.topLayoutGuide
            views.bottom = root.bottomLayoutGuide
            format("V:[top]-[a(30)]")
            format("V:[b(30)]-0-[bottom]")
            format("|[a(40)]")
            format("|[b(40)]")
            view:layoutIfNeeded()
            """)
        #expect(try t.run("return frame(a)") == [0, 28, 40, 30])  // the status bar's 20, then 8
        #expect(try t.run("return frame(b)") == [0, 637, 40, 30])
        #expect(try t.run("return root.topLayoutGuide.length, root.bottomLayoutGuide.length") == [20, 0])
    }

    @Test func ambiguityAndTheConstraintsThatPlaceAView() throws {
        let t = try Self.world()
        try t.run(
            """
            left = a.leadingAnchor:constraintEqualToAnchor_constant(view.leadingAnchor, 5)
            objc.NSLayoutConstraint:activateConstraints {
                left, a.widthAnchor:constraintEqualToConstant(50), a.heightAnchor:constraintEqualToConstant(20),
            }
            view:layoutIfNeeded()
            """)
        #expect(try t.run("return a:hasAmbiguousLayout()") == [true])  // nothing places it down the screen
        #expect(
            try t.run(
                "return #a:constraintsAffectingLayoutForAxis(0), #a:constraintsAffectingLayoutForAxis(1), "
                    + "a:constraintsAffectingLayoutForAxis(0)[1] == left or a:constraintsAffectingLayoutForAxis(0)[2] == left"
            )
                == [2, 1, true])
        try t.run("a.topAnchor:constraintEqualToAnchor(view.topAnchor).active = true view:layoutIfNeeded()")
        #expect(
            try t.run("return a:hasAmbiguousLayout(), b:hasAmbiguousLayout(), view:hasAmbiguousLayout()") == [
                false, true, false,  // b has no constraints at all; the root view keeps the frame it is given
            ])
    }

    @Test func wrongConstraintsAreClearErrors() throws {
        let t = try Self.world()
        let other = "objc.UIView:new()"
        #expect(
            t.error("a.leadingAnchor:constraintEqualToAnchor(\(other).leadingAnchor).active = true")
                .contains("because its items have no common ancestor"))
        #expect(
            t.error("a.leadingAnchor:constraintEqualToAnchor(b.topAnchor)")
                .contains("cannot be constrained to an NSLayoutYAxisAnchor"))
        #expect(t.error("a.widthAnchor:constraintEqualToConstant(0/0)").contains("must be finite numbers"))
        #expect(
            t.error("b:addConstraint(a.widthAnchor:constraintEqualToAnchor(c.widthAnchor))").contains(
                "The view hierarchy is not prepared for the constraint"))
        let priority = t.error(
            "local c = a.widthAnchor:constraintEqualToConstant(10) c.active = true c.priority = 500")
        #expect(priority.contains("cannot change from required to optional"))
    }

    @Test func aContradictionIsReportedInUIKitsWordsAndLayoutGoesOn() throws {
        let t = try Self.world()
        try t.run(
            """
            a.widthAnchor:constraintEqualToConstant(100).active = true
            a.widthAnchor:constraintEqualToConstant(200).active = true
            a.heightAnchor:constraintEqualToConstant(10).active = true
            a.leadingAnchor:constraintEqualToAnchor(view.leadingAnchor).active = true
            a.topAnchor:constraintEqualToAnchor(view.topAnchor).active = true
            view:layoutIfNeeded()
            """)
        let warning = try #require(t.warnings.first)
        #expect(warning.contains("Unable to simultaneously satisfy constraints."))
        #expect(warning.contains("Will attempt to recover by breaking constraint"))
        #expect(warning.contains(".width == 200   (active)"))
        #expect(try t.run("return frame(a)") == [0, 0, 100, 10])
        // The broken constraint, given a constant the others allow, is tried again: with the one
        // that broke it gone, it alone fixes the width.
        try t.run(
            """
            for _, c in ipairs(a.constraints) do
                if c.constant == 200 then retried = c elseif c.constant == 100 then first = c end
            end
            retried.constant = 150
            first.active = false
            view:layoutIfNeeded()
            """)
        #expect(t.warnings.count == 1)
        #expect(try t.run("return a:hasAmbiguousLayout(), frame(a)") == [false, 0, 0, 150, 10])
    }

    @Test func aConstantTheOthersForbidIsReportedAndTheOldOneHolds() throws {
        let t = try Self.world()
        try t.run(
            """
            width = a.widthAnchor:constraintEqualToConstant(100)
            objc.NSLayoutConstraint:activateConstraints {
                width, a.widthAnchor:constraintLessThanOrEqualToConstant(150), a.heightAnchor:constraintEqualToConstant(10),
                a.leadingAnchor:constraintEqualToAnchor(view.leadingAnchor), a.topAnchor:constraintEqualToAnchor(view.topAnchor),
            }
            view:layoutIfNeeded()
            width.constant = 120
            view:layoutIfNeeded()
            """)
        #expect(try t.run("return frame(a)") == [0, 0, 120, 10])
        #expect(t.warnings.isEmpty)
        try t.run("width.constant = 200 view:layoutIfNeeded()")
        #expect(try t.run("return frame(a)") == [0, 0, 120, 10])
        #expect(t.warnings.count == 1)
        #expect(t.warnings.first?.contains("Unable to simultaneously satisfy constraints.") == true)
        // Back within what the others allow, it holds again.
        try t.run("width.constant = 140 view:layoutIfNeeded()")
        #expect(try t.run("return frame(a)") == [0, 0, 140, 10])
        #expect(t.warnings.count == 1)
    }

    @Test func tenThousandContradictoryConstraintsAreReportedInBoundedWordsAndLayoutGoesOn() throws {
        let t = try Self.world()
        try t.run(
            """
            a.leadingAnchor:constraintEqualToAnchor(view.leadingAnchor).active = true
            a.topAnchor:constraintEqualToAnchor(view.topAnchor).active = true
            local all = {}
            for i = 1, 5000 do
                all[#all + 1] = a.widthAnchor:constraintEqualToConstant(i)
                all[#all + 1] = a.heightAnchor:constraintEqualToConstant(i)
            end
            objc.NSLayoutConstraint:activateConstraints(all)
            view:layoutIfNeeded()
            """)
        // The first of each kept, every other one broken: the warnings name a few each and say
        // how many more there are.
        #expect(try t.run("return frame(a)") == [0, 0, 1, 1])
        let text = t.warnings.joined(separator: "\n")
        #expect(text.contains("Unable to simultaneously satisfy constraints."))
        #expect(text.contains("more constraints could not be satisfied"))
        #expect(text.utf8.count < 100_000)
        // The sentinel: the host goes on laying out.
        try t.run("b.widthAnchor:constraintEqualToConstant(7).active = true view:layoutIfNeeded()")
        #expect(try t.run("return b.frame.size.width") == [7])
    }

    @Test func exercisingAmbiguityMovesOnlyWhatTheConstraintsLeaveOpen() throws {
        let t = try Self.world()
        try t.run(
            """
            objc.NSLayoutConstraint:activateConstraints {
                a.leadingAnchor:constraintEqualToAnchor_constant(view.leadingAnchor, 5),
                a.widthAnchor:constraintEqualToConstant(50), a.heightAnchor:constraintEqualToConstant(20),
                b.leadingAnchor:constraintEqualToAnchor(view.leadingAnchor), b.topAnchor:constraintEqualToAnchor(view.topAnchor),
                b.widthAnchor:constraintEqualToConstant(30), b.heightAnchor:constraintEqualToConstant(30),
            }
            view:layoutIfNeeded()
            """)
        let before = try t.run("return frame(a)")
        try t.run("a:exerciseAmbiguityInLayout() b:exerciseAmbiguityInLayout()")
        let after = try t.run("return frame(a)")
        // Down the screen a may be anywhere: it moves there, and across it stays where it must.
        #expect(after[0] == 5 && after[2] == 50 && after[3] == 20)
        #expect(after[1] != before[1])
        #expect(try t.run("return frame(b)") == [0, 0, 30, 30])
        // Exercised again, it goes back the other way.
        try t.run("a:exerciseAmbiguityInLayout()")
        #expect(try t.run("return frame(a)")[1] != after[1])
        #expect(try t.run("return a:hasAmbiguousLayout()") == [true])
    }

    @Test func aConstantChangedLaterMovesTheViewAtTheNextPass() throws {
        let t = try Self.world()
        try t.run(
            """
            left = a.leadingAnchor:constraintEqualToAnchor_constant(view.leadingAnchor, 10)
            objc.NSLayoutConstraint:activateConstraints {
                left, a.topAnchor:constraintEqualToAnchor(view.topAnchor),
                a.widthAnchor:constraintEqualToConstant(50), a.heightAnchor:constraintEqualToConstant(50),
            }
            view:layoutIfNeeded()
            left.constant = 120
            view:layoutIfNeeded()
            """)
        #expect(try t.run("return frame(a)") == [120, 0, 50, 50])
        try t.run("left.active = false b.widthAnchor:constraintEqualToConstant(5).active = true view:layoutIfNeeded()")
        #expect(try t.run("return left.active, #view.constraints, #a.constraints") == [false, 1, 2])
    }

    /// Labels and image views are measured again only when something they are measured from
    /// changes; each of those changes reaches the next pass.
    @Test func eachChangeToWhatALabelOrImageIsMeasuredFromReachesTheNextPass() throws {
        let t = try Self.world()
        try t.run(
            """
            first, second, picture = objc.UILabel:new(), objc.UILabel:new(), objc.UIImageView:new()
            first.text, second.text = "One", "Two"
            views.first, views.second, views.picture = first, second, picture
            for _, v in ipairs { first, second, picture } do
                v.translatesAutoresizingMaskIntoConstraints = false
                view:addSubview(v)
            end
            format("H:|[first][second]|")
            format("V:|[first]")
            format("V:|[second]")
            format("H:|[picture]")
            format("V:[first]-[picture]")
            second:setContentHuggingPriority_forAxis(700, 0)
            view:layoutIfNeeded()
            function width(v) local _, _, w = frame(v) return w end
            function height(v) local _, _, _, h = frame(v) return h end
            """)
        let natural = try t.run("return second:sizeThatFits { width = 0, height = 0 }.width")
        #expect(try t.run("return width(second)") == natural)
        #expect(try t.run("return width(first) + width(second)") == [375])

        try t.run(
            "first:setContentHuggingPriority_forAxis(700, 0) second:setContentHuggingPriority_forAxis(1, 0) "
                + "view:layoutIfNeeded()")
        #expect(try t.run("return width(first) == first:sizeThatFits { width = 0, height = 0 }.width") == [true])

        try t.run("first.text = 'A longer first label' view:layoutIfNeeded()")
        #expect(try t.run("return width(first) == first:sizeThatFits { width = 0, height = 0 }.width") == [true])

        try t.run("oneLine = height(first) first.font = objc.UIFont:boldSystemFontOfSize(34) view:layoutIfNeeded()")
        #expect(try t.run("return height(first) > oneLine") == [true])

        try t.run(
            "unwrapped = height(first) first.numberOfLines = 0 "
                + "first.widthAnchor:constraintLessThanOrEqualToConstant(120).active = true view:layoutIfNeeded()")
        #expect(try t.run("return width(first) <= 120, height(first) > unwrapped") == [true, true])

        try t.run(
            """
            local UIGraphics = require "UIKit.UIGraphics"
            UIGraphics.BeginImageContextWithOptions(struct.CGSize(30, 20), false, 1)
            picture.image = UIGraphics.GetImageFromCurrentImageContext()
            UIGraphics.EndImageContext()
            view:layoutIfNeeded()
            """)
        #expect(try t.run("return width(picture), height(picture)") == [30, 20])
    }

    @Test func labelsHugTheirTextAndButtonsTheirTitles() throws {
        let t = try Self.world()
        try t.run(
            """
            label = objc.UILabel:new()
            label.text = "Hello"
            label.translatesAutoresizingMaskIntoConstraints = false
            view:addSubview(label)
            format("|-[a]-[b]-|")
            views.label = label
            format("|-[label]")
            format("V:|-[label]")
            view:layoutIfNeeded()
            size = label:sizeThatFits { width = 0, height = 0 }
            """)
        #expect(try t.run("local _, _, w, h = frame(label) return w == size.width, h == size.height") == [true, true])
        try t.run("label:setContentHuggingPriority_forAxis(700, 1)")
        #expect(
            try t.run(
                "return label:contentHuggingPriorityForAxis(1), label:contentHuggingPriorityForAxis(0), "
                    + "label:contentCompressionResistancePriorityForAxis(0)") == [700, 250, 750])
        #expect(t.error("label:setContentHuggingPriority_forAxis(700, 2)").contains("axis must be"))
    }

    /// Two labels that hug alike leave it open which one stretches. Whichever it is, the same
    /// screen always gets the same answer, wherever its views happen to be in memory (the
    /// engine once added their size constraints in the order of a dictionary keyed by address).
    @Test func anAmbiguousLayoutComesOutTheSameWhereverItsViewsAre() throws {
        let t = try TestWorld()
        let widths = try (0..<12).map { round in
            try t.run(
                """
                padding = {}
                for i = 1, \(round * 7) do padding[i] = objc.UIView:new() end
                local window = objc.UIWindow:newWithFrame(struct.CGRect(0, 0, 375, 667))
                local name, value = objc.UILabel:new(), objc.UILabel:new()
                name.text, value.text = "Name", "Value"
                for _, label in ipairs { name, value } do
                    label.translatesAutoresizingMaskIntoConstraints = false
                    window:addSubview(label)
                end
                objc.NSLayoutConstraint:activateConstraints {
                    name.leadingAnchor:constraintEqualToAnchor(window.leadingAnchor),
                    value.leadingAnchor:constraintEqualToAnchor_constant(name.trailingAnchor, 8),
                    value.trailingAnchor:constraintEqualToAnchor(window.trailingAnchor),
                    name.topAnchor:constraintEqualToAnchor(window.topAnchor),
                    value.topAnchor:constraintEqualToAnchor(window.topAnchor),
                }
                window:layoutIfNeeded()
                return name.frame.size.width
                """)
        }
        #expect(Set(widths.map { "\($0)" }).count == 1, "\(widths)")
    }
}
