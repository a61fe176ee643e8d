import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge
import Testing

/// The ownership rule: an object alive natively and reachable from the window keeps its one
/// userdata, and with it its script fields, for as long as it lives. Every stored property
/// of every object under the window is found by reflection (not through `adopt`, which is
/// what is under test), so a strong reference that is not mirrored into Lua shows up here.
@Suite struct OwnershipTests {
    /// Stored properties native code keeps for itself and no script can read back: a cell's
    /// copy of the attributes applied to it (scripts get their own copy in
    /// `applyLayoutAttributes`), so no script field on it could ever be found again.
    static let nativeOnly: Set = ["layoutAttributes"]

    /// Every bridged object reachable from `root` through stored properties, in the order found.
    func reachable(from root: BridgeObject) -> [BridgeObject] {
        var found: [BridgeObject] = []
        var seen = Set<ObjectIdentifier>()
        var pending: [Any] = [root]
        while let value = pending.popLast() {
            // An optional is looked into first, so that the object in it is walked, not skipped
            // as seen (a cast to BridgeObject sees through optionals).
            if Mirror(reflecting: value).displayStyle == .optional {
                pending += Mirror(reflecting: value).children.map(\.value)
                continue
            }
            if let object = value as? BridgeObject {
                guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
                found.append(object)
            } else if type(of: value) is AnyClass {
                continue  // the world's services, classes, closures' boxes: not bridged objects
            }
            var mirror: Mirror? = Mirror(reflecting: value)
            while let current = mirror {
                pending += current.children.filter { !Self.nativeOnly.contains($0.label ?? "") }.map(\.value)
                mirror = current.superclassMirror
            }
        }
        return found
    }

    func world() throws -> TestWorld {
        let t = try TestWorld()
        try t.run(
            TutorialCollection.tutorial + """

                local original = LabelCell.initWithFrame
                function LabelCell:initWithFrame(frame)
                    original(self, frame)
                    self.label.font = objc.UIFont:boldSystemFontOfSize(14)
                    self.label.textColor = objc.UIColor.whiteColor
                    self.label.shadowColor = objc.UIColor.darkGrayColor
                    self.contentView.backgroundColor = objc.UIColor:colorWithWhite_alpha(0.5, 1)
                    self.contentView.layer.borderColor = objc.UIColor.redColor
                    local image = objc.UIImageView:new()
                    self.contentView:addSubview(image)
                end
                local loaded = CollectionController.viewDidLoad
                function CollectionController:viewDidLoad()
                    loaded(self)
                    self.collectionView:addGestureRecognizer(objc.UIPinchGestureRecognizer:new())
                    local child = objc.UIViewController:new()
                    self:addChildViewController(child)
                end
                """)
        let controller = try #require(
            t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
        try t.world.setRoot(controller)
        try t.run("controller = nil")
        try t.world.layoutPass()
        return t
    }

    /// A new root that only native code holds (the host's start module's controller) keeps
    /// its script fields, and those of what it owns, through a collection that runs while its
    /// view loads, before the window shows it.
    @Test func aNewRootKeepsItsFieldsThroughACollectionWhileItsViewLoads() throws {
        let t = try TestWorld()
        try t.run(
            """
            local Layout = objc.UICollectionViewLayout:createSubclass "KeptLayout"
            function Layout:init() self[objc.UICollectionViewLayout]:init() self.inset = 8 return self end
            NewRoot = objc.UICollectionViewController:createSubclass "NewRoot"
            function NewRoot:init()
                self.marker = "kept"
                return self[objc.UICollectionViewController]:initWithCollectionViewLayout(Layout:new())
            end
            local OldRoot = objc.UIViewController:createSubclass "OldRoot"
            function OldRoot:viewWillDisappear(animated) collectgarbage() collectgarbage() end
            oldRoot = OldRoot:new()
            """)
        try t.world.setRoot(
            try #require(t.world.bridge.state.object(of: t.run("return oldRoot")[0], as: ViewController.self)))
        let cls = try #require(
            t.world.bridge.state.object(
                of: t.run("local class = NewRoot NewRoot = nil return class")[0],
                as: ClassObject.self))
        let controller = try #require(try t.world.bridge.instantiate(cls, initializer: "init") as? ViewController)
        try t.world.setRoot(controller)
        let root = try t.world.bridge.value(for: controller)
        let read = try t.world.bridge.state.load(
            "local root = ... return root.marker, root.collectionView.collectionViewLayout.inset",
            chunkName: "=read")
        #expect(try read.call(root) == ["kept", 8])
    }

    @Test func everythingReachableFromTheWindowKeepsItsScriptFieldsThroughCollections() throws {
        let t = try world()
        let objects = reachable(from: t.world.window)
        #expect(objects.count > 50)
        let mark = try t.world.bridge.state.load(
            "local object, value = ... object.ownershipMark = value", chunkName: "=mark")
        let read = try t.world.bridge.state.load("return (...).ownershipMark", chunkName: "=read")
        for (index, object) in objects.enumerated() {
            try mark.call(try t.world.bridge.value(for: object), .integer(Int64(index)))
        }
        try t.run("collectgarbage() collectgarbage()")
        t.world.bridge.state.collectGarbage()
        var lost: [String] = []
        for (index, object) in objects.enumerated() {
            let value = try read.call(try t.world.bridge.value(for: object)).first
            if value != .integer(Int64(index)) { lost.append(String(describing: type(of: object))) }
        }
        #expect(lost.isEmpty, "objects that lost their script fields: \(lost)")
    }

    /// A world torn down in the middle of animations (an update fading a cell out, a push
    /// sliding, a block with a completion, the keyboard sliding in, an iOS 2 block with a
    /// delegate, a layer's endless animation, a display link, a transaction's completion) goes
    /// away whole: nothing it animated keeps it.
    @Test func aWorldGoesAwayInTheMiddleOfItsAnimations() throws {
        weak var bridge: ObjectBridge?
        weak var leaving: View?
        weak var pushed: ViewController?
        weak var application: Application?
        do {
            let t = try TestWorld()
            try t.run(
                TutorialCollection.tutorial + """

                    count = 100
                    function CollectionController:collectionView_numberOfItemsInSection(collectionView, section) return count end
                    """)
            let controller = try #require(
                t.world.bridge.state.object(of: t.run("return controller")[0], as: ViewController.self))
            try t.world.setRoot(controller)
            leaving = try t.world.bridge.state.object(
                of: t.run(
                    """
                    local cv = controller.collectionView
                    local cell = cv:cellForItemAtIndexPath(objc.NSIndexPath:indexPathForItem_inSection(0, 0))
                    count = 99
                    cv:deleteItemsAtIndexPaths { objc.NSIndexPath:indexPathForItem_inSection(0, 0) }
                    objc.UIView:animateWithDuration_animations_completion(1, function() cv.alpha = 0.5 end, function() end)
                    local window = objc.UIWindow:newWithFrame(objc.UIScreen.mainScreen.bounds)
                    local navigation = objc.UINavigationController:newWithRootViewController(objc.UIViewController:new())
                    window.rootViewController = navigation
                    window:makeKeyAndVisible()
                    keptWindow = window
                    pushed = objc.UIViewController:new()
                    navigation:pushViewController_animated(pushed, true)
                    local field = objc.UITextField:newWithFrame(struct.CGRect(0, 0, 100, 30))
                    controller.view:addSubview(field)
                    field:becomeFirstResponder()
                    local Delegate = objc.NSObject:createSubclass "TornDelegate"
                    function Delegate:stopped_finished_context() end
                    function Delegate:animationDidStop_finished() end
                    function Delegate:tick() end
                    local delegate = Delegate:new()
                    objc.UIView:beginAnimations_context("torn", nil)
                    objc.UIView:setAnimationDelegate(delegate)
                    objc.UIView:setAnimationDidStopSelector("stopped:finished:context:")
                    cv.center = struct.CGPoint(10, 10)
                    objc.UIView:commitAnimations()
                    local ring = objc.CAShapeLayer:layer()
                    cv.layer:addSublayer(ring)
                    local grow = objc.CABasicAnimation:animationWithKeyPath("strokeEnd")
                    grow.delegate, grow.duration, grow.repeatCount = delegate, 1, math.huge
                    ring:addAnimation_forKey(grow, "grow")
                    objc.CADisplayLink:displayLinkWithTarget_selector(delegate, "tick"):addToRunLoop_forMode(
                        objc.NSRunLoop.mainRunLoop, "kCFRunLoopDefaultMode")
                    objc.CATransaction:begin()
                    objc.CATransaction:setCompletionBlock(function() end)
                    ring.opacity = 0.5
                    objc.CATransaction:commit()
                    simulate.frames(2)
                    return cell
                    """)[0], as: View.self)
            pushed = try t.world.bridge.state.object(of: t.run("return pushed")[0], as: ViewController.self)
            bridge = t.world.bridge
            application = t.world.application
            let bothThere = leaving != nil && pushed != nil
            #expect(bothThere)
        }
        // Booleans: a failed expectation would otherwise describe what is left of the world.
        let (bridgeGone, cellGone, controllerGone) = (bridge == nil, leaving == nil, pushed == nil)
        let applicationGone = application == nil
        #expect(bridgeGone)
        #expect(applicationGone)
        #expect(cellGone)
        #expect(controllerGone)
    }

    @Test func aDeepTreeIsTornDownAndLaidOutWithoutRecursion() throws {
        let t = try TestWorld()
        // Built from the bottom up, so each insertion is constant time; in calls of 1,000
        // levels, each well within the time budget (also under AddressSanitizer).
        try t.run(
            """
            local function view()
                local made = objc.UIView:newWithFrame { origin = { x = 0, y = 0 }, size = { width = 10, height = 10 } }
                made.autoresizingMask = objc.UIView.Autoresizing.flexibleWidth
                return made
            end
            deep = view()
            deep.tag = 7
            function deepen()
                for i = 1, 1000 do
                    local parent = view()
                    parent:addSubview(deep)
                    deep = parent
                end
            end
            """)
        for _ in 1...60 { try t.run("deepen()") }
        let deep = try #require(t.world.bridge.state.object(of: t.run("return deep")[0], as: View.self))
        try t.world.window.addSubview(deep)
        deep.frame = CGRect(x: 0, y: 0, width: 20, height: 10)  // autoresizes 60,000 levels
        try t.world.layoutPass()
        #expect(deep.viewWithTag(7)?.frame.size.width == 20)
        #expect(try t.world.window.hitTest(CGPoint(x: 5, y: 5))?.tag == 7)
        deep.removeFromSuperview()
        try t.run("deep = nil collectgarbage() collectgarbage()")
        t.world.bridge.state.collectGarbage()
        #expect(t.world.window.subviews.isEmpty)
    }
}

/// The objects every call across the bridge retains (the bridge) must not be referenced
/// `weak`: a weak reference gives its object a side table, and from then on every retain and
/// release of it takes the slow path.
@Suite struct SideTableTests {
    /// Whether Swift gave `object` a side table: the two top bits of its reference-count word,
    /// as the runtime lays it out on 64-bit platforms (`UseSlowRC` and `SideTableMark` in the
    /// runtime's RefCount.h).
    static func hasSideTable(_ object: AnyObject) -> Bool {
        let word = Unmanaged.passUnretained(object).toOpaque().load(
            fromByteOffset: MemoryLayout<UInt>.size, as: UInt64.self)
        return word >> 62 == 0b11
    }

    @Test func theCheckSeesAWeakReferencesSideTable() {
        final class Probe {}
        let probe = Probe()
        #expect(!Self.hasSideTable(probe))
        weak let weakProbe = probe
        #expect(Self.hasSideTable(probe))
        #expect(weakProbe != nil)
    }

    @Test func animationsTransactionsAndTypingLeaveTheBridgeWithoutASideTable() throws {
        let t = try TestWorld()
        try t.run(
            """
            Watcher = objc.NSObject:createSubclass "Watcher"
            Watcher:declareProtocol "UITextFieldDelegate"
            function Watcher:textField_shouldChangeCharactersInRange_replacementString() return true end
            watcher = Watcher:new()
            field = objc.UITextField:newWithFrame(struct.CGRect(20, 100, 300, 34))
            field.delegate = watcher
            objc.UIApplication.sharedApplication.keyWindow:addSubview(field)
            field:becomeFirstResponder()
            simulate.type "typed"
            objc.UIView:animateWithDuration_animations_completion(0.3, function() field.alpha = 0.5 end,
                function() finished = true end)
            objc.CATransaction:begin()
            objc.CATransaction:setCompletionBlock(function() committed = true end)
            objc.CALayer:new().opacity = 0.5
            objc.CATransaction:commit()
            simulate.advance(0.5)
            """)
        #expect(try t.run("return field.text, finished, committed") == ["typed", true, true])
        #expect(!Self.hasSideTable(t.world.bridge))
        for name in ["field", "watcher", "objc.UIApplication.sharedApplication.keyWindow"] {
            let object = try #require(
                t.world.bridge.state.object(of: t.run("return \(name)")[0], as: BridgeObject.self))
            #expect(!Self.hasSideTable(object), "\(name) has a side table")
        }
    }

    @Test func aWeakObjectReferenceLetsItsObjectGo() {
        final class Holder {
            @WeakObjectReference var first: BridgeObject? = nil
            @WeakObjectReference var second: BridgeObject? = nil
        }
        let holder = Holder()
        var object: BridgeObject? = BridgeObject()
        holder.first = object
        holder.second = object
        #expect(holder.first === object && holder.second === object)
        object = nil
        #expect(holder.first == nil && holder.second == nil)
        let other = BridgeObject()
        holder.first = other
        #expect(holder.first === other && holder.second == nil && !Self.hasSideTable(other))
    }
}
