import Foundation
import ObjectBridge

extension ButtonConfiguration {
    /// Scripts' view of `ButtonConfiguration`: `UIButtonConfiguration` and its enums.
    enum Script {
        static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
            NativeClass(
                "UIButtonConfiguration", superclass: "NSObject", type: ButtonConfiguration.self, allocate: nil
            ) { c in
                for style in Style.allCases {
                    c.classMethod("\(style.rawValue)ButtonConfiguration") {
                        ButtonConfiguration(style: style, category: environment.screen.profile.contentSizeCategory)
                    }
                }
                c.method("copy") { (configuration: ButtonConfiguration) in configuration.copy() }
                c.method("updatedConfigurationForButton") { (configuration: ButtonConfiguration, button: Button) in
                    configuration.updated(for: button)
                }
                c.method("setDefaultContentInsets") { (configuration: ButtonConfiguration) in
                    configuration.setDefaultContentInsets()
                }
                contentMembers(c, environment)
                layoutMembers(c)
                lookMembers(c)
                enums(c)
            }
        }

        private static func contentMembers(_ c: NativeClassBuilder<ButtonConfiguration>, _ environment: UIEnvironment) {
            c.property("title", get: { $0.title }, set: { $0.title = $1 })
            c.property("subtitle", get: { $0.subtitle }, set: { $0.subtitle = $1 })
            c.property(
                "attributedTitle", get: { $0.attributedTitle?.copied() }, set: { $0.attributedTitle = $1?.copied() })
            c.property(
                "attributedSubtitle", get: { $0.attributedSubtitle?.copied() },
                set: { $0.attributedSubtitle = $1?.copied() })
            c.property(
                "image", get: { $0.image },
                set: { configuration, image in
                    try configuration.setImage(
                        image, configuration: configuration.preferredSymbolConfigurationForImage, environment)
                })
            c.property(
                "preferredSymbolConfigurationForImage", get: { $0.preferredSymbolConfigurationForImage },
                set: { configuration, symbol in
                    try configuration.setImage(configuration.image, configuration: symbol, environment)
                })
            c.property(
                "imageColorTransformer", get: { $0.imageColorTransformer }, set: { $0.imageColorTransformer = $1 })
            c.property(
                "titleTextAttributesTransformer", get: { $0.titleTextAttributesTransformer },
                set: { $0.titleTextAttributesTransformer = $1 })
            c.property(
                "subtitleTextAttributesTransformer", get: { $0.subtitleTextAttributesTransformer },
                set: { $0.subtitleTextAttributesTransformer = $1 })
            for (name, path) in [
                ("titleLineBreakMode", \ButtonConfiguration.titleLineBreakMode),
                ("subtitleLineBreakMode", \.subtitleLineBreakMode),
            ] {
                c.property(
                    name, get: { $0[keyPath: path] },
                    set: { configuration, mode in
                        configuration[keyPath: path] = try Control.Script.choice(mode, below: 6, name)
                    })
            }
        }

        private static func layoutMembers(_ c: NativeClassBuilder<ButtonConfiguration>) {
            c.property(
                "imagePlacement", get: { $0.imagePlacement.rawValue },
                set: { configuration, edge in
                    configuration.imagePlacement = try Control.Script.choice(
                        edge, of: "NSDirectionalRectEdge of one edge (top 1, leading 2, bottom 4, trailing 8)")
                })
            for (name, path) in [
                ("imagePadding", \ButtonConfiguration.imagePadding), ("titlePadding", \.titlePadding),
            ] {
                c.property(
                    name, get: { $0[keyPath: path] },
                    set: { configuration, padding in
                        configuration[keyPath: path] = try GeometryCheck.finite(padding, name)
                    })
            }
            c.property(
                "showsActivityIndicator", get: { $0.showsActivityIndicator },
                set: { $0.showsActivityIndicator = $1 })
            c.property(
                "titleAlignment", get: { $0.titleAlignment.rawValue },
                set: { configuration, alignment in
                    configuration.titleAlignment = try Control.Script.choice(
                        alignment, of: "UIButtonConfigurationTitleAlignment (0 to 3)")
                })
            c.property(
                "contentInsets", get: { $0.contentInsets },
                set: { configuration, insets in
                    configuration.contentInsets = try GeometryCheck.fields(insets, "contentInsets")
                })
            c.property(
                "buttonSize", get: { $0.buttonSize.rawValue },
                set: { configuration, size in
                    configuration.buttonSize = try Control.Script.choice(size, of: "UIButtonConfigurationSize (0 to 3)")
                })
        }

        private static func lookMembers(_ c: NativeClassBuilder<ButtonConfiguration>) {
            c.property(
                "cornerStyle", get: { $0.cornerStyle.rawValue },
                set: { configuration, style in
                    configuration.cornerStyle = try Control.Script.choice(
                        style, of: "UIButtonConfigurationCornerStyle (-1 to 4)")
                })
            c.property("baseForegroundColor", get: { $0.baseForegroundColor }, set: { $0.baseForegroundColor = $1 })
            c.property("baseBackgroundColor", get: { $0.baseBackgroundColor }, set: { $0.baseBackgroundColor = $1 })
            c.property("background", get: { $0.background }, set: { $0.background = $1.copy() })
        }

        private static func enums(_ c: NativeClassBuilder<ButtonConfiguration>) {
            let module = "UIKit.UIButtonConfiguration"
            c.enumeration(
                cType: "UIButtonConfigurationSize", constants: "UIButtonConfigurationSize", module: module,
                [("Medium", 0), ("Small", 1), ("Mini", 2), ("Large", 3)])
            c.enumeration(
                cType: "UIButtonConfigurationCornerStyle", constants: "UIButtonConfigurationCornerStyle",
                module: module,
                [("Fixed", -1), ("Dynamic", 0), ("Small", 1), ("Medium", 2), ("Large", 3), ("Capsule", 4)])
            c.enumeration(
                cType: "UIButtonConfigurationTitleAlignment", constants: "UIButtonConfigurationTitleAlignment",
                module: module, [("Automatic", 0), ("Leading", 1), ("Center", 2), ("Trailing", 3)])
        }
    }
}

extension ButtonConfiguration.Script: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
