import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// Views: geometry, the tree, autoresizing, layout, conversion and hit testing.
@Suite struct ViewTests {
    /// Every combination of the six autoresizing flags, as a superview grows and then shrinks
    /// back: margins and sizes follow UIKit's proportional rule, and shrinking restores the frame.
    @Test(arguments: 0..<64)
    func autoresizingMask(_ mask: Int) throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local parent = objc.UIView:newWithFrame(struct.CGRect(0, 0, 200, 100))
            local child = objc.UIView:newWithFrame(struct.CGRect(20, 10, 100, 50))
            child.autoresizingMask = \(mask)
            parent:addSubview(child)
            parent.frame = struct.CGRect(0, 0, 300, 160)
            local grown = child.frame
            parent.frame = struct.CGRect(0, 0, 200, 100)
            local back = child.frame
            return grown.origin.x, grown.size.width, grown.origin.y, grown.size.height,
                   back.origin.x, back.size.width, back.origin.y, back.size.height
            """
        ).map { $0.numberValue ?? .nan }
        func axis(
            _ leading: Double, _ size: Double, _ trailing: Double, _ delta: Double,
            _ flexible: (Bool, Bool, Bool)
        ) -> (Double, Double) {
            let parts = [(leading, flexible.0), (size, flexible.1), (trailing, flexible.2)]
            let total = parts.filter(\.1).reduce(0) { $0 + $1.0 }
            let count = Double(parts.filter(\.1).count)
            func grow(_ part: (Double, Bool)) -> Double {
                guard part.1 else { return part.0 }
                return part.0 + (total > 0 ? delta * part.0 / total : delta / count)
            }
            return (grow(parts[0]), grow(parts[1]))
        }
        let horizontal = axis(20, 100, 80, 100, (mask & 1 != 0, mask & 2 != 0, mask & 4 != 0))
        let vertical = axis(10, 50, 40, 60, (mask & 8 != 0, mask & 16 != 0, mask & 32 != 0))
        for (value, expected) in zip(results, [horizontal.0, horizontal.1, vertical.0, vertical.1, 20, 100, 10, 50]) {
            #expect(abs(value - expected) < 1e-9, "mask \(mask): \(results)")
        }
    }

    @Test func treeGeometryConversionAndHitTesting() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local root = objc.UIView:newWithFrame(struct.CGRect(0, 0, 300, 300))
            local a = objc.UIView:newWithFrame(struct.CGRect(10, 20, 100, 100))
            local b = objc.UIView:newWithFrame(struct.CGRect(5, 5, 50, 50))
            local c = objc.UIView:newWithFrame(struct.CGRect(200, 200, 50, 50))
            root:addSubview(a); a:addSubview(b); root:insertSubview_atIndex(c, 0)
            b.tag = 7
            local p = b:convertPoint_toView({ x = 1, y = 2 }, root)
            local q = root:convertPoint_toView({ x = 16, y = 27 }, b)
            local hit = root:hitTest_withEvent({ x = 20, y = 30 }, nil)
            local hitA = root:hitTest_withEvent({ x = 100, y = 100 }, nil)
            b.hidden = true
            local hidden = root:hitTest_withEvent({ x = 20, y = 30 }, nil)
            a.bounds = struct.CGRect(10, 10, 100, 100)  -- scrolled content
            local scrolled = b:convertPoint_toView({ x = 0, y = 0 }, root)
            b:removeFromSuperview()
            return p.x, p.y, q.x, q.y, hit == b, hitA == a, hidden == a, root.subviews[1] == c,
                   scrolled.x, scrolled.y, b.superview, root:viewWithTag(7), a.center.x, a.center.y
            """)
        #expect(results == [16, 27, 1, 2, true, true, true, true, 5, 15, nil, nil, 60, 70])
    }

    @Test func transformsChangeTheFrameAndConversion() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            local root = objc.UIView:newWithFrame(struct.CGRect(0, 0, 300, 300))
            local v = objc.UIView:newWithFrame(struct.CGRect(100, 100, 100, 50))
            root:addSubview(v)
            v.transform = { a = 2, b = 0, c = 0, d = 2, tx = 0, ty = 0 }
            local f = v.frame
            local p = v:convertPoint_toView({ x = 0, y = 0 }, root)
            local back = root:convertPoint_toView(p, v)
            return f.origin.x, f.origin.y, f.size.width, f.size.height, p.x, p.y, back.x, back.y, v.bounds.size.width
            """)
        #expect(results == [50, 75, 200, 100, 50, 75, 0, 0, 100])
    }

    @Test func badInputGetsClearErrorsAndLeavesTheTreeAlone() throws {
        let t = try TestWorld()
        try t.run(
            """
            parent = objc.UIView:newWithFrame(struct.CGRect(0, 0, 10, 10))
            child = objc.UIView:new()
            parent:addSubview(child)
            """)
        #expect(t.error("parent:addSubview(parent)").contains("a view cannot be its own subview"))
        #expect(t.error("child:addSubview(parent)").contains("cannot be added to one of its own descendants"))
        #expect(try t.run("return #parent.subviews, child.superview == parent, #child.subviews") == [1, true, 0])
        #expect(
            t.error("child.frame = struct.CGRect(0, 0, -5, 10)").contains(
                "UIView.frame: frame.size must not be negative"))
        #expect(
            t.error("child.frame = { origin = { x = 0/0, y = 0 }, size = { width = 1, height = 1 } }")
                .contains("frame.origin.x must be a finite number"))
        #expect(t.error("child.center = { x = 1 }").contains("field 'y' is missing"))
        #expect(
            t.error("return parent:convertPoint_toView({ x = 0, y = 0 }, objc.UIView:new())")
                .contains("not in the same hierarchy"))
        #expect(t.error("objc.UIView:new():addSubview(nil)").contains("bad argument #1"))
    }

    @Test func layoutSubviewsRunsTheScriptOverrideOncePerPass() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            Panel = objc.UIView:createSubclass("Panel")
            function Panel:layoutSubviews()
                self.passes = (self.passes or 0) + 1
                self[objc.UIView]:layoutSubviews()
                self.subviews[1].frame = struct.CGRect(0, 0, self.bounds.size.width / 2, 10)
            end
            local panel = Panel:newWithFrame(struct.CGRect(0, 0, 100, 100))
            panel:addSubview(objc.UIView:new())
            panel:layoutIfNeeded()
            panel:layoutIfNeeded()
            panel.size = { width = 300, height = 100 }
            panel:layoutIfNeeded()
            return panel.passes, panel.subviews[1].frame.size.width
            """)
        #expect(results == [2, 150])
    }

    /// A tree whose views count their layouts: `root` holds `a` and `d`, `a` holds `b`, `b`
    /// holds `c`; `counts()` gives each view's count in that order.
    static let countingTree = """
        Counted = objc.UIView:createSubclass("Counted")
        function Counted:layoutSubviews()
            self.layouts = (self.layouts or 0) + 1
            if self.onLayout then self:onLayout() end
        end
        root, a, b, c, d = Counted:new(), Counted:new(), Counted:new(), Counted:new(), Counted:new()
        b:addSubview(c) a:addSubview(b) root:addSubview(a) root:addSubview(d)
        function counts()
            return root.layouts or 0, a.layouts or 0, b.layouts or 0, c.layouts or 0, d.layouts or 0
        end
        """

    @Test func aViewMarkedDeepInALaidOutTreeIsLaidOutAtTheNextPass() throws {
        let t = try TestWorld()
        try t.run(Self.countingTree)
        #expect(try t.run("root:layoutIfNeeded() return counts()") == [1, 1, 1, 1, 1])
        #expect(try t.run("root:layoutIfNeeded() return counts()") == [1, 1, 1, 1, 1])
        #expect(try t.run("c:setNeedsLayout() root:layoutIfNeeded() return counts()") == [1, 1, 1, 2, 1])
        #expect(
            try t.run("c:setNeedsLayout() b:setNeedsLayout() root:layoutIfNeeded() return counts()") == [1, 1, 2, 3, 1])
    }

    @Test func aSubtreeMarkedOffScreenIsLaidOutOnceAttached() throws {
        let t = try TestWorld()
        try t.run(Self.countingTree)
        try t.run("root:layoutIfNeeded() b:removeFromSuperview() root:layoutIfNeeded() c:setNeedsLayout()")
        #expect(try t.run("return counts()") == [1, 2, 1, 1, 1])
        #expect(try t.run("d:addSubview(b) root:layoutIfNeeded() return counts()") == [1, 2, 1, 2, 2])
    }

    @Test func aViewMarkedByAnEarlierLayoutInThePassIsLaidOutInTheSamePass() throws {
        let t = try TestWorld()
        try t.run(Self.countingTree)
        try t.run("root:layoutIfNeeded() function a:onLayout() objc.UIView.setNeedsLayout(d) end")
        #expect(try t.run("a:setNeedsLayout() root:layoutIfNeeded() return counts()") == [1, 2, 1, 1, 2])
    }

    @Test func theViewsAFailedLayoutLeftAreLaidOutAtTheNextPass() throws {
        let t = try TestWorld()
        try t.run(Self.countingTree)
        try t.run("root:layoutIfNeeded() function a:onLayout() error('broken layout') end")
        #expect(throws: LuaError.self) {
            try t.run("a:setNeedsLayout() c:setNeedsLayout() d:setNeedsLayout() root:layoutIfNeeded()")
        }
        #expect(try t.run("return counts()") == [1, 2, 1, 1, 1])
        #expect(try t.run("a.onLayout = nil root:layoutIfNeeded() return counts()") == [1, 2, 1, 2, 2])
    }

    /// Layouts read these for every item: `__index` reads them from the object's memory, and
    /// sees what native code stored.
    @Test func plainStoredPropertiesAreReadInPlace() throws {
        for field in [
            NativeObjectField(\View.tag), NativeObjectField(\View.isOpaque), NativeObjectField(\View.contentMode),
            NativeObjectField(\LayoutAttributes.alpha), NativeObjectField(\LayoutAttributes.zIndex),
            NativeObjectField(\LayoutAttributes.isHidden),
        ] {
            #expect(field != nil)
        }
        let t = try TestWorld()
        try t.run(
            """
            box = objc.UIView:new()
            attributes = objc.UICollectionViewLayoutAttributes:layoutAttributesForCellWithIndexPath(
                objc.NSIndexPath:indexPathForItem_inSection(0, 0))
            """)
        let box = try #require(try t.world.bridge.state.object(of: t.world.bridge.state.global("box"), as: View.self))
        box.tag = 42
        box.isUserInteractionEnabled = false
        #expect(
            try t.run("return box.tag, box.userInteractionEnabled, attributes.alpha, attributes.zIndex") == [
                42, false, 1, 0,
            ])
    }

    /// The world's pass skips windows when nothing was marked; what was marked in a hidden
    /// window, or in a window a failed pass did not reach, is laid out at a later pass.
    @Test func theWorldsPassLaysOutWhatHiddenOrUnreachedWindowsHadMarked() throws {
        let t = try TestWorld()
        try t.run(Self.countingTree)
        try t.run(
            """
            window = objc.UIWindow:newWithFrame(struct.CGRect(0, 0, 200, 200))
            window:addSubview(root)
            later = objc.UIWindow:newWithFrame(struct.CGRect(0, 0, 200, 200))
            e = Counted:new()
            later:addSubview(e)
            later.hidden = false
            """)
        try t.world.layoutPass()
        #expect(try t.run("return counts()") == [0, 0, 0, 0, 0])
        try t.run("c:setNeedsLayout()")
        try t.world.layoutPass()
        #expect(try t.run("return counts()") == [0, 0, 0, 0, 0])
        try t.run("window.hidden = false")
        try t.world.layoutPass()
        #expect(try t.run("return counts()") == [1, 1, 1, 1, 1])
        try t.world.layoutPass()
        try t.run("c:setNeedsLayout()")
        try t.world.layoutPass()
        #expect(try t.run("return counts()") == [1, 1, 1, 2, 1])
        // `window` came first, so its pass comes before `later`'s.
        try t.run("function a:onLayout() error('broken layout') end a:setNeedsLayout() e:setNeedsLayout()")
        #expect(throws: LuaError.self) { try t.world.layoutPass() }
        #expect(try t.run("return e.layouts") == [1])
        try t.run("a.onLayout = nil")
        try t.world.layoutPass()
        #expect(try t.run("return e.layouts") == [2])
    }

    @Test func screenAndDeviceProfiles() throws {
        #expect(try DeviceProfile(parsing: "tablet") == .tablet)
        #expect(try DeviceProfile(parsing: "800x600@2").size == CGSize(width: 800, height: 600))
        #expect(throws: UIError.self) { try DeviceProfile(parsing: "800by600") }
        #expect(throws: UIError.self) { try DeviceProfile(parsing: "800x600@0") }
        let t = try TestWorld(profile: .largePhone)
        #expect(
            try t.run("local s = objc.UIScreen.mainScreen return s.bounds.size.width, s.bounds.size.height, s.scale")
                == [430, 932, 3])
    }

    @Test func scriptHitTestingOverridesAreHonoured() throws {
        let t = try TestWorld()
        let results = try t.run(
            """
            Big = objc.UIView:createSubclass("Big")
            function Big:pointInside_withEvent(point, event)  -- a 20-point larger touch area
                return point.x >= -20 and point.y >= -20 and point.x <= self.bounds.size.width + 20
                       and point.y <= self.bounds.size.height + 20
            end
            Shield = objc.UIView:createSubclass("Shield")
            function Shield:hitTest_withEvent(point, event) return nil end
            local root = objc.UIView:newWithFrame(struct.CGRect(0, 0, 300, 300))
            local big = Big:newWithFrame(struct.CGRect(100, 100, 10, 10))
            local shield = Shield:newWithFrame(struct.CGRect(200, 200, 50, 50))
            root:addSubview(big); root:addSubview(shield)
            return root:hitTest_withEvent({ x = 85, y = 85 }, nil) == big, root:hitTest_withEvent({ x = 210, y = 210 }, nil) == root
            """)
        #expect(results == [true, true])
    }
}
