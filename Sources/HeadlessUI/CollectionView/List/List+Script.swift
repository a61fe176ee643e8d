import Foundation
import ObjectBridge

/// Scripts' view of lists: the list configuration, list cells and their accessories.
enum ListScript {
    static func configurationClass() -> NativeClass {
        NativeClass(
            "UICollectionLayoutListConfiguration", superclass: "NSObject", type: ListConfiguration.self,
            allocate: { ListConfiguration(appearance: .plain) }
        ) { c in
            c.method("initWithAppearance") { (configuration: ListConfiguration, appearance: Int) in
                configuration.setAppearance(
                    try Control.Script.choice(appearance, of: "UICollectionLayoutListAppearance"))
                return configuration
            }
            c.method("copy") { (configuration: ListConfiguration) in configuration.copy() }
            c.property("appearance") { (configuration: ListConfiguration) in configuration.appearance.rawValue }
            c.property("showsSeparators", get: { $0.showsSeparators }, set: { $0.showsSeparators = $1 })
            c.property(
                "headerMode", get: { $0.headerMode.rawValue },
                set: { configuration, mode in
                    configuration.headerMode = try Control.Script.choice(mode, of: "UICollectionLayoutListHeaderMode")
                })
            c.property(
                "footerMode", get: { $0.footerMode.rawValue },
                set: { configuration, mode in
                    // A footer has no first-item mode.
                    guard mode != ListConfiguration.SupplementaryMode.firstItemInSection.rawValue else {
                        throw ScriptValueError("\(mode) is not a UICollectionLayoutListFooterMode")
                    }
                    configuration.footerMode = try Control.Script.choice(mode, of: "UICollectionLayoutListFooterMode")
                })
            c.property("backgroundColor", get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 })
            c.property(
                "leadingSwipeActionsConfigurationProvider", get: { $0.leadingSwipeActionsProvider },
                set: { $0.leadingSwipeActionsProvider = $1 })
            c.property(
                "trailingSwipeActionsConfigurationProvider", get: { $0.trailingSwipeActionsProvider },
                set: { $0.trailingSwipeActionsProvider = $1 })
            c.enumeration(
                cType: "UICollectionLayoutListAppearance", constants: "UICollectionLayoutListAppearance",
                module: "UIKit.UICollectionLayoutList",
                [("Plain", 0), ("Grouped", 1), ("InsetGrouped", 2), ("Sidebar", 3), ("SidebarPlain", 4)])
            c.enumeration(
                cType: "UICollectionLayoutListHeaderMode", constants: "UICollectionLayoutListHeaderMode",
                module: "UIKit.UICollectionLayoutList", [("None", 0), ("Supplementary", 1), ("FirstItemInSection", 2)])
            c.enumeration(
                cType: "UICollectionLayoutListFooterMode", constants: "UICollectionLayoutListFooterMode",
                module: "UIKit.UICollectionLayoutList", [("None", 0), ("Supplementary", 1)])
        }
    }

    static func cellClass(_ environment: UIEnvironment) -> NativeClass {
        NativeClass(
            "UICollectionViewListCell", superclass: "UICollectionViewCell", type: ListCell.self,
            allocate: { ListCell(touches: environment.touches, engine: environment.text) }
        ) { c in
            c.property("accessories", get: { $0.accessories }, set: { $0.setAccessories($1) })
            c.property(
                "indentationLevel", get: { $0.indentationLevel },
                set: { cell, level in
                    guard level >= 0 else {
                        throw ScriptValueError("indentationLevel must not be negative, got \(level)")
                    }
                    cell.indentationLevel = level
                })
            c.property(
                "indentationWidth", get: { $0.indentationWidth },
                set: { cell, width in cell.indentationWidth = try GeometryCheck.finite(width, "indentationWidth") })
            c.property("indentsAccessories", get: { $0.indentsAccessories }, set: { $0.indentsAccessories = $1 })
            c.method("defaultContentConfiguration") { (cell: ListCell) in cell.defaultContentConfiguration() }
        }
    }

    /// The accessory classes: each of UIKit's, made by `new` (or its initializer).
    static func accessoryClasses() -> [NativeClass] {
        func plain<A: CellAccessory>(_ name: String, _ type: A.Type, _ make: @escaping () -> A) -> NativeClass {
            NativeClass(name, superclass: "UICellAccessory", type: type, allocate: make) { _ in }
        }
        return [
            NativeClass("UICellAccessory", superclass: "NSObject", type: CellAccessory.self, allocate: nil) { c in
                c.property(
                    "displayedState", get: { $0.displayedState.rawValue },
                    set: { accessory, state in
                        accessory.displayedState = try Control.Script.choice(state, of: "UICellAccessoryDisplayedState")
                    })
                c.property("hidden", get: { $0.isHidden }, set: { $0.isHidden = $1 })
                c.property("tintColor", get: { $0.tintColor }, set: { $0.tintColor = $1 })
                c.property("actionHandler", get: { $0.actionHandler }, set: { $0.actionHandler = $1 })
                c.enumeration(
                    cType: "UICellAccessoryDisplayedState", constants: "UICellAccessoryDisplayedState",
                    module: "UIKit.UICellAccessory", [("Always", 0), ("WhenEditing", 1), ("WhenNotEditing", 2)])
                c.enumeration(
                    cType: "UICellAccessoryPlacement", constants: "UICellAccessoryPlacement",
                    module: "UIKit.UICellAccessory", [("Leading", 0), ("Trailing", 1)])
            },
            plain("UICellAccessoryDisclosureIndicator", DisclosureIndicatorAccessory.self) {
                DisclosureIndicatorAccessory()
            },
            plain("UICellAccessoryCheckmark", CheckmarkAccessory.self) { CheckmarkAccessory() },
            plain("UICellAccessoryDelete", DeleteAccessory.self) { DeleteAccessory() },
            plain("UICellAccessoryInsert", InsertAccessory.self) { InsertAccessory() },
            plain("UICellAccessoryReorder", ReorderAccessory.self) { ReorderAccessory() },
            plain("UICellAccessoryOutlineDisclosure", OutlineDisclosureAccessory.self) { OutlineDisclosureAccessory() },
            plain("UICellAccessoryMultiselect", MultiselectAccessory.self) { MultiselectAccessory() },
            NativeClass(
                "UICellAccessoryLabel", superclass: "UICellAccessory", type: LabelAccessory.self,
                allocate: { LabelAccessory() }
            ) { c in
                c.method("initWithText") { (accessory: LabelAccessory, text: String) in
                    accessory.kind = .label(text)
                    return accessory
                }
                c.property("text") { (accessory: LabelAccessory) in
                    if case .label(let text) = accessory.kind { text } else { "" }
                }
            },
            NativeClass(
                "UICellAccessoryCustomView", superclass: "UICellAccessory", type: CustomViewAccessory.self,
                allocate: { CustomViewAccessory() }
            ) { c in
                c.method("initWithCustomView_placement") {
                    (accessory: CustomViewAccessory, view: View, placement: Int) in
                    let leading: CellAccessory.Placement = try Control.Script.choice(
                        placement, of: "UICellAccessoryPlacement")
                    accessory.kind = .customView(leading: leading == .leading)
                    accessory.customView = view
                    return accessory
                }
                c.property("customView") { (accessory: CustomViewAccessory) in accessory.customView }
                c.property("placement") { (accessory: CustomViewAccessory) in accessory.isLeading ? 0 : 1 }
            },
        ]
    }
}

extension ListScript: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [configurationClass(), cellClass(environment)] + accessoryClasses()
    }
}
