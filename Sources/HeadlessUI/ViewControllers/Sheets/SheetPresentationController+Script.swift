import Foundation
import ObjectBridge

extension SheetPresentationController {
    /// Scripts' view of sheets: UISheetPresentationController, its detents and its delegate.
    enum Script {
        static func sheetClass() -> NativeClass {
            NativeClass(
                "UISheetPresentationController", superclass: "NSObject", type: SheetPresentationController.self,
                allocate: nil
            ) { c in
                c.property(
                    "detents", get: { $0.detents }, set: { sheet, detents in try sheet.setDetents(detents) })
                c.property(
                    "selectedDetentIdentifier", get: { $0.selectedDetentIdentifier },
                    set: { sheet, identifier in try sheet.setSelectedDetentIdentifier(identifier) })
                c.property(
                    "largestUndimmedDetentIdentifier", get: { $0.largestUndimmedDetentIdentifier },
                    set: { sheet, identifier in try sheet.setLargestUndimmedDetentIdentifier(identifier) })
                c.property(
                    "prefersGrabberVisible", get: { $0.prefersGrabberVisible }, set: { $0.prefersGrabberVisible = $1 })
                c.property(
                    "preferredCornerRadius", get: { $0.preferredCornerRadius },
                    set: { sheet, radius in
                        if let radius {
                            guard radius.isFinite, radius >= 0 else {
                                throw ScriptValueError("preferredCornerRadius must be 0 or more, got \(radius)")
                            }
                        }
                        sheet.preferredCornerRadius = radius
                    })
                c.property(
                    "prefersScrollingExpandsWhenScrolledToEdge", get: { $0.prefersScrollingExpandsWhenScrolledToEdge },
                    set: { $0.prefersScrollingExpandsWhenScrolledToEdge = $1 })
                c.property(
                    "prefersEdgeAttachedInCompactHeight", get: { $0.prefersEdgeAttachedInCompactHeight },
                    set: { $0.prefersEdgeAttachedInCompactHeight = $1 })
                c.property(
                    "widthFollowsPreferredContentSizeWhenEdgeAttached",
                    get: { $0.widthFollowsPreferredContentSizeWhenEdgeAttached },
                    set: { $0.widthFollowsPreferredContentSizeWhenEdgeAttached = $1 })
                c.property("delegate", get: { $0.delegate }, set: { $0.delegate = $1 })
                c.property("presentedViewController") { (sheet: SheetPresentationController) in
                    sheet.presentedController
                }
                c.method("animateChanges") { (sheet: SheetPresentationController, changes: ScriptBlock) in
                    guard let bridge = sheet.bridge else { return }
                    try sheet.animateChanges { try bridge.call(changes) }
                }
                c.method("invalidateDetents") { (sheet: SheetPresentationController) in try sheet.detentsChanged() }
            }
        }

        static func detentClass() -> NativeClass {
            NativeClass(
                "UISheetPresentationControllerDetent", superclass: "NSObject", type: SheetDetent.self, allocate: nil
            ) { c in
                c.classMethod("mediumDetent") { () -> SheetDetent in .medium }
                c.classMethod("largeDetent") { () -> SheetDetent in .large }
                // Not a trailing closure: a leading `String?` would also fit `classMethod(_:locating:)`.
                c.classMethod(
                    "customDetentWithIdentifier_resolver",
                    { (identifier: String?, resolver: ScriptBlock) -> SheetDetent in
                        SheetDetent(identifier: identifier ?? UUID().uuidString, height: .custom(resolver))
                    })
                c.property("identifier") { (detent: SheetDetent) in detent.identifier }
            }
        }

        static func contextClass() -> NativeClass {
            NativeClass(
                "UISheetPresentationControllerDetentResolutionContext", superclass: "NSObject",
                type: SheetDetentContext.self, allocate: nil
            ) { c in
                c.property("maximumDetentValue") { (context: SheetDetentContext) in context.maximumDetentValue }
            }
        }

        static var module: BindingModule {
            BindingModule(
                "UIKit.UISheetPresentationController",
                [
                    ("UISheetPresentationControllerDetentIdentifierMedium", .constant(SheetDetent.mediumIdentifier)),
                    ("UISheetPresentationControllerDetentIdentifierLarge", .constant(SheetDetent.largeIdentifier)),
                ])
        }
    }
}

extension SheetPresentationController.Script: WorldClasses {
    static var worldProtocols: [ProtocolDescription] { [SheetPresentationController.delegateProtocol] }
    static func worldModules(_: UIEnvironment) -> [BindingModule] { [module] }
    static func worldClasses(_: UIEnvironment) -> [NativeClass] { [sheetClass(), detentClass(), contextClass()] }
}
