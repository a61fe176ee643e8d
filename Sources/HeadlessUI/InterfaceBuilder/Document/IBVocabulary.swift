import Foundation

/// What Rebound leaves out of Interface Builder documents on purpose. Whatever else decoding
/// does not read is unknown, and warned of once (`IBDocument.warnOfUnreadParts`). Each list
/// says why; docs/interface-builder.md lists them all with their sources.
enum IBVocabulary {
    /// Whether decoding leaves out an element it did not read, by its name and `key`.
    static func leavesOut(element name: String, key: String?) -> Bool {
        editorElements.contains(name) || headlessElements.contains(name) || key.map(headlessKeys.contains) == true
    }

    /// Whether decoding leaves out an attribute of `element` it did not read, by its name and
    /// value: an unmodelled setting is left out while it keeps a value that changes nothing.
    /// An entry names an attribute of every element (`restorationIdentifier`) or of one kind
    /// (`switch.title`, where the name means something else on other elements).
    static func leavesOut(attribute name: String, value: String, of element: String) -> Bool {
        for entry in [name, element + "." + name] {
            if editorAttributes.contains(entry) || headlessAttributes.contains(entry)
                || unmodelledAttributes.contains(entry) || unmodelledSettings[entry]?.contains(value) == true
            {
                return true
            }
        }
        return false
    }

    /// Whether `attribute` names an unmodelled setting, whose other values are warned of.
    static func isUnmodelledSetting(_ attribute: String, of element: String) -> Bool {
        unmodelledSettings[attribute] != nil || unmodelledSettings[element + "." + attribute] != nil
    }

    /// Elements that only Xcode's editor reads: its canvas, simulated metrics and devices,
    /// the document's dependencies and resources (named system colours, images' sizes).
    static let editorElements: Set<String> = [
        "dependencies", "point", "simulatedMetricsContainer", "freeformSimulatedSizeMetrics",
        "simulatedStatusBarMetrics", "simulatedNavigationBarMetrics", "simulatedScreenMetrics",
        "simulatedOrientationMetrics", "simulatedToolbarMetrics", "simulatedTabBarMetrics",
        "inferredMetricsTieBreakers", "device", "resources", "designable", "designables", "viewLayoutGuide",
        "modalPageSheetSize", "modalFormSheetSize",
    ]

    /// Elements that change nothing in a headless world: `<nil>` leaves a property at UIKit's
    /// default, which Rebound keeps; `<animations>` is the empty list Xcode 7 and 8 wrote in
    /// every view; `<tabStops>` are the default 28-point stops Xcode writes in every
    /// paragraph style.
    static let headlessElements: Set<String> = ["nil", "animations", "tabStops"]

    /// Keyed elements whose property has no effect here: the editor's freeform size, a
    /// popover's size (a popover adapts to a sheet), the section index's colours (Rebound
    /// draws no section index) and the scroll indicators' insets (it draws no indicators).
    static let headlessKeys: Set<String> = [
        "freeformSize", "contentSizeForViewInPopover", "sectionIndexColor", "sectionIndexBackgroundColor",
        "sectionIndexTrackingBackgroundColor", "scrollIndicatorInsets",
    ]

    /// Attributes that only Xcode's editor reads.
    static let editorAttributes: Set<String> = [
        "userLabel", "misplaced", "ambiguous", "fixedFrame", "symbolic", "placeholderIntrinsicWidth",
        "placeholderIntrinsicHeight", "customModule", "customModuleProvider", "sceneMemberID", "verifyAmbiguity",
        "colorMatched", "id", "key", "tableViewCell", "collectionViewCell", "usesAttributedText",
    ]

    /// Attributes of UIKit properties that change nothing without a person, a keyboard's
    /// services, a relaunch or a Mac: press feedback and drawing caches, autofill and smart
    /// punctuation, state restoration, touch timing, the focus engine, prefetching, estimates
    /// (Rebound measures every row and header), the Mac idiom's switch styles.
    static let headlessAttributes: Set<String> = [
        "reversesTitleShadowWhenHighlighted", "showsTouchWhenHighlighted", "showsExpansionTextWhenTruncated",
        "adjustsImageWhenHighlighted", "adjustsImageWhenDisabled", "springLoaded", "pointerInteraction",
        "clearsContextBeforeDrawing", "enablesReturnKeyAutomatically", "smartDashesType", "smartInsertDeleteType",
        "smartQuotesType", "spellCheckingType", "textContentType", "restorationIdentifier",
        "useStoryboardIdentifierAsRestorationIdentifier", "delaysContentTouches", "canCancelContentTouches",
        "delaysTouchesBegan", "delaysTouchesEnded",
        "indicatorStyle", "focusStyle", "prefetchingEnabled", "estimatedSectionHeaderHeight",
        "estimatedSectionFooterHeight", "allowsEditingTextAttributes", "imageView.animationDuration", "button.role",
        "switch.preferredStyle", "switch.title", "sectionIndexMinimumDisplayRowCount",
    ]

    /// Attributes of UIKit properties whose effect Rebound does not model, which Xcode writes
    /// on most views and cells: read without a warning. A view's margins are its own
    /// (`layoutMargins`), not widened by the safe area or the superview's; text is not shrunk
    /// or tightened to fit; Dynamic Type stays at the default size, where its flags change
    /// nothing.
    static let unmodelledAttributes: Set<String> = [
        "insetsLayoutMarginsFromSafeArea", "preservesSuperviewLayoutMargins", "indentationWidth", "indentationLevel",
        "hidesAccessoryWhenEditing", "adjustsLetterSpacingToFitWidth", "minimumFontSize", "minimumScaleFactor",
        "baselineAdjustment", "lineBreakStrategy", "tighteningFactorForTruncation",
        "allowsDefaultTighteningForTruncation", "adjustsFontForContentSizeCategory",
        "adjustsImageSizeForAccessibilityContentSizeCategory", "fillerRowHeight",
        "installsStandardGestureForInteractiveMovement",
    ]

    /// UIKit settings Rebound does not model, with the values that change nothing here (UIKit's
    /// default, or one that draws alike left to right). Another value is warned of.
    static let unmodelledSettings: [String: Set<String>] = [
        "hidesBarsOnSwipe": ["NO"], "hidesBarsOnTap": ["NO"], "hidesBarsWhenKeyboardAppears": ["NO"],
        "hidesBarsWhenVerticallyCompact": ["NO"], "toolbarHidden": ["YES"],
        "leftItemsSupplementBackButton": ["NO"],
        "backButtonDisplayMode": ["default"], "navigationItem.style": ["navigator"],
        "semanticContentAttribute": ["unspecified", "forceLeftToRight", "playback", "spatial"],
        "baseWritingDirection": ["natural", "leftToRight"], "layoutMarginsFollowReadableWidth": ["NO"],
        "cellLayoutMarginsFollowReadableWidth": ["NO"], "directionalLockEnabled": ["NO"],
        "allowsMultipleSelectionDuringEditing": ["NO"], "spineLocation": ["none", "min"],
        "doubleSided": ["NO"], "autoresizesArchivedViewToFullSize": ["NO", "YES"],
        "separatorInsetReference": ["fromCellEdges"], "showsReorderControl": ["NO"],
        "clearsSelectionOnViewWillAppear": ["NO"], "useLayoutToLayoutNavigationTransitions": ["NO"],
        "definesPresentationContext": ["NO"],
        "providesPresentationContextTransitionStyle": ["NO"], "enabled": ["YES"], "highlighted": ["NO"],
        "showsMenuAsPrimaryAction": ["NO"], "changesSelectionAsPrimaryAction": ["NO"],
        "itemPositioning": ["automatic", "fill"], "itemWidth": ["0", "0.0"], "itemSpacing": ["0", "0.0"],
        "barStyle": ["default"], "translucent": ["YES"], "backgroundStyle": ["automatic"],
        "allowsContinuousInteraction": ["YES"], "defersCurrentPageDisplay": ["NO"],
        "sectionInsetReference": ["fromContentInset"],
    ]
}
