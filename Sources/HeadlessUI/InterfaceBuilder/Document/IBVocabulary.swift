import Foundation

/// What Rebound leaves out of Interface Builder documents on purpose. Whatever else decoding
/// does not read is unknown, and warned of once (`IBDocument.warnOfUnreadParts`). Each list
/// says why; docs/interface-builder.md lists them all with their sources.
enum IBVocabulary {
    /// Whether an element decoding did not read is left out on purpose.
    static func leavesOut(element name: String) -> Bool {
        editorElements.contains(name) || headlessElements.contains(name)
    }

    /// Whether an attribute decoding did not read is left out on purpose.
    static func leavesOut(attribute name: String) -> Bool {
        editorAttributes.contains(name) || unmodelledAttributes.contains(name) || headlessAttributes.contains(name)
    }

    /// Elements that only Xcode's editor reads: its canvas, simulated metrics and devices,
    /// the document's dependencies and resources (named system colours, images' sizes).
    static let editorElements: Set<String> = [
        "dependencies", "point", "simulatedMetricsContainer", "freeformSimulatedSizeMetrics",
        "simulatedStatusBarMetrics", "simulatedNavigationBarMetrics", "simulatedScreenMetrics",
        "simulatedOrientationMetrics", "simulatedToolbarMetrics", "simulatedTabBarMetrics",
        "inferredMetricsTieBreakers", "device", "resources", "variation", "designable", "viewLayoutGuide",
        "modalPageSheetSize", "modalFormSheetSize",
    ]

    /// Elements that change nothing in a headless world: `<nil>` leaves a property at UIKit's
    /// default, which Rebound keeps; `<animations>` is the empty list Xcode 7 and 8 wrote in
    /// every view.
    static let headlessElements: Set<String> = ["nil", "animations"]

    /// Attributes that only Xcode's editor reads.
    static let editorAttributes: Set<String> = [
        "userLabel", "misplaced", "ambiguous", "fixedFrame", "symbolic", "placeholderIntrinsicWidth",
        "placeholderIntrinsicHeight", "customModule", "customModuleProvider", "sceneMemberID", "verifyAmbiguity",
        "clearsContextBeforeDrawing", "adjustsLetterSpacingToFitWidth", "minimumFontSize",
        "minimumScaleFactor", "baselineAdjustment", "colorMatched", "id", "key", "adjustsImageWhenHighlighted",
        "adjustsImageWhenDisabled", "springLoaded", "pointerInteraction", "tableViewCell", "collectionViewCell",
    ]

    /// Attributes of UIKit properties whose effect Rebound does not model, which Xcode writes on
    /// most cells and views: read without a warning. A view's margins are its own
    /// (`layoutMargins`), not widened by the safe area or the superview's.
    /// Attributes of UIKit properties that change nothing without a person, a keyboard's
    /// services or a relaunch: press feedback, autofill and smart punctuation, state restoration.
    static let headlessAttributes: Set<String> = [
        "reversesTitleShadowWhenHighlighted", "showsTouchWhenHighlighted", "showsExpansionTextWhenTruncated",
        "enablesReturnKeyAutomatically", "smartDashesType", "smartInsertDeleteType", "smartQuotesType",
        "spellCheckingType", "textContentType", "restorationIdentifier",
    ]

    static let unmodelledAttributes: Set<String> = [
        "insetsLayoutMarginsFromSafeArea", "preservesSuperviewLayoutMargins", "indentationWidth", "indentationLevel",
        "hidesAccessoryWhenEditing",
    ]
}
