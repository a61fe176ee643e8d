import Foundation
import ObjectBridge

extension CollectionViewLayout {
    /// Scripts' view of `CollectionViewLayout`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UICollectionViewLayout", superclass: "NSObject", type: CollectionViewLayout.self,
                allocate: { CollectionViewLayout() }
            ) { c in
                Coder.addMethods(to: c)
                c.classMethod("invalidationContextClass") {
                    try registeredClass("UICollectionViewLayoutInvalidationContext", environment)
                }
                c.classMethod("layoutAttributesClass") {
                    try registeredClass("UICollectionViewLayoutAttributes", environment)
                }
                c.property("collectionView") { (layout: CollectionViewLayout) in layout.collectionView }
                c.method("prepareLayout", overridable: true) { (layout: CollectionViewLayout) in layout.prepareLayout()
                }
                c.method("collectionViewContentSize", overridable: true) { (layout: CollectionViewLayout) in
                    layout.collectionViewContentSize()
                }
                // What the native layout makes is of the class `layoutAttributesClass` gives.
                c.method("layoutAttributesForElementsInRect", overridable: true) {
                    (layout: CollectionViewLayout, rect: CGRect) in
                    try layout.ofAttributesClass(layout.attributesForElements(in: rect))
                }
                c.method("layoutAttributesForItemAtIndexPath", overridable: true) {
                    (layout: CollectionViewLayout, path: IndexPathValue) in
                    try layout.ofAttributesClass(layout.attributesForItem(at: path).map { [$0] } ?? []).first
                }
                c.method("layoutAttributesForSupplementaryViewOfKind_atIndexPath", overridable: true) {
                    (layout: CollectionViewLayout, kind: String, path: IndexPathValue) in
                    try layout.ofAttributesClass(
                        layout.attributesForSupplementaryView(ofKind: kind, at: path).map { [$0] } ?? []
                    ).first
                }
                c.method("shouldInvalidateLayoutForBoundsChange", overridable: true) {
                    (layout: CollectionViewLayout, bounds: CGRect) in
                    layout.shouldInvalidateLayout(forBoundsChange: bounds)
                }
                c.method("shouldInvalidateLayoutForPreferredLayoutAttributes_withOriginalAttributes", overridable: true)
                {
                    (layout: CollectionViewLayout, preferred: LayoutAttributes, original: LayoutAttributes) in
                    layout.shouldInvalidateLayout(forPreferred: preferred, original: original)
                }
                c.method("invalidationContextForPreferredLayoutAttributes_withOriginalAttributes", overridable: true) {
                    (layout: CollectionViewLayout, preferred: LayoutAttributes, _: LayoutAttributes) in
                    layout.invalidationContext(forPreferred: preferred)
                }
                c.method("initialLayoutAttributesForAppearingItemAtIndexPath", overridable: true) {
                    (_: CollectionViewLayout, _: IndexPathValue) -> LayoutAttributes? in nil
                }
                c.method("finalLayoutAttributesForDisappearingItemAtIndexPath", overridable: true) {
                    (_: CollectionViewLayout, _: IndexPathValue) -> LayoutAttributes? in nil
                }
                c.method("targetContentOffsetForProposedContentOffset_withScrollingVelocity", overridable: true) {
                    (_: CollectionViewLayout, proposed: CGPoint, _: CGPoint) in proposed
                }
                c.method("registerClass_forDecorationViewOfKind") {
                    (layout: CollectionViewLayout, cls: ClassObject?, kind: String) in
                    guard let cls else {
                        layout.decorationClasses[kind] = nil
                        return
                    }
                    guard cls.isSubclass(ofClassNamed: "UICollectionReusableView") else {
                        throw ScriptValueError("\(cls.name) is not a UICollectionReusableView class")
                    }
                    layout.decorationClasses[kind] = cls
                    layout.invalidate()
                }
                c.method("invalidateLayout") { (layout: CollectionViewLayout) in layout.invalidate() }
                c.method("invalidateLayoutWithContext", overridable: true) {
                    (layout: CollectionViewLayout, context: InvalidationContext) in
                    layout.invalidate(with: context)
                }
            }
        }
    }
}

extension CollectionViewLayout.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
