import Foundation
import ObjectBridge

extension CollectionViewController {
    /// Scripts' view of `CollectionViewController`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UICollectionViewController", superclass: "UIViewController", type: CollectionViewController.self,
                allocate: { CollectionViewController(environment: environment) }
            ) { c in
                c.method("initWithCollectionViewLayout", overridable: true) {
                    (controller: CollectionViewController, layout: CollectionViewLayout) -> CollectionViewController in
                    controller.layout = layout
                    return controller
                }
                c.property("collectionView") { (controller: CollectionViewController) in
                    try controller.view() as? CollectionView
                }
                c.adopts("UICollectionViewDataSource", "UICollectionViewDelegate")
            }
        }
    }
}

extension CollectionViewController.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
