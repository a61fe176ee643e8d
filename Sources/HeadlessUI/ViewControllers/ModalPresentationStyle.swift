import Foundation
import ObjectBridge

/// A UIKit enum that scripts set by value and documents name by member (`formSheet`).
protocol NamedUIKitEnum: CaseIterable, RawRepresentable where RawValue == Int {
    /// The C type, for errors (`UIModalPresentationStyle`).
    static var typeName: String { get }
    /// The member's name after the constants' prefix (`FormSheet`).
    var name: String { get }
}

extension NamedUIKitEnum {
    /// The member a document names, in any case (`formSheet`, `FormSheet`).
    init?(documentName: String) {
        guard let found = Self.allCases.first(where: { $0.name.lowercased() == documentName.lowercased() }) else {
            return nil
        }
        self = found
    }

    /// The member of value `value`, or an error naming the type.
    static func checked(_ value: Int) throws -> Self {
        guard let member = Self(rawValue: value) else { throw ScriptValueError("\(value) is not a \(typeName)") }
        return member
    }

    /// The members as the bridge's enumeration takes them.
    static var members: [(String, Int)] { allCases.map { ($0.name, $0.rawValue) } }
}

/// `UIModalPresentationStyle`, and what each comes to on a headless screen.
enum ModalPresentationStyle: Int, NamedUIKitEnum {
    static let typeName = "UIModalPresentationStyle"

    case fullScreen = 0
    case pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1
    case automatic = -2

    var name: String {
        switch self {
        case .fullScreen: "FullScreen"
        case .pageSheet: "PageSheet"
        case .formSheet: "FormSheet"
        case .currentContext: "CurrentContext"
        case .custom: "Custom"
        case .overFullScreen: "OverFullScreen"
        case .overCurrentContext: "OverCurrentContext"
        case .popover: "Popover"
        case .none: "None"
        case .automatic: "Automatic"
        }
    }

    /// How the presented view is shown, as UIKit (iOS 13 and later) adapts the style to the
    /// screen's width: automatic, page and form sheets and popovers are a card in a compact
    /// width, and a centred form sheet in a regular one.
    func shown(horizontalSizeClass: Int) -> ModalShowing {
        switch self {
        case .fullScreen, .currentContext, .none: .fullScreen
        case .overFullScreen, .overCurrentContext, .custom: .overFullScreen
        case .automatic, .pageSheet, .formSheet, .popover: horizontalSizeClass == 2 ? .formSheet : .card
        }
    }
}

/// What a presentation looks like on the screen, and whether the presenter's view stays.
enum ModalShowing {
    /// Covers the screen; the presenter's view goes, and it disappears and appears again.
    case fullScreen
    /// Covers the screen; the presenter stays underneath, with no appearance calls.
    case overFullScreen
    /// A sheet from the bottom, below the status bar, over the presenter, which stays.
    case card
    /// A centred box of UIKit's form-sheet size over the presenter, which stays.
    case formSheet

    var keepsPresenter: Bool { self != .fullScreen }

    /// The space between the status bar and a card's top. UIKit does not document it; 10 points
    /// is the gap commonly reported for iOS 13 and later, not confirmed by Apple.
    static let cardTopGap = 10.0
    /// UIKit's form sheet size.
    static let formSheetSize = CGSize(width: 540, height: 620)

    /// The presented view's frame in a window of `bounds` under a status bar `statusBar` high.
    func frame(in bounds: CGRect, statusBar: Double) -> CGRect {
        switch self {
        case .fullScreen, .overFullScreen: return bounds
        case .card:
            let top = statusBar + Self.cardTopGap
            return CGRect(x: bounds.minX, y: bounds.minY + top, width: bounds.width, height: bounds.height - top)
        case .formSheet:
            let size = CGSize(
                width: min(Self.formSheetSize.width, bounds.width),
                height: min(Self.formSheetSize.height, bounds.height))
            return CGRect(
                x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width,
                height: size.height)
        }
    }
}

/// `UIModalTransitionStyle`: how a presentation comes and goes. Cover vertical slides up from
/// the bottom; the others are drawn as a cross-dissolve (a headless picture has no 3D flip or
/// page curl).
enum ModalTransitionStyle: Int, NamedUIKitEnum {
    static let typeName = "UIModalTransitionStyle"

    case coverVertical = 0
    case flipHorizontal, crossDissolve, partialCurl

    var name: String {
        switch self {
        case .coverVertical: "CoverVertical"
        case .flipHorizontal: "FlipHorizontal"
        case .crossDissolve: "CrossDissolve"
        case .partialCurl: "PartialCurl"
        }
    }
}
