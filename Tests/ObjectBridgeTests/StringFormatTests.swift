import Foundation
import LuaRuntime
import ObjectBridge
import Testing

/// `NSString:stringWithFormat` with Objective-C's specifiers, each argument checked against
/// its specifier.
@Suite struct StringFormatTests {
    func format(_ arguments: String) throws -> LuaValue? {
        try TestBridge().run("return objc.NSString:stringWithFormat(\(arguments))").first
    }

    @Test func objectiveCsSpecifiersFormatAsFoundationDoes() throws {
        #expect(
            try format(#""%d items, %ld left, %u, %5d|%-5d|%05d", 3, -2, 7, 42, 42, 42"#)
                == "3 items, -2 left, 7,    42|42   |00042")
        #expect(
            try format(#""%.2f %f %e %g %G", 3.14159, 1.5, 12345.678, 0.0001, 1e20"#)
                == "3.14 1.500000 1.234568e+04 0.0001 1E+20")
        #expect(try format(#""%x %X %#o %c%c %% %s", 255, 255, 8, 72, 105, "text""#) == "ff FF 010 Hi % text")
        #expect(try format(#""%@ and %@ (%@, %@, %@)", "words", 12, 2.0, 2.5, nil"#) == "words and 12 (2, 2.5, (null))")
        #expect(try format(#""%2$@ before %1$@", "first", "second""#) == "second before first")
        #expect(
            try format(#""[%*d] [%.*f] [%8@] [%-6s] [%.3s]", 4, 7, 2, 1.0, "right", "left", "abcdef""#)
                == "[   7] [1.00] [   right] [left  ] [abc]")
        #expect(try format(#""%@", objc.NSIndexPath:indexPathForRow_inSection(1, 2)"#)?.stringValue?.isEmpty == false)
        #expect(try format(#""%d %d", true, false"#) == "1 0")
        #expect(try format(#""[%*d] [%.*d]", -4, 7, -1, 7"#) == "[7   ] [7]")
    }

    @Test func anArgumentThatDoesNotFitItsSpecifierIsAnErrorNamingIt() throws {
        let t = try TestBridge()
        let cases: [(String, String)] = [
            (#"'%d of %d', 1"#, #"needs an argument #2 for %d, and 1 was given"#),
            (#"'%d', 1.5"#, #"argument #1 (1.5) does not fit %d in the format "%d": it is not a whole number"#),
            (#"'%f', 'x'"#, #"argument #1 ("x") does not fit %f"#),
            (#"'%s', 3"#, "it is not a string"),
            (#"'%y', 3"#, "%y in the format \"%y\" is not a format specifier"),
            (#"'%1$@ %@', 1, 2"#, "mixes numbered specifiers"),
            (#"'50%', 1"#, "ends in the middle of a specifier"),
            (#"'%c', -1"#, "-1 for %c is not a character"),
            (#"'%999999999d', 1"#, "the width 999999999 in the format \"%999999999d\" is over 65536"),
            (#"'%.*f', 100000, 1"#, "the precision 100000"),
        ]
        for (arguments, expected) in cases {
            let message = t.error("return objc.NSString:stringWithFormat(\(arguments))")
            #expect(message.contains(expected), "\(arguments): \(message)")
        }
        #expect(try t.run("return 6 * 7") == [42])
    }

    /// Each field is capped, and so is their sum: a format of many wide fields that would
    /// outgrow what the memory limit leaves is refused before it is built, and the state goes on.
    @Test func aFormatPastTheMemoryLimitIsRefusedBeforeItIsBuilt() throws {
        var options = TestBridge.options
        options.memoryLimit = 64 << 20
        let t = try TestBridge(options: options)
        let message =
            try t.run(
                """
                local fields, values = {}, {}
                for i = 1, 2000 do fields[i] = "%65536d" values[i] = i end
                local ok, e = pcall(objc.NSString.stringWithFormat, objc.NSString, table.concat(fields), table.unpack(values))
                return e
                """
            ).first?.stringValue ?? ""
        #expect(
            message.contains("makes a string of more than") && message.contains("what the memory limit leaves"),
            "\(message)")
        #expect(try t.run("return 6 * 7").first == .integer(42))
    }
}
