import Foundation
import LuaRuntime
import ObjectBridge

/// Scripts' view of TextKit: `NSTextStorage`, `NSLayoutManager` and `NSTextContainer`.
enum TextKitScript {
    static func storageClass() -> NativeClass {
        NativeClass(
            "NSTextStorage", superclass: "NSMutableAttributedString", type: TextStorage.self,
            allocate: { TextStorage("") }
        ) { c in
            c.method("init", overridable: true) { (storage: TextStorage) -> TextStorage in
                storage.isInitialized = true
                return storage
            }
            c.method("beginEditing") { (storage: TextStorage) in storage.beginEditing() }
            c.method("endEditing") { (storage: TextStorage) in try storage.endEditing() }
            c.method("edited_range_changeInLength") { (storage: TextStorage, mask: Int, range: NSRange, delta: Int) in
                try storage.edited(mask: mask, range: range, changeInLength: delta)
            }
            c.property("editedMask") { (storage: TextStorage) in storage.editedMask }
            c.property("editedRange") { (storage: TextStorage) in storage.editedRange }
            c.property("changeInLength") { (storage: TextStorage) in storage.changeInLength }
            c.method("processEditing", overridable: true) { (storage: TextStorage) in try storage.processEditing() }
            c.property("layoutManagers") { (storage: TextStorage) in storage.layoutManagers }
            c.method("addLayoutManager") { (storage: TextStorage, manager: LayoutManager) in
                storage.addLayoutManager(manager)
            }
            c.method("removeLayoutManager") { (storage: TextStorage, manager: LayoutManager) in
                storage.removeLayoutManager(manager)
            }
            c.property(
                "delegate", get: { $0.delegate },
                set: { (storage: TextStorage, delegate: BridgeObject?) in storage.delegate = delegate })
            primitiveMethods(c)
            c.enumeration(
                cType: "NSTextStorageEditActions", constants: "NSTextStorageEdited", module: "UIKit.NSTextStorage",
                [("Attributes", 1), ("Characters", 2)])
        }
    }

    /// NSAttributedString's and NSMutableAttributedString's methods, through the primitives of
    /// a storage whose script keeps its own store (see `TextStorage+Primitives`).
    private static func primitiveMethods(_ c: NativeClassBuilder<TextStorage>) {
        c.property("string") { (storage: TextStorage) in try storage.contents().string }
        c.property("length") { (storage: TextStorage) in try storage.contents().length }
        c.method("attributesAtIndex_effectiveRange") {
            (storage: TextStorage, index: Int, _: AnyScriptValue) -> (TextAttributes, NSRange) in
            try storage.keepsOwnStore ? storage.primitiveAttributes(at: index) : storage.attributes(at: index)
        }
        c.method("attributedSubstringFromRange") { (storage: TextStorage, range: NSRange) in
            try storage.contents().substring(range)
        }
        c.method("setAttributes_range") { (storage: TextStorage, attributes: TextAttributes?, range: NSRange) in
            try storage.setAttributes(try TextAttributeCheck.checked(attributes ?? [:]), range: range)
        }
        c.method("addAttributes_range") { (storage: TextStorage, attributes: TextAttributes, range: NSRange) in
            let checked = try TextAttributeCheck.checked(attributes)
            try storage.changeAttributes(in: range) { $0.merge(checked) { _, new in new } }
        }
        c.method("addAttribute_value_range") {
            (storage: TextStorage, name: String, value: AnyScriptValue, range: NSRange) in
            guard value.value != nil else {
                throw ScriptValueError("the value of \(name) must not be nil: removeAttribute_range removes it")
            }
            try TextAttributeCheck.check(name, value)
            try storage.changeAttributes(in: range) { $0[name] = value }
        }
        c.method("removeAttribute_range") { (storage: TextStorage, name: String, range: NSRange) in
            try storage.changeAttributes(in: range) { $0[name] = nil }
        }
        c.method("replaceCharactersInRange_withAttributedString") {
            (storage: TextStorage, range: NSRange, other: AttributedText) in
            try storage.primitiveReplace(range, with: other)
        }
        c.method("appendAttributedString") { (storage: TextStorage, other: AttributedText) in
            try storage.primitiveReplace(NSRange(location: try storage.contents().length, length: 0), with: other)
        }
        c.method("setAttributedString") { (storage: TextStorage, other: AttributedText) in
            try storage.primitiveReplace(NSRange(location: 0, length: try storage.contents().length), with: other)
        }
    }

    static func textContainerClass() -> NativeClass {
        NativeClass(
            "NSTextContainer", superclass: "NSObject", type: TextContainer.self,
            allocate: { TextContainer(size: CGSize(width: 10_000_000, height: 10_000_000)) }
        ) { c in
            c.method("initWithSize") { (container: TextContainer, size: CGSize) -> TextContainer in
                container.size = try checkedSize(size)
                return container
            }
            c.property("size", get: { $0.size }, set: { $0.size = try checkedSize($1) })
            c.property(
                "lineFragmentPadding", get: { $0.lineFragmentPadding },
                set: { (container: TextContainer, padding: Double) in
                    guard padding.isFinite, padding >= 0, padding <= 10_000 else {
                        throw ScriptValueError("lineFragmentPadding must be from 0 to 10000, got \(padding)")
                    }
                    container.lineFragmentPadding = padding
                })
            c.property(
                "exclusionPaths", get: { $0.exclusionPaths },
                set: { (container: TextContainer, paths: [BezierPath]?) in container.setExclusionPaths(paths ?? []) })
            c.property(
                "maximumNumberOfLines", get: { $0.maximumNumberOfLines },
                set: { (container: TextContainer, lines: Int) in container.maximumNumberOfLines = max(0, lines) })
            c.property(
                "lineBreakMode", get: { $0.lineBreakMode },
                set: { $0.lineBreakMode = try Control.Script.choice($1, below: 6, "lineBreakMode") })
            c.property("widthTracksTextView", get: { $0.widthTracksTextView }, set: { $0.widthTracksTextView = $1 })
            c.property("heightTracksTextView", get: { $0.heightTracksTextView }, set: { $0.heightTracksTextView = $1 })
            c.property("layoutManager") { (container: TextContainer) in container.layoutManager }
            // The rest of the line comes back second (Objective-C's out-parameter).
            c.method("lineFragmentRectForProposedRect_atIndex_writingDirection_remainingRect", overridable: true) {
                (container: TextContainer, proposed: CGRect, _: Int, _: Int, _: AnyScriptValue) -> (CGRect, CGRect) in
                let (fragment, remaining) = container.lineFragment(
                    proposed: try GeometryCheck.rect(proposed, "proposedRect"))
                return (fragment, remaining)
            }
            c.property("isSimpleRectangularTextContainer") { (container: TextContainer) in
                container.exclusionPaths.isEmpty
                    && !container.hasOverride(
                        "lineFragmentRectForProposedRect_atIndex_writingDirection_remainingRect")
            }
        }
    }

    /// A container's size: finite and not negative (TextKit's "no limit" is a huge height).
    private static func checkedSize(_ size: CGSize) throws -> CGSize {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw ScriptValueError("a text container's size must be finite and not negative, got \(size)")
        }
        return CGSize(width: min(size.width, 10_000_000), height: min(size.height, 10_000_000))
    }
}

extension TextKitScript: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { [TextStorage.delegateProtocol, LayoutManager.delegateProtocol] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [storageClass(), LayoutManager.Script.nativeClass(environment), textContainerClass()]
    }
}
