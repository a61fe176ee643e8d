import Foundation
import ObjectBridge

/// `UICollectionViewLayout`: decides where every element of a collection view goes. Scripts
/// subclass it (custom layouts are a main use of Rebound); the collection view calls each
/// method through `runOverride`, so a script's implementation runs where it has one.
public class CollectionViewLayout: BridgeObject {
    public internal(set) weak var collectionView: CollectionView?
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

    /// A registered class by name (`invalidationContextClass`, `layoutAttributesClass`).
    static func registeredClass(_ name: String, _ environment: UIEnvironment) throws -> ClassObject {
        guard let cls = environment.bridge?.classes[name] else { throw ScriptValueError("\(name) is not registered") }
        return cls
    }

}
