import Foundation
import LuaRuntime
import ObjectBridge

extension FlowLayout {
    /// Scripts' view of `FlowLayout`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UICollectionViewFlowLayout", superclass: "UICollectionViewLayout", type: FlowLayout.self,
                allocate: { FlowLayout() }
            ) { c in
                c.classMethod("invalidationContextClass") {
                    try registeredClass("UICollectionViewFlowLayoutInvalidationContext", environment)
                }
                metric(c, "itemSize", \.itemSize) { try GeometryCheck.size($0, "itemSize") }
                metric(c, "minimumLineSpacing", \.minimumLineSpacing) {
                    try GeometryCheck.finite($0, "minimumLineSpacing")
                }
                metric(c, "minimumInteritemSpacing", \.minimumInteritemSpacing) {
                    try GeometryCheck.finite($0, "minimumInteritemSpacing")
                }
                metric(c, "sectionInset", \.sectionInset) { try GeometryCheck.insets($0, "sectionInset") }
                metric(c, "headerReferenceSize", \.headerReferenceSize) {
                    try GeometryCheck.size($0, "headerReferenceSize")
                }
                metric(c, "footerReferenceSize", \.footerReferenceSize) {
                    try GeometryCheck.size($0, "footerReferenceSize")
                }
                metric(c, "estimatedItemSize", \.estimatedItemSize) {
                    $0 == FlowLayout.automaticSize ? $0 : try GeometryCheck.size($0, "estimatedItemSize")
                }
                c.property(
                    "scrollDirection", get: { $0.scrollDirection == .vertical ? 0 : 1 },
                    set: { layout, direction in
                        guard direction == 0 || direction == 1 else {
                            throw ScriptValueError(
                                "scrollDirection must be 0 (vertical) or 1 (horizontal), got \(direction)")
                        }
                        layout.scrollDirection = direction == 0 ? .vertical : .horizontal
                        layout.invalidate()
                    })
                // Declared in UICollectionViewLayout.h since iOS 13, in the flow layout's header before.
                for module in ["UIKit.UICollectionViewFlowLayout", "UIKit.UICollectionViewLayout"] {
                    c.enumeration(
                        cType: "UICollectionViewScrollDirection", constants: "UICollectionViewScrollDirection",
                        module: module,
                        aliases: ["ScrollDirection"], directions)
                }
            }
        }

        /// A metric of the layout: a new value invalidates the layout; the value it has already
        /// changes nothing, as UIKit's setters compare first (so a layout may set its metrics in
        /// its own `prepareLayout`).
        private static func metric<Value: ScriptConvertible & Equatable>(
            _ c: NativeClassBuilder<FlowLayout>, _ name: String, _ keyPath: ReferenceWritableKeyPath<FlowLayout, Value>,
            checked: @escaping (Value) throws -> Value
        ) {
            c.property(
                name, get: { $0[keyPath: keyPath] },
                set: { layout, value in
                    let new = try checked(value)
                    guard new != layout[keyPath: keyPath] else { return }
                    layout[keyPath: keyPath] = new
                    layout.invalidate()
                })
        }

        static let directions: [(String, Int)] = [("Vertical", 0), ("Horizontal", 1)]

        /// The element kinds of headers and footers, as UIKit's string constants: in the flow
        /// layout's header (with the automatic item size), and with the layout's element
        /// categories.
        static var elementKindsModules: [BindingModule] {
            let kinds: [(String, BindingModule.Member)] = [
                ("UICollectionElementKindSectionHeader", .constant(headerKind)),
                ("UICollectionElementKindSectionFooter", .constant(footerKind)),
            ]
            return [
                BindingModule(
                    "UIKit.UICollectionViewFlowLayout",
                    kinds + [("UICollectionViewFlowLayoutAutomaticSize", .constant(automaticSize))]),
                BindingModule("UIKit.UICollectionViewLayout", kinds),
            ]
        }

        /// The protocol whose optional methods the flow layout calls on its collection view's
        /// delegate.
        static let protocols = [
            ProtocolDescription(
                "UICollectionViewDelegateFlowLayout", inherits: ["UICollectionViewDelegate"],
                optional: [
                    "collectionView_layout_sizeForItemAtIndexPath", "collectionView_layout_insetForSectionAtIndex",
                    "collectionView_layout_minimumLineSpacingForSectionAtIndex",
                    "collectionView_layout_minimumInteritemSpacingForSectionAtIndex",
                    "collectionView_layout_referenceSizeForHeaderInSection",
                    "collectionView_layout_referenceSizeForFooterInSection",
                ])
        ]
    }
}

extension FlowLayout.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldModules(_: UIEnvironment) -> [BindingModule] { elementKindsModules }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
