import Foundation
import ObjectBridge

extension CollectionView {
    /// Scripts' view of `CollectionView`: the class the bridge registers for it.
    enum Script {
        /// The class description: members, enums and protocols, as scripts call them.
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UICollectionView", superclass: "UIScrollView", type: CollectionView.self,
                allocate: {
                    CollectionView(layout: FlowLayout(), touches: environment.touches, engine: environment.text)
                }
            ) { c in
                c.method("initWithFrame_collectionViewLayout", overridable: true) {
                    (view: CollectionView, frame: CGRect, layout: CollectionViewLayout) -> CollectionView in
                    view.frame = try GeometryCheck.rect(frame, "frame")
                    view.setLayout(layout)
                    return view
                }
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
                        $0.layout.invalidate()
                    })
                c.property("collectionViewLayout", get: { $0.layout }, set: { $0.setLayout($1) })
                c.method("setCollectionViewLayout_animated") {
                    (view: CollectionView, layout: CollectionViewLayout, animated: Bool) in
                    try view.setLayout(layout, animated: animated, completion: nil)
                }
                c.method("setCollectionViewLayout_animated_completion") {
                    (view: CollectionView, layout: CollectionViewLayout, animated: Bool, completion: ScriptBlock?) in
                    try view.setLayout(layout, animated: animated, completion: completion)
                }
                c.method("layoutAttributesForSupplementaryElementOfKind_atIndexPath") {
                    (view: CollectionView, kind: String, path: IndexPathValue) in
                    try view.layout.attributes(forSupplementaryViewOfKind: kind, at: path)?.copy()
                }
                c.method("supplementaryViewForElementKind_atIndexPath") {
                    (view: CollectionView, kind: String, path: IndexPathValue) in
                    view.visibleSupplementaryViews[SupplementaryKey(kind: kind, path: path)]
                }
                c.method("visibleSupplementaryViewsOfKind") { (view: CollectionView, kind: String) in
                    view.visibleSupplementaryViews.filter { $0.key.kind == kind }.sorted { $0.key.path < $1.key.path }
                        .map(\.value)
                }
                c.method("indexPathsForVisibleSupplementaryElementsOfKind") { (view: CollectionView, kind: String) in
                    view.visibleSupplementaryViews.keys.filter { $0.kind == kind }.map(\.path).sorted()
                }
                c.method("scrollToItemAtIndexPath_atScrollPosition_animated") {
                    (view: CollectionView, path: IndexPathValue, position: Int, animated: Bool) in
                    try view.scrollToItem(at: path, position: position, animated: animated)
                }
                c.method("registerClass_forCellWithReuseIdentifier") {
                    (view: CollectionView, cls: ClassObject, identifier: String) in
                    try view.register(cls, forCellWithReuseIdentifier: identifier)
                }
                c.method("dequeueReusableCellWithReuseIdentifier_forIndexPath") {
                    (view: CollectionView, identifier: String, path: IndexPathValue) in
                    try view.dequeueCell(identifier, for: path)
                }
                c.method("registerClass_forSupplementaryViewOfKind_withReuseIdentifier") {
                    (view: CollectionView, cls: ClassObject, kind: String, identifier: String) in
                    try view.register(cls, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
                }
                c.method("dequeueReusableSupplementaryViewOfKind_withReuseIdentifier_forIndexPath") {
                    (view: CollectionView, kind: String, identifier: String, path: IndexPathValue) in
                    try view.dequeueSupplementaryView(ofKind: kind, identifier, for: path)
                }
                c.method("numberOfSections") { (view: CollectionView) in try view.sectionCounts().count }
                c.method("numberOfItemsInSection") { (view: CollectionView, section: Int) -> Int in
                    let counts = try view.sectionCounts()
                    guard counts.indices.contains(section) else {
                        throw ScriptValueError(
                            "section \(section) is out of range: the collection view has \(counts.count) sections")
                    }
                    return counts[section]
                }
                c.method("reloadData") { (view: CollectionView) in try view.reloadData() }
                updateMethods(c) { $0 }
                c.property("visibleCells") { (view: CollectionView) in
                    view.visibleCells.sorted { ($0.key.section, $0.key.item) < ($1.key.section, $1.key.item) }.map(
                        \.value)
                }
                c.property("indexPathsForVisibleItems") { (view: CollectionView) in
                    view.visibleCells.keys.sorted { ($0.section, $0.item) < ($1.section, $1.item) }
                }
                c.method("cellForItemAtIndexPath") { (view: CollectionView, path: IndexPathValue) in view.cell(at: path)
                }
                c.method("indexPathForCell") { (view: CollectionView, cell: CollectionViewCell) in
                    view.indexPath(of: cell)
                }
                c.method("indexPathForItemAtPoint") { (view: CollectionView, point: CGPoint) in
                    view.indexPath(at: try GeometryCheck.point(point, "point"))
                }
                c.method("layoutAttributesForItemAtIndexPath") { (view: CollectionView, path: IndexPathValue) in
                    try view.layout.attributes(forItemAt: path)?.copy()
                }
                c.property("allowsSelection", get: { $0.allowsSelection }, set: { $0.allowsSelection = $1 })
                c.property("editing", get: { $0.isEditing }, set: { $0.isEditing = $1 })
                c.property(
                    "allowsMultipleSelection", get: { $0.allowsMultipleSelection },
                    set: { $0.allowsMultipleSelection = $1 })
                c.property("indexPathsForSelectedItems") { (view: CollectionView) in view.selectedPaths }
                c.method("selectItemAtIndexPath_animated_scrollPosition") {
                    (view: CollectionView, path: IndexPathValue?, _: Bool, _: Int) in
                    if let path {
                        try view.select(path, notify: false)
                    } else {
                        for selected in view.selectedPaths { try view.deselect(selected, notify: false) }
                    }
                }
                c.method("deselectItemAtIndexPath_animated") { (view: CollectionView, path: IndexPathValue, _: Bool) in
                    try view.deselect(path, notify: false)
                }
                c.enumeration("ScrollPosition", module: "UIKit.UICollectionView", scrollPositions)
            }
        }

        /// Item and section updates, checked as UIKit checks them, on the collection view
        /// `view` gives for the receiver (the view itself, or a collection node's).
        static func updateMethods<Owner: BridgeObject>(
            _ c: NativeClassBuilder<Owner>, view: @escaping (Owner) throws -> CollectionView
        ) {
            c.method("insertItemsAtIndexPaths") { (owner: Owner, paths: [IndexPathValue]) in
                try view(owner).record { $0.inserted += paths }
            }
            c.method("deleteItemsAtIndexPaths") { (owner: Owner, paths: [IndexPathValue]) in
                try view(owner).record { $0.deleted += paths }
            }
            c.method("reloadItemsAtIndexPaths") { (owner: Owner, paths: [IndexPathValue]) in
                try view(owner).record { $0.reloaded += paths }
            }
            c.method("moveItemAtIndexPath_toIndexPath") {
                (owner: Owner, from: IndexPathValue, to: IndexPathValue) in
                try view(owner).record { $0.moved.append((from, to)) }
            }
            c.method("insertSections") { (owner: Owner, sections: Indexes) in
                try view(owner).record { $0.insertedSections.formUnion(sections.values) }
            }
            c.method("deleteSections") { (owner: Owner, sections: Indexes) in
                try view(owner).record { $0.deletedSections.formUnion(sections.values) }
            }
            c.method("reloadSections") { (owner: Owner, sections: Indexes) in
                try view(owner).record { $0.reloadedSections.formUnion(sections.values) }
            }
            c.method("moveSection_toSection") { (owner: Owner, from: Int, to: Int) in
                try view(owner).record { $0.movedSections.append((from, to)) }
            }
            c.method("performBatchUpdates_completion") {
                (owner: Owner, updates: ScriptBlock?, completion: ScriptBlock?) in
                let list = try view(owner)
                guard let bridge = list.bridge else { return }
                try list.performUpdates(completion: completion) { if let updates { try bridge.call(updates) } }
            }
        }

        /// UICollectionViewScrollPosition, as UICollectionView.h declares it.
        static let scrollPositions: [(String, Int)] = [
            ("None", 0), ("Top", 1 << 0), ("CenteredVertically", 1 << 1), ("Bottom", 1 << 2), ("Left", 1 << 3),
            ("CenteredHorizontally", 1 << 4), ("Right", 1 << 5),
        ]

        /// The protocols of the collection view's data source and delegate, whose optional
        /// methods it calls.
        static let protocols = [
            ProtocolDescription(
                "UICollectionViewDataSource",
                required: ["collectionView_numberOfItemsInSection", "collectionView_cellForItemAtIndexPath"],
                optional: [
                    "numberOfSectionsInCollectionView", "collectionView_viewForSupplementaryElementOfKind_atIndexPath",
                ]),
            ProtocolDescription(
                "UICollectionViewDelegate", inherits: [ScrollView.delegateProtocol],
                optional: [
                    "collectionView_shouldSelectItemAtIndexPath", "collectionView_didSelectItemAtIndexPath",
                    "collectionView_didDeselectItemAtIndexPath", "collectionView_shouldHighlightItemAtIndexPath",
                    "collectionView_didHighlightItemAtIndexPath", "collectionView_didUnhighlightItemAtIndexPath",
                    "collectionView_willDisplayCell_forItemAtIndexPath",
                    "collectionView_didEndDisplayingCell_forItemAtIndexPath",
                    "collectionView_willDisplaySupplementaryView_forElementKind_atIndexPath",
                    "collectionView_didEndDisplayingSupplementaryView_forElementOfKind_atIndexPath",
                ] + CollectionView.contextMenuMethods.all),
        ]
    }
}

extension CollectionView.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { protocols }
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
