import Foundation
import ObjectBridge

/// Scripts' view of content and background configurations, the configuration state, and the
/// members cells share for them.
enum ConfigurationsScript {
    static func contentClass(_ environment: UIEnvironment) -> NativeClass {
        NativeClass(
            "UIListContentConfiguration", superclass: "NSObject", type: ListContentConfiguration.self, allocate: nil
        ) { c in
            for style in ListContentConfiguration.Style.allCases {
                c.classMethod("\(style.rawValue)Configuration") {
                    ListContentConfiguration(
                        style: style, text: environment.text, category: environment.screen.profile.contentSizeCategory)
                }
            }
            c.method("copy") { (configuration: ListContentConfiguration) in configuration.copy() }
            c.method("updatedConfigurationForState") {
                (configuration: ListContentConfiguration, state: CellConfigurationState) in
                configuration.updated(for: state)
            }
            c.method("makeContentView") { (configuration: ListContentConfiguration) in
                ListContentView(configuration: configuration.copy())
            }
            c.property("text", get: { $0.text }, set: { $0.text = $1 })
            c.property("secondaryText", get: { $0.secondaryText }, set: { $0.secondaryText = $1 })
            c.property("image", get: { $0.image }, set: { $0.image = $1 })
            c.property("textProperties") { (configuration: ListContentConfiguration) in configuration.textProperties }
            c.property("secondaryTextProperties") { (configuration: ListContentConfiguration) in
                configuration.secondaryTextProperties
            }
            c.property("imageProperties") { (configuration: ListContentConfiguration) in
                configuration.imageProperties
            }
            c.property(
                "directionalLayoutMargins", get: { $0.directionalLayoutMargins },
                set: { configuration, margins in
                    configuration.directionalLayoutMargins = try GeometryCheck.fields(
                        margins, "directionalLayoutMargins")
                })
            c.property(
                "prefersSideBySideTextAndSecondaryText", get: { $0.prefersSideBySideTextAndSecondaryText },
                set: { $0.prefersSideBySideTextAndSecondaryText = $1 })
            for (name, path) in [
                ("imageToTextPadding", \ListContentConfiguration.imageToTextPadding),
                ("textToSecondaryTextVerticalPadding", \.textToSecondaryTextVerticalPadding),
                ("textToSecondaryTextHorizontalPadding", \.textToSecondaryTextHorizontalPadding),
            ] {
                c.property(
                    name, get: { $0[keyPath: path] },
                    set: { configuration, value in configuration[keyPath: path] = try GeometryCheck.finite(value, name)
                    })
            }
        }
    }

    static func textPropertiesClass() -> NativeClass {
        NativeClass(
            "UIListContentTextProperties", superclass: "NSObject", type: ListTextProperties.self, allocate: nil
        ) { c in
            c.property("font", get: { $0.font }, set: { $0.font = $1 })
            c.property("color", get: { $0.color }, set: { $0.color = $1 })
            c.property(
                "alignment", get: { $0.alignment },
                set: { properties, alignment in
                    properties.alignment = try Control.Script.choice(alignment, below: 3, "alignment")
                })
            c.property(
                "numberOfLines", get: { $0.numberOfLines },
                set: { properties, lines in
                    guard lines >= 0 else { throw ScriptValueError("numberOfLines must not be negative, got \(lines)") }
                    properties.numberOfLines = lines
                })
            c.property(
                "lineBreakMode", get: { $0.lineBreakMode },
                set: { properties, mode in
                    properties.lineBreakMode = try Control.Script.choice(mode, below: 6, "lineBreakMode")
                })
            c.property(
                "transform", get: { $0.transform.rawValue },
                set: { properties, transform in
                    properties.transform = try Control.Script.choice(transform, of: "UIListContentTextTransform")
                })
            c.enumeration(
                cType: "UIListContentTextAlignment", constants: "UIListContentTextAlignment",
                module: "UIKit.UIListContentConfiguration", [("Natural", 0), ("Center", 1), ("Justified", 2)])
            c.enumeration(
                cType: "UIListContentTextTransform", constants: "UIListContentTextTransform",
                module: "UIKit.UIListContentConfiguration",
                [("None", 0), ("Capitalized", 1), ("Lowercase", 2), ("Uppercase", 3)])
        }
    }

    static func imagePropertiesClass() -> NativeClass {
        NativeClass(
            "UIListContentImageProperties", superclass: "NSObject", type: ListImageProperties.self, allocate: nil
        ) { c in
            c.property("tintColor", get: { $0.tintColor }, set: { $0.tintColor = $1 })
            c.property(
                "maximumSize", get: { $0.maximumSize },
                set: { properties, size in properties.maximumSize = try GeometryCheck.size(size, "maximumSize") })
            c.property(
                "cornerRadius", get: { $0.cornerRadius },
                set: { properties, radius in properties.cornerRadius = try GeometryCheck.finite(radius, "cornerRadius")
                })
        }
    }

    static func backgroundClass() -> NativeClass {
        NativeClass(
            "UIBackgroundConfiguration", superclass: "NSObject", type: BackgroundConfiguration.self, allocate: nil
        ) { c in
            for style in BackgroundConfiguration.Style.allCases {
                c.classMethod("\(style.rawValue)Configuration") { BackgroundConfiguration(style: style) }
            }
            c.method("copy") { (configuration: BackgroundConfiguration) in configuration.copy() }
            c.method("updatedConfigurationForState") {
                (configuration: BackgroundConfiguration, state: CellConfigurationState) in
                configuration.updated(for: state)
            }
            c.method("resolvedBackgroundColorForTintColor") { (configuration: BackgroundConfiguration, tint: Color) in
                configuration.resolvedColor(tint: tint)
            }
            c.property("backgroundColor", get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 })
            c.property("customView", get: { $0.customView }, set: { $0.customView = $1 })
            c.property(
                "cornerRadius", get: { $0.cornerRadius ?? 0 },
                set: { configuration, radius in
                    configuration.cornerRadius = try GeometryCheck.finite(radius, "cornerRadius")
                })
            c.property(
                "backgroundInsets", get: { $0.backgroundInsets },
                set: { configuration, insets in
                    configuration.backgroundInsets = try GeometryCheck.fields(insets, "backgroundInsets")
                })
            c.property("strokeColor", get: { $0.strokeColor }, set: { $0.strokeColor = $1 })
            c.property(
                "strokeWidth", get: { $0.strokeWidth },
                set: { configuration, width in
                    configuration.strokeWidth = try GeometryCheck.finite(width, "strokeWidth")
                })
            c.property(
                "strokeOutset", get: { $0.strokeOutset },
                set: { configuration, outset in
                    configuration.strokeOutset = try GeometryCheck.finite(outset, "strokeOutset")
                })
        }
    }

    static func stateClass() -> NativeClass {
        NativeClass(
            "UICellConfigurationState", superclass: "NSObject", type: CellConfigurationState.self, allocate: nil
        ) { c in
            let flags: [(String, ReferenceWritableKeyPath<CellConfigurationState, Bool>)] = [
                ("selected", \.isSelected), ("highlighted", \.isHighlighted), ("disabled", \.isDisabled),
                ("focused", \.isFocused), ("editing", \.isEditing), ("swiped", \.isSwiped), ("expanded", \.isExpanded),
            ]
            for (name, path) in flags {
                c.property(name, get: { $0[keyPath: path] }, set: { $0[keyPath: path] = $1 })
            }
            c.property("traitCollection") { (state: CellConfigurationState) in state.traitCollection }
        }
    }

    static func contentViewClass() -> NativeClass {
        NativeClass("UIListContentView", superclass: "UIView", type: ListContentView.self, allocate: nil) { c in
            c.property(
                "configuration", get: { $0.configuration.copy() },
                set: { view, configuration in view.apply(configuration.copy()) })
        }
    }

    /// What collection view cells and table view cells share: their configurations, the
    /// update handler, and the update itself.
    static func cellMembers<Cell: ConfigurableCell>(_ c: NativeClassBuilder<Cell>) {
        c.property(
            "contentConfiguration", get: { $0.configurations.content?.copy() },
            set: { cell, configuration in
                cell.configurations.setContent(configuration, in: cell)
                cell.setNeedsLayout()
            })
        c.property(
            "backgroundConfiguration", get: { $0.configurations.background?.copy() },
            set: { cell, configuration in try CellConfigurations.setBackground(configuration, of: cell) })
        c.property(
            "configurationUpdateHandler", get: { $0.configurations.updateHandler },
            set: { cell, handler in
                cell.configurations.updateHandler = handler
                CellConfigurations.setNeedsUpdate(cell)
            })
        c.property(
            "automaticallyUpdatesContentConfiguration", get: { $0.configurations.automaticallyUpdatesContent },
            set: { $0.configurations.automaticallyUpdatesContent = $1 })
        c.property(
            "automaticallyUpdatesBackgroundConfiguration", get: { $0.configurations.automaticallyUpdatesBackground },
            set: { $0.configurations.automaticallyUpdatesBackground = $1 })
        c.property("configurationState") { (cell: Cell) in cell.configurationState }
        c.method("setNeedsUpdateConfiguration") { (cell: Cell) in CellConfigurations.setNeedsUpdate(cell) }
        c.method("updateConfigurationUsingState", overridable: true) { (cell: Cell, state: CellConfigurationState) in
            try CellConfigurations.updateAutomatically(cell, for: state)
        }
    }
}

extension ConfigurationsScript: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] {
        [
            contentClass(environment), textPropertiesClass(), imagePropertiesClass(), backgroundClass(), stateClass(),
            contentViewClass(),
        ]
    }
}
