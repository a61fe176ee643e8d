import Foundation
import HeadlessUI
import Hummingbird
import LiveHost
import NIOCore
import Synchronization

/// The preview page's input channel (`POST /input`): what a person does on a screen, handed to
/// the host. The page can act on the program now, so the channel refuses what a stranger sends:
///
/// - the per-run secret the page was given (`X-Rebound-Token`), compared in constant time: a
///   page of another site cannot read it (the same-origin policy, and `PreviewGate`'s `Host`
///   check against DNS rebinding), and cannot send the header without a preflight nobody answers;
/// - an `Origin` naming this server (a browser always sends one with a POST);
/// - a JSON body of at most `maximumBytes`, at most `maximumActions` actions, values in range;
/// - at most `PreviewLimits.inputBurst` units of work at once, refilled at `inputRate` a
///   second; past that, 429. A message costs what its actions ask of the host (`cost`): a
///   finger's move is one, a typed character one, a knob set four, turning the device thirty.
final class PreviewInput: Sendable {
    let token: String
    private let deliver: @Sendable (PageInput) -> Void
    private let bucket: Mutex<(tokens: Double, filled: ContinuousClock.Instant)>

    static let maximumBytes = 16 << 10
    static let maximumActions = 128
    /// The most text a paste carries, and a typing action: the page sends one key at a time, and
    /// each typed character is a frame of the host's work.
    static let maximumText = 4096
    static let maximumTyped = 64
    private let burst: Double
    private let rate: Double

    init(limits: PreviewLimits, deliver: @escaping @Sendable (PageInput) -> Void) {
        var generator = SystemRandomNumberGenerator()
        token = (0..<4).map { _ in String(format: "%016llx", generator.next() as UInt64) }.joined()
        self.deliver = deliver
        (burst, rate) = (max(1, limits.inputBurst), max(0, limits.inputRate))
        bucket = Mutex((max(1, limits.inputBurst), .now))
    }

    /// Answers one request: 204 once the input is handed to the host.
    func handle(_ request: Request, gate: PreviewGate, port: Int) async throws -> Response {
        let given = request.headers.first { $0.name.canonicalName == "x-rebound-token" }?.value
        guard let given, Self.same(given, token) else {
            return Self.refusal(.forbidden, "the input channel needs the token the preview page was given")
        }
        guard let origin = request.headers[.origin], Self.isOwn(origin, gate: gate, port: port) else {
            return Self.refusal(.forbidden, "input is taken from the preview page's own origin only")
        }
        // One unit before the body is read, the rest of what the actions cost once they are known.
        guard take(1) else { return Self.tooMany }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: Self.maximumBytes)
        } catch {
            return Self.refusal(.contentTooLarge, "an input message is at most \(Self.maximumBytes) bytes")
        }
        let input: [PageInput]
        do {
            input = try Self.decode(Data(buffer: body))
        } catch let error as PreviewError {
            return Self.refusal(.badRequest, error.description)
        }
        guard take(input.reduce(0) { $0 + Self.cost(of: $1) } - 1) else { return Self.tooMany }
        for part in input { deliver(part) }
        return Response(status: .noContent)
    }

    private static var tooMany: Response {
        Response(status: .tooManyRequests, headers: [.retryAfter: "1", .contentType: "text/plain"])
    }

    /// What an action asks of the host, in the bucket's units: about a frame's work for a touch
    /// or a key, a frame per typed character, a knob's handlers and layout pass on every device,
    /// and every view laid out again at a new size for a turn of the device.
    static func cost(of input: PageInput) -> Double {
        switch input {
        case .screen(let input): input.actions.reduce(0) { $0 + cost(of: $1) }
        case .command: 4
        }
    }

    static func cost(of action: ScreenInput.Action) -> Double {
        switch action {
        case .down, .move, .up, .cancel, .wheel, .key: 1
        case .text(let text): Double(max(1, text.count))
        case .paste(let text): 1 + Double(text.utf8.count / 256)
        case .rotate, .appearance, .contentSize: 30
        }
    }

    /// A message from the page: `{"device": "phone", "actions": [{"type": "down", "finger": 1,
    /// "x": 10, "y": 20}, ...]}`. The screen's actions in a row are one `ScreenInput`; a knob or
    /// the record button is a command of its own, in its place among them.
    static func decode(_ data: Data) throws -> [PageInput] {
        guard let message = try? JSONDecoder().decode(PageMessage.self, from: data) else {
            throw PreviewError("an input message is a JSON object with a list of actions")
        }
        let (device, actions) = (message.device, message.actions)
        guard device.map({ $0.count <= 64 }) ?? true else {
            throw PreviewError("a device's name is at most 64 characters")
        }
        guard !actions.isEmpty, actions.count <= maximumActions else {
            throw PreviewError("an input message has 1 to \(maximumActions) actions")
        }
        var parts: [PageInput] = []
        for fields in actions {
            switch try action(fields) {
            case .command(let command): parts.append(.command(command))
            case .screen(let action):
                if case .screen(var input)? = parts.last {
                    input.actions.append(action)
                    parts[parts.count - 1] = .screen(input)
                } else {
                    parts.append(.screen(ScreenInput(device: device, actions: [action])))
                }
            }
        }
        return parts
    }

    /// One action of the page's message: for a screen, or for the host.
    private enum Action {
        case screen(ScreenInput.Action)
        case command(HostCommand)
    }

    private static func action(_ fields: PageMessage.Fields) throws -> Action {
        func number(_ key: String, within limit: Double = 100_000) throws -> Double {
            guard let value = fields.numbers[key], value.isFinite, abs(value) <= limit else {
                throw PreviewError("'\(key)' must be a number from -\(Int(limit)) to \(Int(limit))")
            }
            return value
        }
        func finger() throws -> Int {
            let value = try number("finger", within: 1_000_000_000)
            guard value == value.rounded() else { throw PreviewError("'finger' must be a whole number") }
            return Int(value)
        }
        func text(_ key: String, atMost limit: Int = maximumText) throws -> String {
            guard let value = fields.strings[key], value.count <= limit else {
                throw PreviewError("'\(key)' must be a string of at most \(limit) characters")
            }
            return value
        }
        switch fields.strings["type"] {
        case "down": return .screen(.down(finger: try finger(), x: try number("x"), y: try number("y")))
        case "move": return .screen(.move(finger: try finger(), x: try number("x"), y: try number("y")))
        case "up": return .screen(.up(finger: try finger(), x: try number("x"), y: try number("y")))
        case "cancel": return .screen(.cancel)
        case "wheel":
            return .screen(.wheel(x: try number("x"), y: try number("y"), dx: try number("dx"), dy: try number("dy")))
        case "text": return .screen(.text(try text("text", atMost: maximumTyped)))
        case "key":
            let name = try text("key")
            guard ["return", "backspace"].contains(name) else {
                throw PreviewError("the keys are 'return' and 'backspace'")
            }
            return .screen(.key(name))
        case "paste": return .screen(.paste(try text("text")))
        case "rotate": return .screen(.rotate)
        case "appearance":
            guard let style = try? UserInterfaceStyle(parsing: try text("value")) else {
                throw PreviewError("an appearance's value is 'light' or 'dark'")
            }
            return .screen(.appearance(style))
        case "contentSize":
            guard let category = try? ContentSizeCategory(parsing: try text("value")) else {
                throw PreviewError(
                    "a content size's value is one of "
                        + ContentSizeCategory.allCases.map(\.name).joined(separator: ", "))
            }
            return .screen(.contentSize(category))
        case "param": return .command(.setKnob(name: try text("name"), value: try text("value")))
        case "record":
            guard let on = fields.booleans["on"] else { throw PreviewError("'on' must be true or false") }
            return .command(.record(on))
        default:
            throw PreviewError(
                "an action's type is down, move, up, cancel, wheel, text, key, paste, rotate, appearance, "
                    + "contentSize, param or record")
        }
    }

    /// Takes `units` from the bucket, refilled for the time since it was last; false (taking
    /// nothing) when it holds fewer.
    private func take(_ units: Double) -> Bool {
        bucket.withLock { bucket in
            let now = ContinuousClock.now
            let elapsed = now - bucket.filled
            let seconds = elapsed.inSeconds
            bucket = (min(burst, bucket.tokens + seconds * rate), now)
            guard bucket.tokens >= units else { return false }
            bucket.tokens -= units
            return true
        }
    }

    /// Whether `origin` is this server as the page was loaded from it.
    static func isOwn(_ origin: String, gate: PreviewGate, port: Int) -> Bool {
        guard let url = URL(string: origin), url.scheme == "http", let host = url.host, url.port == port,
            url.path.isEmpty
        else { return false }
        return gate.allows(host: host)
    }

    /// Compares in time that does not depend on where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private static func refusal(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}

/// The page's input message on the wire: `{"device": "phone", "actions": [{"type": "down", ...}]}`.
struct PageMessage: Decodable {
    let device: String?
    let actions: [Fields]

    /// One action's fields by type, as the page sent them; `PreviewInput` checks which it needs.
    struct Fields: Decodable {
        var numbers: [String: Double] = [:]
        var strings: [String: String] = [:]
        var booleans: [String: Bool] = [:]

        init(from decoder: Decoder) throws {
            let fields = try decoder.container(keyedBy: Name.self)
            for key in fields.allKeys {
                if let value = try? fields.decode(Bool.self, forKey: key) {
                    booleans[key.stringValue] = value
                } else if let value = try? fields.decode(Double.self, forKey: key) {
                    numbers[key.stringValue] = value
                } else if let value = try? fields.decode(String.self, forKey: key) {
                    strings[key.stringValue] = value
                }
            }
        }
    }

    /// A field's name, whatever it is.
    struct Name: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
