import Foundation
import ObjectBridge

extension ReusableView {
    /// Scripts' view of `ReusableView`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass(
                "UICollectionReusableView", superclass: "UIView", type: ReusableView.self, allocate: { ReusableView() }
            ) { c in
                c.property("reuseIdentifier") { (view: ReusableView) in view.reuseIdentifier }
                c.method("prepareForReuse", overridable: true) { (_: ReusableView) in }
                c.method("applyLayoutAttributes", overridable: true) { (_: ReusableView, _: LayoutAttributes) in }
                c.method("preferredLayoutAttributesFittingAttributes", overridable: true) {
                    (view: ReusableView, attributes: LayoutAttributes) in
                    try view.nativePreferredAttributes(fitting: attributes)
                }
            }
        }
    }
}

extension ReusableView.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
