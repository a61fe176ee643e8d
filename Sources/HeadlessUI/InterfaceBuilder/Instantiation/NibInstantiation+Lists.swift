import Foundation
import ObjectBridge

/// Table and collection views from their elements: their settings, a static table's sections,
/// and the prototype cells and supplementary views they dequeue by reuse identifier.
extension NibInstantiation {
    func decodeTable(_ element: IBElement, _ table: TableView) throws {
        if let style = try named(element, "style", ["plain": 0, "grouped": 1, "insetGrouped": 2]) {
            table.setStyle(style)
        }
        if let style = try named(element, "separatorStyle", ["none": 0, "default": 1, "singleLineEtched": 2]) {
            table.separatorStyle = style
        }
        if let height = try number(element, "rowHeight") { table.rowHeight = height }
        if let height = try number(element, "estimatedRowHeight") { table.estimatedRowHeight = height }
        if let height = try number(element, "sectionHeaderHeight") { table.sectionHeaderHeight = height }
        if let height = try number(element, "sectionFooterHeight") { table.sectionFooterHeight = height }
        if let allows = try bool(element, "allowsSelection") { table.allowsSelection = allows }
        if let allows = try bool(element, "allowsMultipleSelection") { table.allowsMultipleSelection = allows }
        if let allows = try bool(element, "allowsSelectionDuringEditing") {
            table.allowsSelectionDuringEditing = allows
        }
        if let found = element.keyed("separatorColor") { table.separatorColor = try color(found) }
        if let found = element.keyed("separatorInset") { table.separatorInset = try insets(found) }
        if let found = element.keyed("tableHeaderView") { try table.setTableHeaderView(try keyedView(found)) }
        if let found = element.keyed("tableFooterView") { try table.setTableFooterView(try keyedView(found)) }
        if element["dataMode"] == "static" {
            table.staticContent = try staticContent(element)
        } else {
            _ = element.child("sections")  // empty: only a static table has sections
        }
        for prototype in element.list("prototypes") where prototype.name == "tableViewCell" {
            document.checkLater(prototype)
            _ = prototype["rowHeight"]  // the editor's height for the prototype; rows keep the table's
            guard let identifier = prototype["reuseIdentifier"] else {
                warnOnce(prototype, "a prototype cell without a reuseIdentifier cannot be dequeued")
                continue
            }
            table.registerPrototype(
                forCellReuseIdentifier: identifier, prototypeMaker(prototype, as: TableViewCell.self))
        }
    }

    /// A collection view's document layout, and its prototype cells and section header and
    /// footer views, dequeued by reuse identifier.
    func decodeCollection(_ element: IBElement, _ collection: CollectionView) throws {
        if let layout = element.keyed("collectionViewLayout") {
            guard let made = try makeObject(layout) as? CollectionViewLayout else {
                throw problem(layout, "the collection view's layout is not a UICollectionViewLayout")
            }
            collection.setLayout(made)
        }
        _ = try named(element, "dataMode", ["none": 0, "prototypes": 1])
        if let allows = try bool(element, "allowsSelection") { collection.allowsSelection = allows }
        if let allows = try bool(element, "allowsMultipleSelection") { collection.allowsMultipleSelection = allows }
        var prototypes = element.list("cells").map { (kind: String?.none, element: $0) }
        for (key, kind) in [
            ("sectionHeaderView", FlowLayout.headerKind), ("sectionFooterView", FlowLayout.footerKind),
        ] {
            if let found = element.keyed(key) { prototypes.append((kind, found)) }
        }
        for (kind, prototype) in prototypes {
            document.checkLater(prototype)
            guard let identifier = prototype["reuseIdentifier"] else {
                warnOnce(prototype, "a prototype without a reuseIdentifier cannot be dequeued")
                continue
            }
            collection.registerPrototype(
                kind: kind, identifier: identifier, prototypeMaker(prototype, as: ReusableView.self))
        }
    }

    /// A collection view cell's background views; the editor's size for the prototype is the
    /// layout's to decide, as on the device.
    func decodeCollectionCell(_ element: IBElement, _ cell: CollectionViewCell) throws {
        element.keyed("customSize")?.readAllAttributes()
        if let found = element.keyed("backgroundView") { try cell.setBackgroundView(try keyedView(found)) }
        if let found = element.keyed("selectedBackgroundView") {
            try cell.setSelectedBackgroundView(try keyedView(found))
        }
        try decodeContentView(element, cell.contentView)
    }

    /// The view a keyed element describes (`<view key="tableHeaderView">`), made.
    func keyedView(_ element: IBElement) throws -> View {
        guard let made = try makeObject(element) as? View else {
            throw problem(element, "the \(element.key ?? element.name) is not a view")
        }
        return made
    }

    /// A static table's sections, their titles, and their cells, made now.
    private func staticContent(_ element: IBElement) throws -> StaticTableContent {
        var sections: [StaticTableContent.Section] = []
        for section in element.list("sections") where section.name == "tableViewSection" {
            _ = section.id
            var cells: [TableViewCell] = []
            var heights: [Double?] = []
            for cellElement in section.list("cells") {
                guard let cell = try makeObject(cellElement) else { continue }
                guard let made = cell as? TableViewCell else {
                    throw problem(cellElement, "<\(cellElement.name)> in a static section is not a UITableViewCell")
                }
                let height = try number(cellElement, "rowHeight")
                cells.append(made)
                heights.append(height.flatMap { $0 >= 0 ? $0 : nil })
            }
            sections.append(
                .init(
                    headerTitle: section["headerTitle"], footerTitle: section["footerTitle"], cells: cells,
                    rowHeights: heights))
        }
        return StaticTableContent(sections: sections)
    }

    /// Makes a prototype cell as a nib of its own, whose connections to the scene's controller
    /// (File's Owner here) reach it while it lives.
    private func prototypeMaker<Made: BridgeObject>(_ prototype: IBElement, as: Made.Type) -> () throws -> Made {
        let (document, storyboard) = (document, storyboard)
        // The table keeps this: it must not keep the world (through the environment) or the owner.
        unowned let environment = environment
        weak let owner = owner
        let ownerID = (owner as? ViewController)?.storyboardScene?.element.id
        return {
            let instantiation = try NibInstantiation(
                document: document, environment: environment, owner: owner, storyboard: storyboard)
            if let ownerID, let owner { instantiation.objects[ownerID] = owner }
            guard let cell = try instantiation.makeObject(prototype) as? Made else {
                throw instantiation.problem(prototype, "<\(prototype.name)> is not a \(Made.self) prototype")
            }
            try instantiation.finish(checking: prototype)
            return cell
        }
    }

    func decodeCell(_ element: IBElement, _ cell: TableViewCell) throws {
        cell.reuseIdentifier = element["reuseIdentifier"] ?? cell.reuseIdentifier
        if let style = try named(element, "style", Self.cellStyles) { cell.setStyle(style) }
        if let type = try named(element, "accessoryType", Self.accessoryTypes) { cell.accessoryType = type }
        if let type = try named(element, "editingAccessoryType", Self.accessoryTypes) {
            cell.editingAccessoryType = type
        }
        if let indents = try bool(element, "shouldIndentWhileEditing") { cell.shouldIndentWhileEditing = indents }
        if let style = try named(element, "selectionStyle", ["none": 0, "blue": 1, "gray": 2, "default": 3]) {
            try cell.setSelectionStyle(style)
        }
        if let found = element.keyed("separatorInset") { cell.ownSeparatorInset = try insets(found) }
        if let found = element.keyed("backgroundView") { try cell.setBackgroundView(try keyedView(found)) }
        if let found = element.keyed("selectedBackgroundView") {
            try cell.setSelectedBackgroundView(try keyedView(found))
        }
        // A styled cell's labels and image view are in the document's content view, by id.
        var own: [String: View] = [:]
        if let id = element["textLabel"] { own[id] = cell.textLabel }
        if let id = element["detailTextLabel"], let detail = cell.detailTextLabel { own[id] = detail }
        if let id = element["imageView"] { own[id] = cell.imageView }
        try decodeContentView(element, cell.contentView, existing: own)
    }

    static let cellStyles: [String: Int] = [
        "IBUITableViewCellStyleDefault": 0, "IBUITableViewCellStyleValue1": 1, "IBUITableViewCellStyleValue2": 2,
        "IBUITableViewCellStyleSubtitle": 3,
    ]
    static let accessoryTypes: [String: Int] = [
        "none": 0, "disclosureIndicator": 1, "detailDisclosureButton": 2, "checkmark": 3, "detailButton": 4,
    ]
}
