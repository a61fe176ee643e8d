import Foundation
import ObjectBridge

extension TableView {
    /// Scripts' view of `TableView`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UITableView", superclass: "UIScrollView", type: TableView.self,
                allocate: { TableView(style: 0, touches: environment.touches, engine: environment.text) }
            ) { c in
                c.method("initWithFrame_style", overridable: true) {
                    (view: TableView, frame: CGRect, style: Int) -> TableView in
                    guard style == 0 || style == 1 else { throw ScriptValueError("\(style) is not a UITableViewStyle") }
                    view.frame = try GeometryCheck.rect(frame, "frame")
                    view.setStyle(style)
                    return view
                }
                c.property("style") { (view: TableView) in view.style }
                c.property(
                    "dataSource", get: { $0.dataSource },
                    set: {
                        $0.dataSource = $1
                        try $0.reloadData()
                    })
                c.property(
                    "delegate", get: { $0.delegate },
                    set: {
                        $0.delegate = $1
                        try $0.reloadData()
                    })
                c.property("rowHeight", get: { $0.rowHeight }, set: { $0.rowHeight = try height($1, "rowHeight") })
                c.property(
                    "sectionHeaderHeight", get: { $0.sectionHeaderHeight },
                    set: {
                        $0.sectionHeaderHeight = try height($1, "sectionHeaderHeight")
                    })
                c.property(
                    "sectionFooterHeight", get: { $0.sectionFooterHeight },
                    set: {
                        $0.sectionFooterHeight = try height($1, "sectionFooterHeight")
                    })
                c.property(
                    "estimatedRowHeight", get: { $0.estimatedRowHeight },
                    set: {
                        $0.estimatedRowHeight = try height($1, "estimatedRowHeight")
                    })
                c.property("allowsSelection", get: { $0.allowsSelection }, set: { $0.allowsSelection = $1 })
                c.property(
                    "allowsMultipleSelection", get: { $0.allowsMultipleSelection },
                    set: { $0.allowsMultipleSelection = $1 })
                c.property("separatorStyle", get: { $0.separatorStyle }, set: { $0.separatorStyle = $1 })
                c.property("separatorColor", get: { $0.separatorColor }, set: { $0.separatorColor = $1 })
                c.property(
                    "separatorInset", get: { $0.separatorInset },
                    set: { $0.separatorInset = try GeometryCheck.insets($1, "separatorInset") })
                c.property("tableHeaderView", get: { $0.tableHeaderView }, set: { try $0.setTableHeaderView($1) })
                c.property("tableFooterView", get: { $0.tableFooterView }, set: { try $0.setTableFooterView($1) })
                c.method("registerClass_forCellReuseIdentifier") {
                    (view: TableView, cls: ClassObject?, identifier: String) in
                    try view.register(cls, forCellReuseIdentifier: identifier)
                }
                c.method("registerClass_forHeaderFooterViewReuseIdentifier") {
                    (view: TableView, cls: ClassObject?, identifier: String) in
                    try view.register(cls, forHeaderFooterViewReuseIdentifier: identifier)
                }
                c.method("dequeueReusableCellWithIdentifier") { (view: TableView, identifier: String) in
                    try view.dequeueCell(identifier)
                }
                c.method("dequeueReusableCellWithIdentifier_forIndexPath") {
                    (view: TableView, identifier: String, path: IndexPathValue) in
                    try view.dequeueCell(identifier, for: path)
                }
                c.method("dequeueReusableHeaderFooterViewWithIdentifier") { (view: TableView, identifier: String) in
                    try view.dequeueHeaderFooterView(identifier)
                }
                c.method("reloadData") { (view: TableView) in try view.reloadData() }
                c.method("numberOfSections") { (view: TableView) in try view.sectionCounts().count }
                c.method("numberOfRowsInSection") { (view: TableView, section: Int) -> Int in
                    let counts = try view.sectionCounts()
                    guard counts.indices.contains(section) else {
                        throw ScriptValueError(
                            "section \(section) is out of range: the table view has \(counts.count) sections")
                    }
                    return counts[section]
                }
                c.method("cellForRowAtIndexPath") { (view: TableView, path: IndexPathValue) in view.visibleCells[path] }
                c.method("indexPathForCell") { (view: TableView, cell: TableViewCell) in view.indexPath(of: cell) }
                c.method("indexPathForRowAtPoint") { (view: TableView, point: CGPoint) in
                    view.indexPath(at: try GeometryCheck.point(point, "point"))
                }
                c.property("visibleCells") { (view: TableView) in
                    view.visibleCells.sorted { $0.key < $1.key }.map(\.value)
                }
                rowMethods(c) { $0 }
                c.method("rectForSection") { (view: TableView, section: Int) in
                    try view.rect(forSection: section) ?? .zero
                }
                c.method("headerViewForSection") { (view: TableView, section: Int) in
                    view.headerView(forSection: section)
                }
                c.method("footerViewForSection") { (view: TableView, section: Int) in
                    view.footerView(forSection: section)
                }
                c.property("editing", get: { $0.isEditing }, set: { try $0.setEditing($1, animated: false) })
                c.method("setEditing_animated") { (view: TableView, editing: Bool, animated: Bool) in
                    try view.setEditing(editing, animated: animated)
                }
                c.property(
                    "allowsSelectionDuringEditing", get: { $0.allowsSelectionDuringEditing },
                    set: { $0.allowsSelectionDuringEditing = $1 })
                c.method("beginUpdates") { (view: TableView) in try view.beginUpdates() }
                c.method("endUpdates") { (view: TableView) in try view.endUpdates() }
                updateMethods(c) { $0 }
                c.enumeration("Style", module: "UIKit.UITableView", [("Plain", 0), ("Grouped", 1)])
                c.enumeration(
                    "ScrollPosition", module: "UIKit.UITableView",
                    [("None", 0), ("Top", 1), ("Middle", 2), ("Bottom", 3)])
                c.enumeration("RowAnimation", module: "UIKit.UITableView", rowAnimations)
                c.enumeration(
                    "SeparatorStyle", module: "UIKit.UITableViewCell",
                    [("None", 0), ("SingleLine", 1), ("SingleLineEtched", 2)])
            }
        }

        /// Visible and selected rows, their rects, selecting and scrolling to them, on the table
        /// view `view` gives for the receiver (the view itself, or a table node's).
        static func rowMethods<Owner: BridgeObject>(
            _ c: NativeClassBuilder<Owner>, view: @escaping (Owner) throws -> TableView
        ) {
            c.property("indexPathsForVisibleRows") { (owner: Owner) in try view(owner).visibleCells.keys.sorted() }
            c.method("rectForRowAtIndexPath") { (owner: Owner, path: IndexPathValue) in
                try view(owner).rect(forRow: path) ?? .zero
            }
            c.property("indexPathForSelectedRow") { (owner: Owner) in try view(owner).selectedPaths.first }
            c.property("indexPathsForSelectedRows") { (owner: Owner) in
                let selected = try view(owner).selectedPaths
                return selected.isEmpty ? nil : selected
            }
            c.method("selectRowAtIndexPath_animated_scrollPosition") {
                (owner: Owner, path: IndexPathValue?, animated: Bool, position: Int) in
                let table = try view(owner)
                guard let path else { return try table.deselectAll() }
                try table.select(path)
                if position != 0 { try table.scrollToRow(at: path, position: position, animated: animated) }
            }
            c.method("deselectRowAtIndexPath_animated") { (owner: Owner, path: IndexPathValue, _: Bool) in
                try view(owner).deselect(path)
            }
            c.method("scrollToRowAtIndexPath_atScrollPosition_animated") {
                (owner: Owner, path: IndexPathValue, position: Int, animated: Bool) in
                try view(owner).scrollToRow(at: path, position: position, animated: animated)
            }
        }

        /// Row and section updates, checked as UIKit checks them, on the table view `view`
        /// gives for the receiver (the view itself, or a table node's).
        static func updateMethods<Owner: BridgeObject>(
            _ c: NativeClassBuilder<Owner>, view: @escaping (Owner) throws -> TableView
        ) {
            c.method("performBatchUpdates_completion") {
                (owner: Owner, updates: ScriptBlock?, completion: ScriptBlock?) in
                let table = try view(owner)
                guard let bridge = table.bridge else { return }
                try table.performUpdates(completion: completion) { if let updates { try bridge.call(updates) } }
            }
            c.method("insertRowsAtIndexPaths_withRowAnimation") {
                (owner: Owner, paths: [IndexPathValue], animation: Int) in
                try view(owner).record(animation) { $0.inserted += paths }
            }
            c.method("deleteRowsAtIndexPaths_withRowAnimation") {
                (owner: Owner, paths: [IndexPathValue], animation: Int) in
                try view(owner).record(animation) { $0.deleted += paths }
            }
            c.method("reloadRowsAtIndexPaths_withRowAnimation") {
                (owner: Owner, paths: [IndexPathValue], animation: Int) in
                try view(owner).record(animation) { $0.reloaded += paths }
            }
            c.method("moveRowAtIndexPath_toIndexPath") {
                (owner: Owner, from: IndexPathValue, to: IndexPathValue) in
                try view(owner).record { $0.moved.append((from, to)) }
            }
            c.method("insertSections_withRowAnimation") { (owner: Owner, sections: Indexes, animation: Int) in
                try view(owner).record(animation) { $0.insertedSections.formUnion(sections.values) }
            }
            c.method("deleteSections_withRowAnimation") { (owner: Owner, sections: Indexes, animation: Int) in
                try view(owner).record(animation) { $0.deletedSections.formUnion(sections.values) }
            }
            c.method("reloadSections_withRowAnimation") { (owner: Owner, sections: Indexes, animation: Int) in
                try view(owner).record(animation) { $0.reloadedSections.formUnion(sections.values) }
            }
            c.method("moveSection_toSection") { (owner: Owner, from: Int, to: Int) in
                try view(owner).record { $0.movedSections.append((from, to)) }
            }
        }

        /// A height from a script: finite and not negative, or UITableViewAutomaticDimension.
        private static func height(_ value: Double, _ name: String) throws -> Double {
            guard value == TableView.automaticDimension || (value.isFinite && value >= 0) else {
                throw ScriptValueError(
                    "\(name) must be a number from 0 (or UITableViewAutomaticDimension), got \(value)")
            }
            return value
        }

        /// UITableView.h's constants.
        static var module: BindingModule {
            BindingModule(
                "UIKit.UITableView", [("UITableViewAutomaticDimension", .constant(TableView.automaticDimension))])
        }

        /// The protocols of the table view's data source and delegate.
        static let protocols = [
            ProtocolDescription(
                TableView.dataSourceProtocol,
                required: ["tableView_numberOfRowsInSection", "tableView_cellForRowAtIndexPath"],
                optional: [
                    "numberOfSectionsInTableView", "tableView_titleForHeaderInSection",
                    "tableView_titleForFooterInSection", "tableView_canEditRowAtIndexPath",
                    "tableView_commitEditingStyle_forRowAtIndexPath",
                ]),
            ProtocolDescription(
                TableView.tableDelegateProtocol, inherits: [ScrollView.delegateProtocol],
                optional: [
                    "tableView_heightForRowAtIndexPath", "tableView_heightForHeaderInSection",
                    "tableView_heightForFooterInSection",
                    "tableView_viewForHeaderInSection", "tableView_viewForFooterInSection",
                    "tableView_willDisplayCell_forRowAtIndexPath", "tableView_didEndDisplayingCell_forRowAtIndexPath",
                    "tableView_willDisplayHeaderView_forSection", "tableView_willDisplayFooterView_forSection",
                    "tableView_willSelectRowAtIndexPath", "tableView_didSelectRowAtIndexPath",
                    "tableView_willDeselectRowAtIndexPath", "tableView_didDeselectRowAtIndexPath",
                    "tableView_shouldHighlightRowAtIndexPath", "tableView_didHighlightRowAtIndexPath",
                    "tableView_didUnhighlightRowAtIndexPath", "tableView_accessoryButtonTappedForRowWithIndexPath",
                    "tableView_editingStyleForRowAtIndexPath",
                    "tableView_titleForDeleteConfirmationButtonForRowAtIndexPath",
                    "tableView_trailingSwipeActionsConfigurationForRowAtIndexPath",
                    "tableView_leadingSwipeActionsConfigurationForRowAtIndexPath",
                    "tableView_willBeginEditingRowAtIndexPath", "tableView_didEndEditingRowAtIndexPath",
                ] + TableView.contextMenuMethods.all),
        ]
    }
}

extension TableView.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
