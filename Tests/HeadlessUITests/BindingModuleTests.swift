import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// The SDK's binding modules as CodeFlow names them: one per header, with the header's enums,
/// constants and functions (CATransform3D, CGAffineTransform, UIGeometry) and struct methods.
@Suite struct BindingModuleTests {
    @Test func everyClassHasTheModuleOfItsHeader() throws {
        let t = try TestWorld()
        let names = [
            "UIKit.UIView", "UIKit.UILabel", "UIKit.UIColor", "UIKit.UIFont", "UIKit.UIImage", "UIKit.UIImageView",
            "UIKit.UIViewController", "UIKit.UICollectionView", "UIKit.UICollectionViewCell",
            "UIKit.UICollectionViewLayout", "UIKit.UICollectionViewFlowLayout", "UIKit.UIGestureRecognizer",
            "UIKit.UIPinchGestureRecognizer", "UIKit.UIScreen", "UIKit.UIWindow", "UIKit.NSText",
            "UIKit.NSParagraphStyle", "UIKit.NSAttributedString", "UIKit.UIGeometry", "Foundation.NSString",
            "Foundation.NSArray", "Foundation.NSIndexPath", "Foundation.NSRange", "QuartzCore.CALayer",
            "QuartzCore.CATransform3D", "CoreGraphics.CGGeometry", "CoreGraphics.CGAffineTransform",
            "UIKit.UIScrollView", "UIKit.UITableView", "UIKit.UITableViewCell", "UIKit.UITableViewController",
            "UIKit.UIControl", "UIKit.UIButton", "UIKit.UISwitch", "UIKit.UISlider", "UIKit.UIApplication",
            "UIKit.UITextField", "UIKit.UITextView", "UIKit.UITextInputTraits", "UIKit.UISegmentedControl",
            "UIKit.UIAlertController",
        ]
        for name in names {
            #expect(try t.run("return type(require '\(name)')") == ["table"], "\(name)")
        }
        #expect(
            t.error("require 'UIKit.UIWebView'").contains(
                "UIKit.UIWebView is not available in Rebound (closest modules: "))
    }

    @Test func headersHoldTheirEnumsInBothSpellings() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local UiView, NsText = require "UIKit.UIView", require "UIKit.NSText"
            local NsString = require "Foundation.NSString"
            local UiCollectionView, Layout = require "UIKit.UICollectionView", require "UIKit.UICollectionViewLayout"
            assert(UiView.Autoresizing.FlexibleWidth == objc.UIView.Autoresizing.flexibleWidth)
            assert(NsString.EnumerationOptions.ByWords == NsString.Enumeration.byWords)
            assert(NsText.LineBreakMode.ByTruncatingTail == require("UIKit.NSParagraphStyle").LineBreakMode.ByTruncatingTail)
            assert(Layout.UICollectionElementKindSectionHeader == require("UIKit.UICollectionViewFlowLayout").UICollectionElementKindSectionHeader)
            return UiView.ContentMode.ScaleAspectFit, UiView.AnimationOptions.CurveEaseOut, NsText.Alignment.Center,
                   NsString.CompareOptions.CaseInsensitiveSearch, UiCollectionView.ScrollPosition.CenteredVertically,
                   Layout.ScrollDirection.Horizontal, Layout.Category.SupplementaryView,
                   require("UIKit.UIGestureRecognizer").State.Began
            """)
        #expect(results == [1, 0x20000, 1, 1, 2, 1, 1, 1])
        #expect(
            t.error("return require('UIKit.UIView').Autoresising").contains(
                "module UIKit.UIView has no member 'Autoresising' (did you mean 'Autoresizing'?)"))
    }

    @Test func transform3DFunctionsFollowCoreAnimation() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local CaTransform3D = require "QuartzCore.CATransform3D"
            local I = CaTransform3D.Identity
            local r = CaTransform3D.Rotate(I, math.pi / 2, 0, 0, 1)
            local tr = CaTransform3D.Translate(CaTransform3D.MakeScale(2, 2, 1), 10, 0, 0)
            assert(CaTransform3D.IsIdentity(I) and I:isIdentity() and not r:isIdentity())
            assert(r:equalToTransform(CaTransform3D.MakeRotation(math.pi / 2, 0, 0, 1)))
            local back = CaTransform3D.Concat(tr, CaTransform3D.Invert(tr))
            assert(math.abs(back.m11 - 1) < 1e-12 and math.abs(back.m41) < 1e-12 and CaTransform3D.IsAffine(back))
            assert(I:rotate(math.pi / 2, 0, 0, 1):equalToTransform(r) and CaTransform3D.Scale(I, 2, 3, 1).m22 == 3)
            local singular = CaTransform3D.MakeScale(0, 1, 1)
            assert(CaTransform3D.Invert(singular) == singular)
            local affine = CaTransform3D.GetAffineTransform(tr)
            return math.floor(r.m12 + 0.5), math.floor(r.m21 + 0.5), tr.m41, tr.m11, affine.tx, affine.a,
                   CaTransform3D.MakeTranslation(1, 2, 3).m43
            """)
        // Translate applies before t: the translation is scaled by t (10 * 2).
        #expect(results == [1, -1, 20, 2, 20, 2, 3])
        #expect(
            t.error("require('QuartzCore.CATransform3D').Rotate({}, 1, 0, 0, 1)").contains(
                "bad argument #1 (t) to 'CATransform3D.Rotate' (CATransform3D expected: field 'm11' is missing)"))
        #expect(
            t.error("require('QuartzCore.CATransform3D').Rotate(nil, 1, 0, 0, 1)").contains(
                "bad argument #1 (t) to 'CATransform3D.Rotate' (CATransform3D expected (a table with its fields), got nil)"
            ))
        #expect(
            t.error("require('QuartzCore.CATransform3D').Identity:rotate(0/0, 0, 0, 1)").contains(
                "bad argument #1 (angle) to 'CATransform3D:rotate' (number expected, got nan)"))
        #expect(
            t.error("require('QuartzCore.CATransform3D').MakeScale(1, 2)").contains(
                "bad argument #3 (sz) to 'CATransform3D.MakeScale' (number expected, got no value)"))
    }

    @Test func affineTransformFunctionsFollowCoreGraphics() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local CgAffineTransform = require "CoreGraphics.CGAffineTransform"
            local I = CgAffineTransform.Identity
            local t = CgAffineTransform.Translate(CgAffineTransform.MakeScale(2, 3), 5, 1)
            local p = CgAffineTransform.PointApply(struct.CGPoint(1, 1), t)
            local q = CgAffineTransform.CGPointApplyAffineTransform({ x = 1, y = 1 }, t)
            local r = CgAffineTransform.RectApply(struct.CGRect(0, 0, 1, 1), CgAffineTransform.MakeRotation(math.pi / 2))
            assert(p == q and CgAffineTransform.IsIdentity(I) and I:isIdentity() and not t:isIdentity())
            local back = t:concat(t:invert())
            assert(back.a == 1 and back.d == 1 and math.abs(back.tx) < 1e-12 and math.abs(back.ty) < 1e-12)
            -- Rotate applies before t: rotating, then moving by (1, 0) leaves the move unturned.
            assert(CgAffineTransform.Rotate(CgAffineTransform.MakeTranslation(1, 0), math.pi).tx == 1)
            assert(CgAffineTransform.Invert(CgAffineTransform.MakeScale(0, 1)) == CgAffineTransform.MakeScale(0, 1))
            local s = CgAffineTransform.SizeApply(struct.CGSize(1, 1), CgAffineTransform.MakeScale(4, 5))
            return p.x, p.y, math.floor(r.origin.x + 0.5), math.floor(r.size.width + 0.5), s.width, s.height,
                   t:applyToPoint(struct.CGPoint(0, 0)).x
            """)
        #expect(results == [12, 6, -1, 1, 4, 5, 10])
        #expect(
            t.error("require('CoreGraphics.CGAffineTransform').Rotate({ a = 1, b = 0, c = 0, d = 1, tx = 0 }, 1)")
                .contains(
                    "bad argument #1 (t) to 'CGAffineTransform.Rotate' (CGAffineTransform expected: field 'ty' is missing)"
                ))
    }

    @Test func edgeInsetsHaveUIGeometrysFunctions() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local UiGeometry = require "UIKit.UIGeometry"
            local insets = UiGeometry.UIEdgeInsetsMake(1, 2, 3, 4)
            local a = UiGeometry.UIEdgeInsetsInsetRect(struct.CGRect(0, 0, 10, 10), insets)
            local b = insets:insetRect(struct.CGRect(0, 0, 10, 10))
            assert(a == b and insets:equalToEdgeInsets(struct.UIEdgeInsets(1, 2, 3, 4)) and UiGeometry.UIEdgeInsetsZero.top == 0)
            return a.origin.x, a.origin.y, a.size.width, a.size.height
            """)
        #expect(results == [2, 1, 4, 6])
    }

    @Test func layoutAttributesTransformsCompareAfterAReload() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local CaTransform3D = require "QuartzCore.CATransform3D"
            local attributes = objc.UICollectionViewLayoutAttributes:layoutAttributesForCellWithIndexPath(
                objc.NSIndexPath:indexPathForItem_inSection(0, 0))
            attributes.transform3D = CaTransform3D.Rotate(CaTransform3D.Identity, 1, 0, 0, 1)
            local kept = attributes.transform3D
            package.loaded["QuartzCore.CATransform3D"] = nil
            local again = require "QuartzCore.CATransform3D"
            return kept == again.MakeRotation(1, 0, 0, 1), attributes:transform3D():isIdentity(), tostring(again.Identity):sub(1, 20)
            """)
        #expect(results == [true, false, "CATransform3D(1, 0, "])
    }
}

/// Every function of the struct headers' modules, given bad input: an error that names the
/// function and the argument, never a crash and never a made-up result.
@Suite struct BindingModuleBadInputTests {
    static let modules = [
        "QuartzCore.CATransform3D", "CoreGraphics.CGAffineTransform", "CoreGraphics.CGGeometry",
        "UIKit.UIGeometry", "Foundation.NSRange",
    ]

    @Test(arguments: modules) func everyFunctionNamesWhatIsWrong(module: String) throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local module, header = require "\(module)", ("\(module)"):match("%.(.+)$")
            local bad = { "nil", "0/0", "{}", "'text'", "struct.NSRange(1, 2)", "{ x = 0/0, y = 1 }" }
            local report, checked = {}, 0
            for name, member in pairs(module) do
                if type(member) == "function" then
                    for _, input in ipairs(bad) do
                        -- the first argument bad, the others missing
                        local ok, message = pcall(load("local f = ... return f(" .. input .. ")"), member)
                        checked = checked + 1
                        local valid = header == "NSRange" and input == "struct.NSRange(1, 2)"
                        if ok and not valid then
                            report[#report + 1] = name .. "(" .. input .. ") gave a result"
                        -- an alias (`PointApply`) is named by the function it stands for
                        elseif not ok and not (message:find("'" .. header .. ".", 1, true)
                                               and (message:find("argument", 1, true) or message:find("takes", 1, true))) then
                            report[#report + 1] = name .. "(" .. input .. "): " .. message
                        end
                    end
                end
            end
            return checked, table.concat(report, "\\n")
            """)
        #expect((results.first?.integerValue ?? 0) > 10)
        #expect(results.last == "", "\(results.last?.stringValue ?? "")")
    }
}
