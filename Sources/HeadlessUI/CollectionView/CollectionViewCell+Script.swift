import Foundation
import ObjectBridge

extension CollectionViewCell {
    /// Scripts' view of `CollectionViewCell`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass() -> NativeClass {
            NativeClass(
                "UICollectionViewCell", superclass: "UICollectionReusableView", type: CollectionViewCell.self,
                allocate: { CollectionViewCell() }
            ) { c in
                c.property("contentView") { (cell: CollectionViewCell) in cell.contentView }
                c.property("backgroundView", get: { $0.backgroundView }, set: { try $0.setBackgroundView($1) })
                c.property(
                    "selectedBackgroundView", get: { $0.selectedBackgroundView },
                    set: { try $0.setSelectedBackgroundView($1) })
                c.property("selected", get: { $0.isSelected }, set: { try $0.setSelected($1) })
                c.property("highlighted", get: { $0.isHighlighted }, set: { try $0.setHighlighted($1) })
                ConfigurationsScript.cellMembers(c)
            }
        }
    }
}

extension CollectionViewCell.Script: WorldClasses {
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [nativeClass()] }
}
