import Foundation
import ObjectBridge

extension TableHeaderFooterView {
    /// Scripts' view of `TableHeaderFooterView`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UITableViewHeaderFooterView", superclass: "UIView", type: TableHeaderFooterView.self,
                allocate: { TableHeaderFooterView(reuseIdentifier: nil, engine: environment.text) }
            ) { c in
                c.method("initWithReuseIdentifier", overridable: true) {
                    (view: TableHeaderFooterView, identifier: String?) -> TableHeaderFooterView in
                    view.reuseIdentifier = identifier
                    return view
                }
                c.property("reuseIdentifier") { (view: TableHeaderFooterView) in view.reuseIdentifier }
                c.property("contentView") { (view: TableHeaderFooterView) in view.contentView }
                c.property("textLabel") { (view: TableHeaderFooterView) in view.textLabel }
                c.method("prepareForReuse", overridable: true) { (_: TableHeaderFooterView) in }
            }
        }
    }
}

extension TableHeaderFooterView.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
