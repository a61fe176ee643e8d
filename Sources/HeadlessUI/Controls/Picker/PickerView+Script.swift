import Foundation
import ObjectBridge

extension PickerView {
    /// Scripts' view of UIPickerView and its data source and delegate protocols.
    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIPickerView", superclass: "UIView", type: PickerView.self,
                allocate: { PickerView(environment: environment) }
            ) { c in
                c.property("dataSource", get: { $0.dataSource }, set: { $0.dataSource = $1 })
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                c.property(
                    "showsSelectionIndicator", get: { $0.showsSelectionIndicator },
                    set: { $0.showsSelectionIndicator = $1 })
                c.property("numberOfComponents") { (picker: PickerView) in
                    try picker.reloadIfNeeded()
                    return picker.wheels.count
                }
                c.method("numberOfRowsInComponent") { (picker: PickerView, component: Int) in
                    try picker.reloadIfNeeded()
                    try picker.checkComponent(component, "numberOfRowsInComponent")
                    return picker.wheels[component].rows
                }
                c.method("rowSizeForComponent") { (picker: PickerView, component: Int) in
                    try picker.reloadIfNeeded()
                    try picker.checkComponent(component, "rowSizeForComponent")
                    let width = try picker.componentFrames()[component].width
                    return CGSize(width: width, height: picker.wheels[component].rowHeight)
                }
                c.method("reloadAllComponents") { (picker: PickerView) in try picker.reloadAllComponents() }
                c.method("reloadComponent") { (picker: PickerView, component: Int) in
                    try picker.reloadComponent(component)
                }
                c.method("selectRow_inComponent_animated") {
                    (picker: PickerView, row: Int, component: Int, animated: Bool) in
                    try picker.selectRow(row, inComponent: component, animated: animated)
                }
                c.method("selectedRowInComponent") { (picker: PickerView, component: Int) in
                    try picker.selectedRow(inComponent: component)
                }
                c.method("viewForRow_forComponent") { (picker: PickerView, row: Int, component: Int) -> View? in
                    try picker.checkComponent(component, "viewForRow_forComponent")
                    guard picker.rowLabels.indices.contains(component) else { return nil }
                    return picker.rowLabels[component][picker.wheels[component].slot(showing: row)]
                }
            }
        }
    }
}

extension PickerView.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { [PickerView.dataSourceProtocol, PickerView.delegateProtocol] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
