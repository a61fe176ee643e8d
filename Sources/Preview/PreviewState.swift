import HeadlessUI
import LiveHost

/// What the preview page shows, as the JSON data of one Server-Sent Event.
struct PreviewState: Encodable {
    /// One device's screen: its last good picture and, over it, the error that stopped a
    /// reload since.
    struct Screen: Encodable {
        var device: String
        /// The size in points, the picture's pixels per point.
        var width: Double
        var height: Double
        var scale: Double
        /// `light` or `dark`: the device's appearance, which the page's toggle switches.
        var appearance: String
        /// The text size's name (`large`, `AX1`), which the page's menu chooses.
        var contentSize: String
        /// Counts the pictures of this screen; the page reads it to tell a new one.
        var frame: Int
        /// A `data:image/png;base64,...` address, or nil before the first display pass.
        var picture: String?
        var problem: Problem?
    }

    /// An error the host reported: the file, line and message, and the source around the line.
    struct Problem: Encodable {
        var kind: String
        var file: String?
        var line: Int?
        var message: String
        var source: [SourceLines.Line]
    }

    /// A module or resource of the program and what happened to it last.
    struct File: Encodable {
        var file: String
        var kind: String
        /// When it was last reloaded (ISO 8601), or nil when it only loaded at the start.
        var reloaded: String?
        var failed: Bool
    }

    /// The last save that reached the screen, and how long that took.
    struct LastReload: Encodable {
        var file: String
        var saveToPictureMilliseconds: Double
    }

    /// A knob the program declared (`rebound.param`), for the page's control of it.
    struct Knob: Encodable, Equatable {
        var name: String
        /// `number`, `boolean`, `choice` or `color`.
        var kind: String
        /// As the user writes it (`12`, `true`, `wide`, `#FF8800FF`).
        var value: String
        var min: Double?
        var max: Double?
        var step: Double?
        var choices: [String]?
    }

    /// A warning the host gave (a likely misspelled property, a missing resource): the page
    /// lists the latest, each once.
    struct Warning: Encodable, Equatable {
        var file: String?
        var message: String
    }

    var project: String
    var screens: [Screen]
    var knobs: [Knob]
    /// Whether what is done on the page is being recorded as a spec.
    var recording: Bool
    var files: [File]
    var warnings: [Warning]
    var lastReload: LastReload?
}
