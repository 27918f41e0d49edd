import Foundation
import Strata

// Apple-shaped uses of Core Text's and Core Graphics' fonts (api-shape.md, "Core Text, Core Graphics"): each
// compiles as written for iOS, `import CoreText` renamed `import Strata`.

enum CoreTextShape {
    static func fonts(named name: String) -> [CTFont] {
        let system = CTFontCreateWithName(name as CFString, 0, nil)
        let helvetica = CTFontCreateWithName("Helvetica" as CFString, 12, nil)
        var identity = CGAffineTransform.identity
        let withMatrix = CTFontCreateWithName("Helvetica" as CFString, 12, &identity)
        let postScript: String = CTFontCopyPostScriptName(system) as String
        let family = CTFontCopyFamilyName(helvetica) as String
        let full = CTFontCopyFullName(withMatrix) as String
        print(postScript, family, full, CTFontGetSize(withMatrix))
        return [system, helvetica, withMatrix]
    }

    static func cgFont(named name: String) -> CGFont? {
        guard let font = CGFont(name as CFString) else { return nil }
        let postScript = font.postScriptName as String?
        print(postScript ?? "")
        return font
    }
}
