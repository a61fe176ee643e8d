import Foundation
import ObjectBridge

/// The readable part of a decoding error: where (`modules[2].size`), and the parser's own
/// message or what is missing.
public enum DecodingErrors {
    public static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "'\(place(context.codingPath + [key]))' is missing"
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            let key = context.codingPath.isEmpty ? "" : "'\(place(context.codingPath))': "
            return key + (underlying ?? context.debugDescription)
        @unknown default:
            return String(describing: error)
        }
    }

    private static func place(_ path: [CodingKey]) -> String {
        path.enumerated().map { index, key in
            key.intValue.map { "[\($0)]" } ?? (index == 0 ? key.stringValue : "." + key.stringValue)
        }.joined()
    }
}
