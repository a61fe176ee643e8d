import Foundation
import ObjectBridge

/// `UICollectionViewLayout`: decides where every element of a collection view goes. Scripts
/// subclass it (custom layouts are a main use of Rebound); the collection view calls each
/// method through `runOverride`, so a script's implementation runs where it has one.
public class CollectionViewLayout: BridgeObject {
    @WeakObjectReference public internal(set) var collectionView: CollectionView? = nil
    /// Set by `invalidateLayout`; the next layout pass prepares the layout again.
    public internal(set) var isInvalid = true
    /// Decoration view classes by kind (`registerClass_forDecorationViewOfKind`): the
    /// collection view makes them itself for the decoration attributes the layout gives.
    var decorationClasses: [String: ClassObject] = [:]

    // MARK: What the collection view asks, script first

    func prepare() throws {
        if try !runOverride("prepareLayout") { prepareLayout() }
    }

    func contentSize() throws -> CGSize {
        try runOverride("collectionViewContentSize", returning: CGSize.self) ?? collectionViewContentSize()
    }

    /// A script's nil means no elements.
    func attributes(in rect: CGRect) throws -> [LayoutAttributes] {
        if let scripted = try runOverride(
            "layoutAttributesForElementsInRect", rect, returning: [LayoutAttributes]?.self)
        {
            return scripted ?? []
        }
        return try ofAttributesClass(attributesForElements(in: rect))
    }

    func attributes(forItemAt path: IndexPathValue) throws -> LayoutAttributes? {
        if let scripted = try runOverride("layoutAttributesForItemAtIndexPath", path, returning: LayoutAttributes?.self)
        {
            return scripted
        }
        return try ofAttributesClass(attributesForItem(at: path).map { [$0] } ?? []).first
    }

    func attributes(forSupplementaryViewOfKind kind: String, at path: IndexPathValue) throws -> LayoutAttributes? {
        if let scripted = try runOverride(
            "layoutAttributesForSupplementaryViewOfKind_atIndexPath", kind, path,
            returning: LayoutAttributes?.self)
        {
            return scripted
        }
        return try ofAttributesClass(attributesForSupplementaryView(ofKind: kind, at: path).map { [$0] } ?? []).first
    }

    /// Attributes the native layout made, as instances of the script class the layout's class
    /// gives for them (`layoutAttributesClass`), when it gives one.
    func ofAttributesClass(_ made: [LayoutAttributes]) throws -> [LayoutAttributes] {
        guard let bridge, let own = scriptClass, !made.isEmpty,
            let cls = try bridge.callScriptClassMethod("layoutAttributesClass", of: own, returning: ClassObject?.self)
                ?? nil,
            cls.isScriptClass
        else { return made }
        guard cls.isSubclass(ofClassNamed: "UICollectionViewLayoutAttributes") else {
            throw ScriptValueError(
                "\(own.name).layoutAttributesClass gave \(cls.name), which is not a UICollectionViewLayoutAttributes class"
            )
        }
        for attributes in made { try bridge.adoptFactoryClass(cls, for: attributes) }
        return made
    }

    /// Where an inserted item starts an animated update: the script's answer, else its final
    /// attributes faded out, as UIKit's default.
    func initialAttributes(forAppearingItemAt path: IndexPathValue, final: LayoutAttributes) throws -> LayoutAttributes
    {
        if let scripted = try runOverride(
            "initialLayoutAttributesForAppearingItemAtIndexPath", path,
            returning: LayoutAttributes?.self), let scripted
        {
            return scripted.copy()
        }
        return final.copy(alpha: 0)
    }

    /// Where a deleted item ends an animated update: the script's answer, else where it was,
    /// faded out.
    func finalAttributes(forDisappearingItemAt path: IndexPathValue, current: LayoutAttributes) throws
        -> LayoutAttributes
    {
        if let scripted = try runOverride(
            "finalLayoutAttributesForDisappearingItemAtIndexPath", path,
            returning: LayoutAttributes?.self), let scripted
        {
            return scripted.copy()
        }
        return current.copy(alpha: 0)
    }

    /// Where a flick comes to rest: the script's choice, else where the scroll view proposed.
    func targetContentOffset(forProposed proposed: CGPoint, velocity: CGPoint) throws -> CGPoint {
        let target =
            try runOverride(
                "targetContentOffsetForProposedContentOffset_withScrollingVelocity", proposed, velocity,
                returning: CGPoint.self) ?? proposed
        return try GeometryCheck.point(
            target, "targetContentOffsetForProposedContentOffset_withScrollingVelocity's result")
    }

    func shouldInvalidate(forBoundsChange bounds: CGRect) throws -> Bool {
        try runOverride("shouldInvalidateLayoutForBoundsChange", bounds, returning: Bool.self)
            ?? shouldInvalidateLayout(forBoundsChange: bounds)
    }

    // MARK: The native implementations (UIKit's base class does little)

    func prepareLayout() {}
    func collectionViewContentSize() -> CGSize { .zero }
    func attributesForElements(in rect: CGRect) -> [LayoutAttributes] { [] }
    func attributesForItem(at path: IndexPathValue) -> LayoutAttributes? { nil }
    func attributesForSupplementaryView(ofKind kind: String, at path: IndexPathValue) -> LayoutAttributes? { nil }
    func shouldInvalidateLayout(forBoundsChange bounds: CGRect) -> Bool { false }

    /// Marks the whole layout for preparing again at the next layout pass.
    func invalidate() { invalidate(with: nil) }

    /// Marks the layout for preparing again at the next layout pass; a context narrows what
    /// is recomputed to what it names, nil means everything.
    func invalidate(with context: InvalidationContext?) {
        record(context)
        isInvalid = true
        collectionView?.setNeedsLayout()
    }

    /// What a subclass keeps of an invalidation, so that preparing recomputes only that.
    func record(_ context: InvalidationContext?) {}

    // MARK: Self-sizing cells

    /// Whether the cell shown at `path` is asked for its preferred attributes even when it is
    /// not new (a self-sizing flow layout's item not measured since the last full layout).
    func wantsPreferredAttributes(at path: IndexPathValue) -> Bool { false }

    /// Whether a shown header or footer is asked for its preferred attributes (one of an
    /// estimated height not measured since the last full layout).
    func wantsPreferredAttributes(forSupplementary attributes: LayoutAttributes) -> Bool { false }

    /// A shown cell prefers `preferred` to `original`, as UIKit asks after
    /// `preferredLayoutAttributesFittingAttributes`: the layout says whether that changes it
    /// (`shouldInvalidateLayoutForPreferredLayoutAttributes_withOriginalAttributes`) and, if so,
    /// invalidates what its context names. True when the layout must be prepared again.
    func cellPrefers(_ preferred: LayoutAttributes, over original: LayoutAttributes) throws -> Bool {
        notePreferred(preferred, original: original)
        let should =
            try runOverride(
                "shouldInvalidateLayoutForPreferredLayoutAttributes_withOriginalAttributes", preferred, original,
                returning: Bool.self) ?? shouldInvalidateLayout(forPreferred: preferred, original: original)
        guard should else { return false }
        let context =
            try runOverride(
                "invalidationContextForPreferredLayoutAttributes_withOriginalAttributes", preferred, original,
                returning: InvalidationContext?.self) ?? nil
            ?? invalidationContext(forPreferred: preferred)
        if try !runOverride("invalidateLayoutWithContext", context) { invalidate(with: context) }
        return true
    }

    /// The priorities a self-sizing cell fits its content at, across and down: UIKit's
    /// fitting level both ways, so that the content decides.
    func fittingPriorities(for attributes: LayoutAttributes) -> (horizontal: Double, vertical: Double) {
        (LayoutPriority.fittingSizeLevel, LayoutPriority.fittingSizeLevel)
    }

    /// What a subclass keeps of a cell's preferred attributes (the flow layout: its size).
    func notePreferred(_ preferred: LayoutAttributes, original: LayoutAttributes) {}
    func shouldInvalidateLayout(forPreferred preferred: LayoutAttributes, original: LayoutAttributes) -> Bool { false }

    /// A context that invalidates the preferring element alone.
    func invalidationContext(forPreferred preferred: LayoutAttributes) -> InvalidationContext {
        let context = InvalidationContext()
        switch preferred.category {
        case .cell: context.invalidateItems([preferred.indexPath])
        case .supplementaryView:
            context.invalidateSupplementaryElements(ofKind: preferred.kind ?? "", [preferred.indexPath])
        case .decorationView: break
        }
        return context
    }

    /// A registered class by name (`invalidationContextClass`, `layoutAttributesClass`).
    static func registeredClass(_ name: String, _ environment: UIEnvironment) throws -> ClassObject {
        guard let cls = environment.bridge?.classes[name] else { throw ScriptValueError("\(name) is not registered") }
        return cls
    }

}
