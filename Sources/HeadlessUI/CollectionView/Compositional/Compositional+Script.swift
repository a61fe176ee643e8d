import Foundation
import ObjectBridge

/// Scripts' view of the compositional layout and its descriptions, under UIKit's names.
enum CompositionalScript {
    static func dimensionClass() -> NativeClass {
        NativeClass(
            "NSCollectionLayoutDimension", superclass: "NSObject", type: CollectionLayoutDimension.self, allocate: nil
        ) {
            c in
            let kinds: [(String, CollectionLayoutDimension.Kind)] = [
                ("fractionalWidthDimension", .fractionalWidth), ("fractionalHeightDimension", .fractionalHeight),
                ("absoluteDimension", .absolute), ("estimatedDimension", .estimated),
            ]
            for (name, kind) in kinds {
                c.classMethod(name) { (value: Double) in try CollectionLayoutDimension(kind, value) }
            }
            c.property("dimension") { (dimension: CollectionLayoutDimension) in dimension.dimension }
            c.property("isFractionalWidth") { (dimension: CollectionLayoutDimension) in
                dimension.kind == .fractionalWidth
            }
            c.property("isFractionalHeight") { (dimension: CollectionLayoutDimension) in
                dimension.kind == .fractionalHeight
            }
            c.property("isAbsolute") { (dimension: CollectionLayoutDimension) in dimension.kind == .absolute }
            c.property("isEstimated") { (dimension: CollectionLayoutDimension) in dimension.kind == .estimated }
        }
    }

    static func sizeClass() -> NativeClass {
        NativeClass("NSCollectionLayoutSize", superclass: "NSObject", type: CollectionLayoutSize.self, allocate: nil) {
            c in
            c.classMethod("sizeWithWidthDimension_heightDimension") {
                (width: CollectionLayoutDimension, height: CollectionLayoutDimension) in
                try CollectionLayoutSize(width: width, height: height)
            }
            c.property("widthDimension") { (size: CollectionLayoutSize) in size.widthDimension }
            c.property("heightDimension") { (size: CollectionLayoutSize) in size.heightDimension }
        }
    }

    static func spacingClass() -> NativeClass {
        NativeClass(
            "NSCollectionLayoutSpacing", superclass: "NSObject", type: CollectionLayoutSpacing.self, allocate: nil
        ) { c in
            c.classMethod("fixedSpacing") { (value: Double) in try CollectionLayoutSpacing(value, flexible: false) }
            c.classMethod("flexibleSpacing") { (value: Double) in try CollectionLayoutSpacing(value, flexible: true) }
            c.property("spacing") { (spacing: CollectionLayoutSpacing) in spacing.spacing }
            c.property("isFixedSpacing") { (spacing: CollectionLayoutSpacing) in !spacing.isFlexible }
            c.property("isFlexibleSpacing") { (spacing: CollectionLayoutSpacing) in spacing.isFlexible }
        }
    }

    static func edgeSpacingClass() -> NativeClass {
        NativeClass(
            "NSCollectionLayoutEdgeSpacing", superclass: "NSObject", type: CollectionLayoutEdgeSpacing.self,
            allocate: nil
        ) { c in
            c.classMethod("spacingForLeading_top_trailing_bottom") {
                (
                    leading: CollectionLayoutSpacing?, top: CollectionLayoutSpacing?,
                    trailing: CollectionLayoutSpacing?, bottom: CollectionLayoutSpacing?
                ) in
                CollectionLayoutEdgeSpacing(leading: leading, top: top, trailing: trailing, bottom: bottom)
            }
            c.property("leading") { (spacing: CollectionLayoutEdgeSpacing) in spacing.leading }
            c.property("top") { (spacing: CollectionLayoutEdgeSpacing) in spacing.top }
            c.property("trailing") { (spacing: CollectionLayoutEdgeSpacing) in spacing.trailing }
            c.property("bottom") { (spacing: CollectionLayoutEdgeSpacing) in spacing.bottom }
        }
    }

    static func itemClass() -> NativeClass {
        NativeClass("NSCollectionLayoutItem", superclass: "NSObject", type: CollectionLayoutItem.self, allocate: nil) {
            c in
            c.classMethod("itemWithLayoutSize") { (size: CollectionLayoutSize) in CollectionLayoutItem(layoutSize: size)
            }
            c.classMethod("itemWithLayoutSize_supplementaryItems") {
                (size: CollectionLayoutSize, items: [CollectionLayoutSupplementaryItem]) in
                CollectionLayoutItem(layoutSize: size, supplementaryItems: items)
            }
            c.property("supplementaryItems") { (item: CollectionLayoutItem) in item.supplementaryItems }
            c.property("layoutSize") { (item: CollectionLayoutItem) in item.layoutSize }
            c.property(
                "contentInsets", get: { $0.contentInsets },
                set: { item, insets in item.contentInsets = try GeometryCheck.fields(insets, "contentInsets") })
            c.property("edgeSpacing", get: { $0.edgeSpacing }, set: { $0.edgeSpacing = $1 })
        }
    }

    static func groupClass() -> NativeClass {
        NativeClass(
            "NSCollectionLayoutGroup", superclass: "NSCollectionLayoutItem", type: CollectionLayoutGroup.self,
            allocate: nil
        ) { c in
            for (prefix, axis) in [("horizontal", CollectionLayoutGroup.Axis.horizontal), ("vertical", .vertical)] {
                c.classMethod("\(prefix)GroupWithLayoutSize_subitems") {
                    (size: CollectionLayoutSize, items: [CollectionLayoutItem]) in
                    try CollectionLayoutGroup(axis: axis, layoutSize: size, subitems: items)
                }
                // iOS 13's spelling, and iOS 16's, which names what the count does.
                for name in [
                    "\(prefix)GroupWithLayoutSize_subitem_count", "\(prefix)GroupWithLayoutSize_repeatingSubitem_count",
                ] {
                    c.classMethod(name) { (size: CollectionLayoutSize, item: CollectionLayoutItem, count: Int) in
                        try CollectionLayoutGroup(axis: axis, layoutSize: size, subitems: [item], count: count)
                    }
                }
            }
            c.classMethod("customGroupWithLayoutSize_itemProvider") {
                (size: CollectionLayoutSize, provider: ScriptBlock) in
                try CollectionLayoutGroup(layoutSize: size, itemProvider: provider)
            }
            c.property("subitems") { (group: CollectionLayoutGroup) in group.subitems }
            c.property("interItemSpacing", get: { $0.interItemSpacing }, set: { $0.interItemSpacing = $1 })
        }
    }

    static func sectionClass() -> NativeClass {
        NativeClass(
            "NSCollectionLayoutSection", superclass: "NSObject", type: CollectionLayoutSection.self, allocate: nil
        ) { c in
            c.classMethod("sectionWithGroup") { (group: CollectionLayoutGroup) in CollectionLayoutSection(group: group)
            }
            c.classMethod("sectionWithListConfiguration_layoutEnvironment") {
                (configuration: ListConfiguration, environment: CollectionLayoutEnvironment) in
                try configuration.section(in: environment)
            }
            c.property(
                "interGroupSpacing", get: { $0.interGroupSpacing },
                set: { section, spacing in
                    section.interGroupSpacing = try GeometryCheck.finite(spacing, "interGroupSpacing")
                })
            c.property(
                "contentInsets", get: { $0.contentInsets },
                set: { section, insets in section.contentInsets = try GeometryCheck.fields(insets, "contentInsets") })
            c.property(
                "boundarySupplementaryItems", get: { $0.boundarySupplementaryItems },
                set: { $0.setBoundarySupplementaryItems($1) })
            c.property("decorationItems", get: { $0.decorationItems }, set: { $0.setDecorationItems($1) })
            c.property(
                "visibleItemsInvalidationHandler", get: { $0.visibleItemsInvalidationHandler },
                set: { $0.visibleItemsInvalidationHandler = $1 })
            c.property(
                "orthogonalScrollingBehavior", get: { $0.orthogonalScrollingBehavior.rawValue },
                set: { section, behavior in
                    section.orthogonalScrollingBehavior = try Control.Script.choice(
                        behavior, of: "UICollectionLayoutSectionOrthogonalScrollingBehavior")
                })
            c.enumeration(
                cType: "UICollectionLayoutSectionOrthogonalScrollingBehavior",
                constants: "UICollectionLayoutSectionOrthogonalScrollingBehavior",
                module: "UIKit.NSCollectionLayoutSection",
                aliases: ["OrthogonalScrollingBehavior"],
                CollectionLayoutSection.OrthogonalScrolling.allCases.map {
                    ("\($0)".prefix(1).uppercased() + "\($0)".dropFirst(), $0.rawValue)
                })
        }
    }

    static func boundaryItemClass() -> NativeClass {
        NativeClass(
            "NSCollectionLayoutBoundarySupplementaryItem", superclass: "NSObject", type: BoundarySupplementaryItem.self,
            allocate: nil
        ) { c in
            c.classMethod("boundarySupplementaryItemWithLayoutSize_elementKind_alignment") {
                (size: CollectionLayoutSize, kind: String, alignment: Int) in
                guard let aligned = BoundarySupplementaryItem.Alignment(rawValue: alignment) else {
                    throw ScriptValueError("\(alignment) is not an NSRectAlignment")
                }
                return try BoundarySupplementaryItem(layoutSize: size, elementKind: kind, alignment: aligned)
            }
            c.property("layoutSize") { (item: BoundarySupplementaryItem) in item.layoutSize }
            c.property("elementKind") { (item: BoundarySupplementaryItem) in item.elementKind }
            c.property("alignment") { (item: BoundarySupplementaryItem) in item.alignment.rawValue }
            c.property("pinToVisibleBounds", get: { $0.pinToVisibleBounds }, set: { $0.pinToVisibleBounds = $1 })
            c.property("zIndex", get: { $0.zIndex }, set: { $0.zIndex = $1 })
            c.enumeration(
                cType: "NSRectAlignment", constants: "NSRectAlignment", module: "UIKit.UIGeometry",
                BoundarySupplementaryItem.Alignment.allCases.map {
                    ("\($0)".prefix(1).uppercased() + "\($0)".dropFirst(), $0.rawValue)
                })
        }
    }

    static func supplementaryItemClasses() -> [NativeClass] {
        [
            NativeClass(
                "NSCollectionLayoutSupplementaryItem", superclass: "NSObject",
                type: CollectionLayoutSupplementaryItem.self, allocate: nil
            ) { c in
                c.classMethod("supplementaryItemWithLayoutSize_elementKind_containerAnchor") {
                    (size: CollectionLayoutSize, kind: String, anchor: CollectionLayoutAnchor) in
                    CollectionLayoutSupplementaryItem(layoutSize: size, elementKind: kind, containerAnchor: anchor)
                }
                c.classMethod("supplementaryItemWithLayoutSize_elementKind_containerAnchor_itemAnchor") {
                    (
                        size: CollectionLayoutSize, kind: String, anchor: CollectionLayoutAnchor,
                        itemAnchor: CollectionLayoutAnchor
                    ) in
                    CollectionLayoutSupplementaryItem(
                        layoutSize: size, elementKind: kind, containerAnchor: anchor, itemAnchor: itemAnchor)
                }
                c.property("layoutSize") { (item: CollectionLayoutSupplementaryItem) in item.layoutSize }
                c.property("elementKind") { (item: CollectionLayoutSupplementaryItem) in item.elementKind }
                c.property("containerAnchor") { (item: CollectionLayoutSupplementaryItem) in item.containerAnchor }
                c.property("itemAnchor") { (item: CollectionLayoutSupplementaryItem) in item.itemAnchor }
                c.property("zIndex", get: { $0.zIndex }, set: { $0.zIndex = $1 })
            },
            NativeClass(
                "NSCollectionLayoutAnchor", superclass: "NSObject", type: CollectionLayoutAnchor.self, allocate: nil
            ) { c in
                c.classMethod("layoutAnchorWithEdges") { (edges: Int) in try CollectionLayoutAnchor(edges: edges) }
                c.classMethod("layoutAnchorWithEdges_absoluteOffset") { (edges: Int, offset: CGPoint) in
                    try CollectionLayoutAnchor(edges: edges, offset: offset)
                }
                c.classMethod("layoutAnchorWithEdges_fractionalOffset") { (edges: Int, offset: CGPoint) in
                    try CollectionLayoutAnchor(edges: edges, offset: offset, fractional: true)
                }
                c.property("edges") { (anchor: CollectionLayoutAnchor) in anchor.edges }
                c.property("offset") { (anchor: CollectionLayoutAnchor) in anchor.offset }
                c.property("isAbsoluteOffset") { (anchor: CollectionLayoutAnchor) in !anchor.isFractionalOffset }
                c.property("isFractionalOffset") { (anchor: CollectionLayoutAnchor) in anchor.isFractionalOffset }
                c.enumeration(
                    cType: "NSDirectionalRectEdge", constants: "NSDirectionalRectEdge", module: "UIKit.UIGeometry",
                    [("None", 0), ("Top", 1), ("Leading", 2), ("Bottom", 4), ("Trailing", 8), ("All", 15)])
            },
        ]
    }

    static func customItemClass() -> NativeClass {
        NativeClass(
            "NSCollectionLayoutGroupCustomItem", superclass: "NSObject", type: GroupCustomItem.self, allocate: nil
        ) { c in
            c.classMethod("customItemWithFrame") { (frame: CGRect) in
                GroupCustomItem(frame: try GeometryCheck.rect(frame, "frame"))
            }
            c.classMethod("customItemWithFrame_zIndex") { (frame: CGRect, zIndex: Int) in
                GroupCustomItem(frame: try GeometryCheck.rect(frame, "frame"), zIndex: zIndex)
            }
            c.property("frame") { (item: GroupCustomItem) in item.frame }
            c.property("zIndex") { (item: GroupCustomItem) in item.zIndex }
        }
    }

    static func decorationItemClass() -> NativeClass {
        NativeClass(
            "NSCollectionLayoutDecorationItem", superclass: "NSObject", type: DecorationItem.self, allocate: nil
        ) { c in
            c.classMethod("backgroundDecorationItemWithElementKind") { (kind: String) in
                DecorationItem(elementKind: kind)
            }
            c.property("elementKind") { (item: DecorationItem) in item.elementKind }
            c.property(
                "contentInsets", get: { $0.contentInsets },
                set: { item, insets in item.contentInsets = try GeometryCheck.fields(insets, "contentInsets") })
            c.property("zIndex", get: { $0.zIndex }, set: { $0.zIndex = $1 })
        }
    }

    static func layoutClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [
            NativeClass(
                "UICollectionViewCompositionalLayout", superclass: "UICollectionViewLayout",
                type: CompositionalLayout.self, allocate: { environment.liveLayouts.track(CompositionalLayout()) }
            ) { c in
                c.method("initWithSection", overridable: true) {
                    (layout: CompositionalLayout, section: CollectionLayoutSection) -> CompositionalLayout in
                    layout.setSource(.section(section))
                    return layout
                }
                c.method("initWithSection_configuration", overridable: true) {
                    (
                        layout: CompositionalLayout, section: CollectionLayoutSection,
                        configuration: CompositionalConfiguration
                    )
                        -> CompositionalLayout in
                    layout.setSource(.section(section), configuration: configuration)
                    return layout
                }
                c.method("initWithSectionProvider", overridable: true) {
                    (layout: CompositionalLayout, provider: ScriptBlock) -> CompositionalLayout in
                    layout.setSource(.provider(provider))
                    return layout
                }
                c.method("initWithSectionProvider_configuration", overridable: true) {
                    (layout: CompositionalLayout, provider: ScriptBlock, configuration: CompositionalConfiguration)
                        -> CompositionalLayout in
                    layout.setSource(.provider(provider), configuration: configuration)
                    return layout
                }
                c.property("configuration") { (layout: CompositionalLayout) in layout.configuration }
                c.classMethod("layoutWithListConfiguration") { (configuration: ListConfiguration) in
                    let layout = environment.liveLayouts.track(CompositionalLayout())
                    layout.setSource(.list(configuration.copy()))
                    return layout
                }
            },
            NativeClass(
                "UICollectionViewCompositionalLayoutConfiguration", superclass: "NSObject",
                type: CompositionalConfiguration.self, allocate: { CompositionalConfiguration() }
            ) { c in
                c.property(
                    "interSectionSpacing", get: { $0.interSectionSpacing },
                    set: { configuration, spacing in
                        configuration.interSectionSpacing = try GeometryCheck.finite(spacing, "interSectionSpacing")
                    })
                c.property(
                    "scrollDirection", get: { $0.scrollDirection == .vertical ? 0 : 1 },
                    set: { configuration, direction in
                        guard direction == 0 || direction == 1 else {
                            throw ScriptValueError(
                                "scrollDirection must be 0 (vertical) or 1 (horizontal), got \(direction)")
                        }
                        configuration.scrollDirection = direction == 0 ? .vertical : .horizontal
                    })
                c.enumeration(
                    cType: "UICollectionViewScrollDirection", constants: "UICollectionViewScrollDirection",
                    module: "UIKit.UICollectionViewLayout", aliases: ["ScrollDirection"],
                    FlowLayout.Script.directions)
            },
            NativeClass(
                "NSCollectionLayoutEnvironment", superclass: "NSObject", type: CollectionLayoutEnvironment.self,
                allocate: nil
            ) { c in
                c.property("container") { (environment: CollectionLayoutEnvironment) in environment.container }
                c.property("traitCollection") { (environment: CollectionLayoutEnvironment) in
                    environment.traitCollection
                }
            },
            NativeClass(
                "NSCollectionLayoutContainer", superclass: "NSObject", type: CollectionLayoutContainer.self,
                allocate: nil
            ) {
                c in
                c.property("contentSize") { (container: CollectionLayoutContainer) in container.contentSize }
                c.property("effectiveContentSize") { (container: CollectionLayoutContainer) in container.contentSize }
            },
        ]
    }
}

extension CompositionalScript: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [
            dimensionClass(), sizeClass(), spacingClass(), edgeSpacingClass(), itemClass(), groupClass(),
            sectionClass(),
            boundaryItemClass(), decorationItemClass(), customItemClass(),
        ] + supplementaryItemClasses()
            + layoutClasses(environment)
    }
}
