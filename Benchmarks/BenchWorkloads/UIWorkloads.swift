import Foundation
import HeadlessUI
import LuaRuntime
import ObjectBridge

/// A phone-sized world showing a flow layout over `items` items in one section, sized by a
/// Lua delegate returning `size` (a Lua expression of `path`), or by a Swift one when
/// `nativeSizes` is given. Lua globals: `controller`, `layout`, `count`.
public func makeFlowWorld(
    items: Int, nativeSizes: BridgeObject? = nil,
    size: String = "{ width = 40 + path.item % 7 * 10, height = 50 }", collector: LuaState.Collector = .incremental
) throws -> UIWorld {
    let world = try UIWorld(options: unlimited(collector: collector))
    try world.bridge.state.run(
        """
        count = \(items)
        local Controller = objc.UICollectionViewController:createSubclass("Controller")
        function Controller:collectionView_numberOfItemsInSection(collectionView, section) return count end
        function Controller:collectionView_cellForItemAtIndexPath(collectionView, path)
            return collectionView:dequeueReusableCellWithReuseIdentifier_forIndexPath("Cell", path)
        end
        function Controller:collectionView_layout_sizeForItemAtIndexPath(collectionView, layout, path)
            return \(size)
        end
        Controller:declareProtocol "UICollectionViewDelegateFlowLayout"
        controller = Controller:newWithCollectionViewLayout(objc.UICollectionViewFlowLayout:new())
        controller.collectionView:registerClass_forCellWithReuseIdentifier(objc.UICollectionViewCell, "Cell")
        layout = controller.collectionView.collectionViewLayout
        """, chunkName: "=flow")
    let state = world.bridge.state
    if let nativeSizes {
        try state.object(
            of: state.run("return controller.collectionView", chunkName: "=flow")[0], as: CollectionView.self)?
            .delegate = nativeSizes
    }
    try world.setRoot(state.object(of: state.global("controller"), as: ViewController.self))
    return world
}

/// A field on screen with a delegate that accepts letters, and 1,000 letters to type.
public func makeTypingWorld(collector: LuaState.Collector = .incremental) throws -> UIWorld {
    let world = try UIWorld(options: unlimited(collector: collector))
    try world.bridge.state.run(
        """
        typed = string.rep("abcdefghij", 100)
        Watcher = objc.NSObject:createSubclass "Watcher"
        Watcher:declareProtocol "UITextFieldDelegate"
        function Watcher:textField_shouldChangeCharactersInRange_replacementString(field, range, text)
            return text:match("^%a$") ~= nil
        end
        watcher = Watcher:new()
        field = objc.UITextField:newWithFrame(struct.CGRect(20, 100, 300, 34))
        field.delegate = watcher
        objc.UIApplication.sharedApplication.keyWindow:addSubview(field)
        """, chunkName: "=typing")
    try world.layoutPass()
    return world
}

extension BridgeRows {
    static let layoutChunk = "layout:invalidateLayout() layout:prepareLayout()"
    static let typingChunk = "field.text = '' field:becomeFirstResponder() simulate.type(typed) return field.text"

    public static let flowLuaDelegate = Workload("flow: prepareLayout, 100k items, Lua delegate", isLong: true) {
        let world = try makeFlowWorld(items: 100_000)
        let chunk = try world.bridge.state.load(layoutChunk, chunkName: "=bench")
        return { try withExtendedLifetime(world) { consume(try chunk.call()) } }
    }
    // The floor under the row: the same delegate called from a Lua loop, with no layout and no
    // bridge call between (the index paths are made beforehand).
    public static let flowDelegateAlone = Workload(
        "flow: the Lua delegate alone, called from Lua for 100k items", isLong: true
    ) {
        let world = try makeFlowWorld(items: 100_000)
        try world.bridge.state.run(
            "paths = {} for item = 0, count - 1 do paths[item + 1] = objc.NSIndexPath:indexPathForItem_inSection(item, 0) end",
            chunkName: "=flow")
        let chunk = try world.bridge.state.load(
            """
            local sizeFor, view = controller.collectionView_layout_sizeForItemAtIndexPath, controller.collectionView
            local size
            for item = 1, count do size = sizeFor(controller, view, layout, paths[item]) end
            return size
            """, chunkName: "=bench")
        return { try withExtendedLifetime(world) { consume(try chunk.call()) } }
    }
    public static let typing = Workload("typing: simulate.type of 1,000 characters into a field with a delegate") {
        let world = try makeTypingWorld()
        let chunk = try world.bridge.state.load(typingChunk, chunkName: "=typing")
        return { try withExtendedLifetime(world) { consume(try chunk.call()) } }
    }
    // The floor under the typing row: the delegate asked from Swift through the bridge with the
    // call a keystroke makes, with no field, keyboard, text or frame around it.
    public static let typingDelegateFromSwift = Workload("typing: the same delegate asked from Swift 1,000 times") {
        let world = try makeTypingWorld()
        let state = world.bridge.state
        guard let watcher = try state.object(of: state.global("watcher"), as: BridgeObject.self),
            let field = try state.object(of: state.global("field"), as: BridgeObject.self)
        else { throw BridgeError("the typing world has no watcher or field") }
        let method = "textField_shouldChangeCharactersInRange_replacementString"
        let letters = String(repeating: "abcdefghij", count: 100).map(String.init)
        return {
            var accepted = 0
            for (index, letter) in letters.enumerated() {
                let range = NSRange(location: index, length: 0)
                // The question a keystroke asks, through the bridge's public API: the method
                // looked up, then called.
                guard let answer = world.bridge.delegateMethod(method, of: watcher, protocol: "UITextFieldDelegate")
                else { throw BridgeError("the watcher has no \(method)") }
                if try world.bridge.call(
                    answer, on: watcher, method: method, field, range, letter, returning: Bool.self)
                    == true
                {
                    accepted += 1
                }
            }
            guard accepted == letters.count else { throw BridgeError("the watcher did not accept every letter") }
        }
    }
}
