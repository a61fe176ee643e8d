import Foundation
import ObjectBridge

/// NSString's file reading, limited to the program's files: a path outside is an error that
/// says so; a missing or unreadable file gives nil, as Foundation's does.
enum FileReading {
    /// `NSStringEncoding`s the reading understands.
    static let encodings: [Int: String.Encoding] = [1: .ascii, 4: .utf8, 5: .isoLatin1, 10: .unicode, 30: .macOSRoman]

    static func nativeClass(_ environment: UIEnvironment) -> NativeClass {
        NativeClass(extending: "NSString", type: NSStringClass.self) { c in
            c.classMethod("stringWithContentsOfFile_encoding_error") {
                (path: String, encoding: Int, _: AnyScriptValue) -> String? in
                guard let textEncoding = encodings[encoding] else {
                    throw ScriptValueError("\(encoding) is not an NSStringEncoding Rebound reads")
                }
                guard let url = try environment.programFile(path), let data = try? Data(contentsOf: url) else {
                    return nil
                }
                return String(data: data, encoding: textEncoding)
            }
            c.classMethod("stringWithContentsOfFile") { (path: String) -> String? in
                guard let url = try environment.programFile(path), let data = try? Data(contentsOf: url) else {
                    return nil
                }
                return String(data: data, encoding: .utf8)
            }
        }
    }
}

extension FileReading: WorldClasses {
    static func worldClasses(_ environment: UIEnvironment) -> [NativeClass] { [nativeClass(environment)] }
}
