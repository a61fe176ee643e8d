import Foundation
import HeadlessUI
import LuaRuntime
import Testing

/// Auto Layout in a tree that is in no window, as unit tests of layouts use it: UIKit hosts an
/// engine on the topmost view, so `layoutIfNeeded` solves that tree's constraints; and a view's
/// fitting size counts content pinned to its layout margins guide.
@Suite struct DetachedLayoutTests {
    @Test func layoutIfNeededSolvesATreeInNoWindow() throws {
        let t = try TestWorld()
        let frames = try t.run(
            """
            local container = objc.UIView:newWithFrame(struct.CGRect(0, 0, 320, 200))
            local label = objc.UILabel:new()
            label.text = "Sign in"
            label.translatesAutoresizingMaskIntoConstraints = false
            local button = objc.UIButton:buttonWithType(1)
            button:setTitle_forState("Go", 0)
            button.translatesAutoresizingMaskIntoConstraints = false
            container:addSubview(label)
            container:addSubview(button)
            objc.NSLayoutConstraint:activateConstraints {
                label.leadingAnchor:constraintEqualToAnchor_constant(container.leadingAnchor, 20),
                label.topAnchor:constraintEqualToAnchor_constant(container.topAnchor, 30),
                button.trailingAnchor:constraintEqualToAnchor_constant(container.trailingAnchor, -20),
                button.centerYAnchor:constraintEqualToAnchor(label.centerYAnchor),
                button.widthAnchor:constraintEqualToConstant(80),
            }
            container:layoutIfNeeded()
            return label.frame.origin.x, label.frame.origin.y, label.frame.size.width > 0,
                button.frame.origin.x, button.frame.size.width, container.window == nil
            """)
        #expect(frames == [20, 30, true, 220, 80, true])
    }

    /// A subtree laid out from one of its views, and again after a constant changes.
    @Test func theEngineIsTheTopmostViewsAndFollowsChanges() throws {
        let t = try TestWorld()
        let frames = try t.run(
            """
            local root = objc.UIView:newWithFrame(struct.CGRect(0, 0, 300, 300))
            local middle = objc.UIView:newWithFrame(struct.CGRect(10, 10, 200, 200))
            root:addSubview(middle)
            local inner = objc.UIView:new()
            inner.translatesAutoresizingMaskIntoConstraints = false
            middle:addSubview(inner)
            local width = inner.widthAnchor:constraintEqualToConstant(50)
            objc.NSLayoutConstraint:activateConstraints {
                inner.leadingAnchor:constraintEqualToAnchor_constant(middle.leadingAnchor, 5),
                inner.topAnchor:constraintEqualToAnchor(middle.topAnchor), width,
                inner.heightAnchor:constraintEqualToAnchor(inner.widthAnchor),
            }
            middle:layoutIfNeeded()
            local first = inner.frame.size.width
            width.constant = 70
            inner:layoutIfNeeded()
            return first, inner.frame.origin.x, inner.frame.size.width, inner.frame.size.height
            """)
        #expect(frames == [50, 5, 70, 70])
    }

    /// A view whose content is pinned to its layout margins guide: the fitting size is the
    /// content plus the margins, as UIKit's is (its default margins are 8 points).
    @Test func fittingThroughTheLayoutMarginsGuideCountsTheMargins() throws {
        let t = try TestWorld()
        let size = try t.run(
            """
            local view = objc.UIView:new()
            local box = objc.UIView:new()
            box.translatesAutoresizingMaskIntoConstraints = false
            view:addSubview(box)
            local guide = view.layoutMarginsGuide
            objc.NSLayoutConstraint:activateConstraints {
                box.leadingAnchor:constraintEqualToAnchor(guide.leadingAnchor),
                box.trailingAnchor:constraintEqualToAnchor(guide.trailingAnchor),
                box.topAnchor:constraintEqualToAnchor(guide.topAnchor),
                box.bottomAnchor:constraintEqualToAnchor(guide.bottomAnchor),
                box.widthAnchor:constraintEqualToConstant(100),
                box.heightAnchor:constraintEqualToConstant(40),
            }
            local fitted = view:systemLayoutSizeFittingSize(struct.CGSize(0, 0))
            view.layoutMargins = { top = 4, left = 10, bottom = 6, right = 12 }
            local wider = view:systemLayoutSizeFittingSize(struct.CGSize(0, 0))
            return fitted.width, fitted.height, wider.width, wider.height
            """)
        #expect(size == [116, 56, 122, 50])
    }
}
