import Foundation
import ObjectBridge

extension TableViewCell {
    /// Scripts' view of `TableViewCell`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UITableViewCell", superclass: "UIView", type: TableViewCell.self,
                allocate: {
                    TableViewCell(
                        style: 0, reuseIdentifier: nil, engine: environment.text, touches: environment.touches)
                }
            ) { c in
                c.method("initWithStyle_reuseIdentifier", overridable: true) {
                    (cell: TableViewCell, style: Int, identifier: String?) -> TableViewCell in
                    guard styles.contains(where: { $0.1 == style }) else {
                        throw ScriptValueError("\(style) is not a UITableViewCellStyle")
                    }
                    cell.setStyle(style)
                    cell.reuseIdentifier = identifier
                    return cell
                }
                c.property("reuseIdentifier") { (cell: TableViewCell) in cell.reuseIdentifier }
                c.property("contentView") { (cell: TableViewCell) in cell.contentView }
                c.property("textLabel") { (cell: TableViewCell) in cell.textLabel }
                c.property("detailTextLabel") { (cell: TableViewCell) in cell.detailTextLabel }
                c.property("imageView") { (cell: TableViewCell) in cell.imageView }
                c.method("defaultContentConfiguration") { (cell: TableViewCell) in cell.defaultContentConfiguration() }
                ConfigurationsScript.cellMembers(c)
                c.property("accessoryType", get: { $0.accessoryType }, set: { $0.accessoryType = $1 })
                c.property("accessoryView", get: { $0.accessoryView }, set: { $0.accessoryView = $1 })
                c.property(
                    "separatorInset", get: { $0.separatorInset },
                    set: { $0.ownSeparatorInset = try GeometryCheck.insets($1, "separatorInset") })
                c.property(
                    "selectionStyle", get: { $0.selectionStyle },
                    set: { try $0.setSelectionStyle(try Control.Script.choice($1, below: 4, "selectionStyle")) })
                c.property("backgroundView", get: { $0.backgroundView }, set: { try $0.setBackgroundView($1) })
                c.property(
                    "selectedBackgroundView", get: { $0.selectedBackgroundView },
                    set: { try $0.setSelectedBackgroundView($1) })
                c.property("selected", get: { $0.isSelected }, set: { try $0.setSelected($1, animated: false) })
                c.property(
                    "highlighted", get: { $0.isHighlighted }, set: { try $0.setHighlighted($1, animated: false) })
                c.method("setSelected_animated", overridable: true) { (cell: TableViewCell, selected: Bool, _: Bool) in
                    try cell.nativeSetSelected(selected)
                }
                c.method("setHighlighted_animated", overridable: true) {
                    (cell: TableViewCell, highlighted: Bool, _: Bool) in
                    try cell.nativeSetHighlighted(highlighted)
                }
                c.method("prepareForReuse", overridable: true) { (_: TableViewCell) in }
                c.property("editing", get: { $0.isEditing }, set: { try $0.setEditing($1, animated: false) })
                c.method("setEditing_animated", overridable: true) { (cell: TableViewCell, editing: Bool, _: Bool) in
                    cell.nativeSetEditing(editing)
                }
                c.property("editingStyle") { (cell: TableViewCell) in cell.editingStyle }
                c.property(
                    "editingAccessoryType", get: { $0.editingAccessoryType },
                    set: { $0.editingAccessoryType = try Control.Script.choice($1, below: 5, "editingAccessoryType") })
                c.property(
                    "shouldIndentWhileEditing", get: { $0.shouldIndentWhileEditing },
                    set: { $0.shouldIndentWhileEditing = $1 })
                c.property("showingDeleteConfirmation") { (cell: TableViewCell) in cell.showingDeleteConfirmation }
                c.enumeration(
                    cType: "UITableViewCellStyle", constants: "UITableViewCellStyle", module: "UIKit.UITableViewCell",
                    aliases: ["CellStyle"], styles)
                c.enumeration(
                    cType: "UITableViewCellAccessoryType", constants: "UITableViewCellAccessory",
                    module: "UIKit.UITableViewCell", aliases: ["AccessoryType"], accessoryTypes)
                c.enumeration("SelectionStyle", module: "UIKit.UITableViewCell", selectionStyles)
                c.enumeration(
                    cType: "UITableViewCellEditingStyle", constants: "UITableViewCellEditingStyle",
                    module: "UIKit.UITableViewCell", aliases: ["EditingStyle"], editingStyles)
            }
        }
    }
}

extension TableViewCell.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
