import Foundation
import ObjectBridge

/// Scripts' view of diffable data sources, their snapshots and cell registrations.
enum DiffableScript {
    static func snapshotClass() -> NativeClass {
        NativeClass(
            "NSDiffableDataSourceSnapshot", superclass: "NSObject", type: DiffableSnapshot.self,
            allocate: { DiffableSnapshot() }
        ) { c in
            c.method("copy") { (snapshot: DiffableSnapshot) in snapshot.copy() }
            c.property("numberOfItems") { (snapshot: DiffableSnapshot) in snapshot.numberOfItems }
            c.property("numberOfSections") { (snapshot: DiffableSnapshot) in snapshot.sectionIdentifiers.count }
            c.property("sectionIdentifiers") { (snapshot: DiffableSnapshot) in snapshot.sectionIdentifiers }
            c.property("itemIdentifiers") { (snapshot: DiffableSnapshot) in snapshot.itemIdentifiers }
            c.property("reloadedItemIdentifiers") { (snapshot: DiffableSnapshot) in Array(snapshot.reloadedItems) }
            c.property("reconfiguredItemIdentifiers") { (snapshot: DiffableSnapshot) in
                Array(snapshot.reconfiguredItems)
            }
            c.property("reloadedSectionIdentifiers") { (snapshot: DiffableSnapshot) in
                Array(snapshot.reloadedSections)
            }
            c.method("numberOfItemsInSection") { (snapshot: DiffableSnapshot, section: DiffableIdentifier) in
                try snapshot.items(inSection: section).count
            }
            c.method("itemIdentifiersInSectionWithIdentifier") {
                (snapshot: DiffableSnapshot, section: DiffableIdentifier) in try snapshot.items(inSection: section)
            }
            c.method("sectionIdentifierForSectionContainingItemIdentifier") {
                (snapshot: DiffableSnapshot, item: DiffableIdentifier) in snapshot.sectionIdentifier(containing: item)
            }
            c.method("indexOfItemIdentifier") { (snapshot: DiffableSnapshot, item: DiffableIdentifier) in
                snapshot.index(of: item)
            }
            c.method("indexOfSectionIdentifier") { (snapshot: DiffableSnapshot, section: DiffableIdentifier) in
                snapshot.section(section)
            }
            c.method("appendSectionsWithIdentifiers") { (snapshot: DiffableSnapshot, sections: [DiffableIdentifier]) in
                try snapshot.appendSections(sections)
            }
            c.method("insertSectionsWithIdentifiers_beforeSectionWithIdentifier") {
                (snapshot: DiffableSnapshot, sections: [DiffableIdentifier], other: DiffableIdentifier) in
                try snapshot.insertSections(sections, before: other)
            }
            c.method("insertSectionsWithIdentifiers_afterSectionWithIdentifier") {
                (snapshot: DiffableSnapshot, sections: [DiffableIdentifier], other: DiffableIdentifier) in
                try snapshot.insertSections(sections, after: other)
            }
            c.method("deleteSectionsWithIdentifiers") { (snapshot: DiffableSnapshot, sections: [DiffableIdentifier]) in
                try snapshot.deleteSections(sections)
            }
            for (position, after) in [("before", false), ("after", true)] {
                c.method("moveSectionWithIdentifier_\(position)SectionWithIdentifier") {
                    (snapshot: DiffableSnapshot, section: DiffableIdentifier, other: DiffableIdentifier) in
                    try snapshot.moveSection(section, relativeTo: other, after: after)
                }
                c.method("insertItemsWithIdentifiers_\(position)ItemWithIdentifier") {
                    (snapshot: DiffableSnapshot, items: [DiffableIdentifier], other: DiffableIdentifier) in
                    try snapshot.insertItems(items, relativeTo: other, after: after)
                }
                c.method("moveItemWithIdentifier_\(position)ItemWithIdentifier") {
                    (snapshot: DiffableSnapshot, item: DiffableIdentifier, other: DiffableIdentifier) in
                    try snapshot.moveItem(item, relativeTo: other, after: after)
                }
            }
            c.method("reloadSectionsWithIdentifiers") { (snapshot: DiffableSnapshot, sections: [DiffableIdentifier]) in
                try snapshot.reloadSections(sections)
            }
            c.method("appendItemsWithIdentifiers") { (snapshot: DiffableSnapshot, items: [DiffableIdentifier]) in
                try snapshot.appendItems(items)
            }
            c.method("appendItemsWithIdentifiers_intoSectionWithIdentifier") {
                (snapshot: DiffableSnapshot, items: [DiffableIdentifier], section: DiffableIdentifier) in
                try snapshot.appendItems(items, to: section)
            }
            c.method("deleteItemsWithIdentifiers") { (snapshot: DiffableSnapshot, items: [DiffableIdentifier]) in
                try snapshot.deleteItems(items)
            }
            c.method("deleteAllItems") { (snapshot: DiffableSnapshot) in snapshot.deleteAllItems() }
            c.method("reloadItemsWithIdentifiers") { (snapshot: DiffableSnapshot, items: [DiffableIdentifier]) in
                try snapshot.reloadItems(items)
            }
            c.method("reconfigureItemsWithIdentifiers") { (snapshot: DiffableSnapshot, items: [DiffableIdentifier]) in
                try snapshot.reconfigureItems(items)
            }
        }
    }

    static func collectionDataSourceClass(_ environment: UIEnvironment) -> NativeClass {
        NativeClass(
            "UICollectionViewDiffableDataSource", superclass: "NSObject", type: CollectionDiffableDataSource.self,
            allocate: nil
        ) { c in
            c.classMethod("newWithCollectionView_cellProvider") { (view: CollectionView, provider: ScriptBlock) in
                environment.liveDataSources.track(
                    CollectionDiffableDataSource(collectionView: view, cellProvider: provider, environment: environment)
                )
            }
            c.property(
                "supplementaryViewProvider", get: { $0.supplementaryViewProvider },
                set: { $0.supplementaryViewProvider = $1 })
            dataSourceMembers(
                c, apply: { try $0.apply($1, animated: $2, completion: $3) }, reload: { try $0.applyReloading($1) })
            c.method("applySnapshot_toSection_animatingDifferences") {
                (
                    source: CollectionDiffableDataSource, outline: DiffableSectionSnapshot, section: DiffableIdentifier,
                    animated: Bool
                ) in try source.apply(outline, to: section, animated: animated, completion: nil)
            }
            c.method("applySnapshot_toSection_animatingDifferences_completion") {
                (
                    source: CollectionDiffableDataSource, outline: DiffableSectionSnapshot, section: DiffableIdentifier,
                    animated: Bool, completion: ScriptBlock?
                ) in try source.apply(outline, to: section, animated: animated, completion: completion)
            }
            c.method("snapshotForSection") { (source: CollectionDiffableDataSource, section: DiffableIdentifier) in
                try source.sectionSnapshot(for: section)
            }
        }
    }

    static func sectionSnapshotClass() -> NativeClass {
        NativeClass(
            "NSDiffableDataSourceSectionSnapshot", superclass: "NSObject", type: DiffableSectionSnapshot.self,
            allocate: { DiffableSectionSnapshot() }
        ) { c in
            c.method("copy") { (outline: DiffableSectionSnapshot) in outline.copy() }
            c.property("items") { (outline: DiffableSectionSnapshot) in outline.items }
            c.property("visibleItems") { (outline: DiffableSectionSnapshot) in outline.visibleItems }
            c.property("rootItems") { (outline: DiffableSectionSnapshot) in outline.rootItems }
            c.method("appendItems") { (outline: DiffableSectionSnapshot, items: [DiffableIdentifier]) in
                try outline.append(items)
            }
            c.method("appendItems_intoParentItem") {
                (outline: DiffableSectionSnapshot, items: [DiffableIdentifier], parent: DiffableIdentifier?) in
                try outline.append(items, into: parent)
            }
            c.method("deleteItems") { (outline: DiffableSectionSnapshot, items: [DiffableIdentifier]) in
                try outline.delete(items)
            }
            c.method("deleteAllItems") { (outline: DiffableSectionSnapshot) in try outline.deleteAll() }
            c.method("expandItems") { (outline: DiffableSectionSnapshot, items: [DiffableIdentifier]) in
                try outline.expand(items)
            }
            c.method("collapseItems") { (outline: DiffableSectionSnapshot, items: [DiffableIdentifier]) in
                try outline.collapse(items)
            }
            c.method("containsItem") { (outline: DiffableSectionSnapshot, item: DiffableIdentifier) in
                outline.contains(item)
            }
            c.method("isExpanded") { (outline: DiffableSectionSnapshot, item: DiffableIdentifier) in
                outline.isExpanded(item)
            }
            c.method("isVisible") { (outline: DiffableSectionSnapshot, item: DiffableIdentifier) in
                try outline.isVisible(item)
            }
            c.method("levelOfItem") { (outline: DiffableSectionSnapshot, item: DiffableIdentifier) in
                try outline.level(of: item)
            }
            c.method("parentOfChildItem") { (outline: DiffableSectionSnapshot, item: DiffableIdentifier) in
                outline.parent(of: item)
            }
        }
    }

    static func tableDataSourceClass(_ environment: UIEnvironment) -> NativeClass {
        NativeClass(
            "UITableViewDiffableDataSource", superclass: "NSObject", type: TableDiffableDataSource.self,
            allocate: nil
        ) { c in
            c.classMethod("newWithTableView_cellProvider") { (view: TableView, provider: ScriptBlock) in
                TableDiffableDataSource(tableView: view, cellProvider: provider, environment: environment)
            }
            c.property(
                "defaultRowAnimation", get: { $0.defaultRowAnimation }, set: { $0.defaultRowAnimation = $1 })
            dataSourceMembers(
                c, apply: { try $0.apply($1, animated: $2, completion: $3) }, reload: { try $0.applyReloading($1) })
        }
    }

    /// Applying snapshots and finding identifiers, as both data sources do.
    private static func dataSourceMembers<Source: DiffableDataSource>(
        _ c: NativeClassBuilder<Source>,
        apply: @escaping (Source, DiffableSnapshot, Bool, ScriptBlock?) throws -> Void,
        reload: @escaping (Source, DiffableSnapshot) throws -> Void
    ) {
        c.method("snapshot") { (source: Source) in source.snapshot() }
        c.method("applySnapshot_animatingDifferences") { (source: Source, snapshot: DiffableSnapshot, animated: Bool) in
            try apply(source, snapshot, animated, nil)
        }
        c.method("applySnapshot_animatingDifferences_completion") {
            (source: Source, snapshot: DiffableSnapshot, animated: Bool, completion: ScriptBlock?) in
            try apply(source, snapshot, animated, completion)
        }
        c.method("applySnapshotUsingReloadData") { (source: Source, snapshot: DiffableSnapshot) in
            try reload(source, snapshot)
        }
        c.method("itemIdentifierForIndexPath") { (source: Source, path: IndexPathValue) in source.current.item(at: path)
        }
        c.method("indexPathForItemIdentifier") { (source: Source, item: DiffableIdentifier) in
            source.current.indexPath(of: item)
        }
        c.method("sectionIdentifierForIndex") { (source: Source, index: Int) in
            source.current.sectionIdentifiers.indices.contains(index) ? source.current.sectionIdentifiers[index] : nil
        }
        c.method("indexForSectionIdentifier") { (source: Source, section: DiffableIdentifier) in
            source.current.section(section)
        }
    }

    static func registrationClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [
            NativeClass(
                "UICollectionViewCellRegistration", superclass: "NSObject", type: CellRegistration.self, allocate: nil
            ) { c in
                // Not a trailing closure: one whose first argument is a class could be the receiver's.
                c.classMethod(
                    "registrationWithCellClass_configurationHandler",
                    { (cls: ClassObject, handler: ScriptBlock) -> CellRegistration in
                        guard cls.isSubclass(ofClassNamed: "UICollectionViewCell") else {
                            throw ScriptValueError("\(cls.name) is not a UICollectionViewCell class")
                        }
                        return CellRegistration(
                            cellClass: cls, elementKind: nil, handler: handler,
                            insideProvider: environment.providerDepth > 0)
                    })
            },
            NativeClass(
                "UICollectionViewSupplementaryRegistration", superclass: "NSObject", type: CellRegistration.self,
                allocate: nil
            ) { c in
                // Not a trailing closure: one whose first argument is a class could be the receiver's.
                c.classMethod(
                    "registrationWithSupplementaryClass_elementKind_configurationHandler",
                    { (cls: ClassObject, kind: String, handler: ScriptBlock) -> CellRegistration in
                        guard cls.isSubclass(ofClassNamed: "UICollectionReusableView") else {
                            throw ScriptValueError("\(cls.name) is not a UICollectionReusableView class")
                        }
                        return CellRegistration(
                            cellClass: cls, elementKind: kind, handler: handler,
                            insideProvider: environment.providerDepth > 0)
                    })
            },
            NativeClass(extending: "UICollectionView", type: CollectionView.self) { c in
                c.method("dequeueConfiguredReusableCellWithRegistration_forIndexPath_item") {
                    (view: CollectionView, registration: CellRegistration, path: IndexPathValue, item: AnyScriptValue)
                    in
                    try registration.dequeueCell(in: view, at: path, item: item)
                }
                c.method("dequeueConfiguredReusableSupplementaryViewWithRegistration_forIndexPath") {
                    (view: CollectionView, registration: CellRegistration, path: IndexPathValue) in
                    guard let kind = registration.elementKind else {
                        throw ScriptValueError(
                            "a cell registration cannot dequeue supplementary views: use a "
                                + "UICollectionViewSupplementaryRegistration")
                    }
                    return try registration.dequeueSupplementaryView(in: view, ofKind: kind, at: path)
                }
            },
        ]
    }
}

extension DiffableScript: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [snapshotClass(), collectionDataSourceClass(environment), tableDataSourceClass(environment)]
            + registrationClasses(environment) + [sectionSnapshotClass()]
    }
}
