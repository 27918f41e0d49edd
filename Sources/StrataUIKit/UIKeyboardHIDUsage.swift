/// A key's USB HID usage (UIKit's UIKeyboardHIDUsage, Apple's case names and raw values), the physical
/// key `UIKey.keyCode` names. Strata's server reports X keysyms, so the usage is told from the keysym as a
/// US layout would type it (the shifted symbols too: "!" is `keyboard1`); a key with no usage here is
/// `keyboardErrorUndefined`. The keysym itself is `UIKey.keysym`.
public enum UIKeyboardHIDUsage: Int, Sendable {
    case keyboardErrorRollOver = 0x01
    case keyboardPOSTFail = 0x02
    case keyboardErrorUndefined = 0x03
    case keyboardA = 0x04
    case keyboardB = 0x05
    case keyboardC = 0x06
    case keyboardD = 0x07
    case keyboardE = 0x08
    case keyboardF = 0x09
    case keyboardG = 0x0A
    case keyboardH = 0x0B
    case keyboardI = 0x0C
    case keyboardJ = 0x0D
    case keyboardK = 0x0E
    case keyboardL = 0x0F
    case keyboardM = 0x10
    case keyboardN = 0x11
    case keyboardO = 0x12
    case keyboardP = 0x13
    case keyboardQ = 0x14
    case keyboardR = 0x15
    case keyboardS = 0x16
    case keyboardT = 0x17
    case keyboardU = 0x18
    case keyboardV = 0x19
    case keyboardW = 0x1A
    case keyboardX = 0x1B
    case keyboardY = 0x1C
    case keyboardZ = 0x1D
    case keyboard1 = 0x1E
    case keyboard2 = 0x1F
    case keyboard3 = 0x20
    case keyboard4 = 0x21
    case keyboard5 = 0x22
    case keyboard6 = 0x23
    case keyboard7 = 0x24
    case keyboard8 = 0x25
    case keyboard9 = 0x26
    case keyboard0 = 0x27
    case keyboardReturnOrEnter = 0x28
    case keyboardEscape = 0x29
    case keyboardDeleteOrBackspace = 0x2A
    case keyboardTab = 0x2B
    case keyboardSpacebar = 0x2C
    case keyboardHyphen = 0x2D
    case keyboardEqualSign = 0x2E
    case keyboardOpenBracket = 0x2F
    case keyboardCloseBracket = 0x30
    case keyboardBackslash = 0x31
    case keyboardNonUSPound = 0x32
    case keyboardSemicolon = 0x33
    case keyboardQuote = 0x34
    case keyboardGraveAccentAndTilde = 0x35
    case keyboardComma = 0x36
    case keyboardPeriod = 0x37
    case keyboardSlash = 0x38
    case keyboardCapsLock = 0x39
    case keyboardF1 = 0x3A
    case keyboardF2 = 0x3B
    case keyboardF3 = 0x3C
    case keyboardF4 = 0x3D
    case keyboardF5 = 0x3E
    case keyboardF6 = 0x3F
    case keyboardF7 = 0x40
    case keyboardF8 = 0x41
    case keyboardF9 = 0x42
    case keyboardF10 = 0x43
    case keyboardF11 = 0x44
    case keyboardF12 = 0x45
    case keyboardPrintScreen = 0x46
    case keyboardScrollLock = 0x47
    case keyboardPause = 0x48
    case keyboardInsert = 0x49
    case keyboardHome = 0x4A
    case keyboardPageUp = 0x4B
    case keyboardDeleteForward = 0x4C
    case keyboardEnd = 0x4D
    case keyboardPageDown = 0x4E
    case keyboardRightArrow = 0x4F
    case keyboardLeftArrow = 0x50
    case keyboardDownArrow = 0x51
    case keyboardUpArrow = 0x52
    case keypadNumLock = 0x53
    case keypadSlash = 0x54
    case keypadAsterisk = 0x55
    case keypadHyphen = 0x56
    case keypadPlus = 0x57
    case keypadEnter = 0x58
    case keypad1 = 0x59
    case keypad2 = 0x5A
    case keypad3 = 0x5B
    case keypad4 = 0x5C
    case keypad5 = 0x5D
    case keypad6 = 0x5E
    case keypad7 = 0x5F
    case keypad8 = 0x60
    case keypad9 = 0x61
    case keypad0 = 0x62
    case keypadPeriod = 0x63
    case keyboardNonUSBackslash = 0x64
    case keyboardApplication = 0x65
    case keyboardPower = 0x66
    case keypadEqualSign = 0x67
    case keyboardF13 = 0x68
    case keyboardF14 = 0x69
    case keyboardF15 = 0x6A
    case keyboardF16 = 0x6B
    case keyboardF17 = 0x6C
    case keyboardF18 = 0x6D
    case keyboardF19 = 0x6E
    case keyboardF20 = 0x6F
    case keyboardF21 = 0x70
    case keyboardF22 = 0x71
    case keyboardF23 = 0x72
    case keyboardF24 = 0x73
    case keyboardExecute = 0x74
    case keyboardHelp = 0x75
    case keyboardMenu = 0x76
    case keyboardSelect = 0x77
    case keyboardStop = 0x78
    case keyboardAgain = 0x79
    case keyboardUndo = 0x7A
    case keyboardCut = 0x7B
    case keyboardCopy = 0x7C
    case keyboardPaste = 0x7D
    case keyboardFind = 0x7E
    case keyboardMute = 0x7F
    case keyboardVolumeUp = 0x80
    case keyboardVolumeDown = 0x81
    case keyboardLeftControl = 0xE0
    case keyboardLeftShift = 0xE1
    case keyboardLeftAlt = 0xE2
    case keyboardLeftGUI = 0xE3
    case keyboardRightControl = 0xE4
    case keyboardRightShift = 0xE5
    case keyboardRightAlt = 0xE6
    case keyboardRightGUI = 0xE7
}

extension UIKeyboardHIDUsage {
    /// The usage of X keysym `keysym` on a US layout (`keyboardErrorUndefined` for a keysym it has none for).
    init(keysym: Int) {
        self = Self.byKeysym[keysym] ?? .keyboardErrorUndefined
    }

    /// Each keysym's usage on a US layout: shifted characters take their key's usage.
    private static let byKeysym: [Int: UIKeyboardHIDUsage] = [
        0x20: .keyboardSpacebar, 0x21: .keyboard1, 0x22: .keyboardQuote, 0x23: .keyboard3, 0x24: .keyboard4,
        0x25: .keyboard5, 0x26: .keyboard7, 0x27: .keyboardQuote, 0x28: .keyboard9, 0x29: .keyboard0, 0x2a: .keyboard8,
        0x2b: .keyboardEqualSign, 0x2c: .keyboardComma, 0x2d: .keyboardHyphen, 0x2e: .keyboardPeriod,
        0x2f: .keyboardSlash, 0x30: .keyboard0, 0x31: .keyboard1, 0x32: .keyboard2, 0x33: .keyboard3, 0x34: .keyboard4,
        0x35: .keyboard5, 0x36: .keyboard6, 0x37: .keyboard7, 0x38: .keyboard8, 0x39: .keyboard9,
        0x3a: .keyboardSemicolon, 0x3b: .keyboardSemicolon, 0x3c: .keyboardComma, 0x3d: .keyboardEqualSign,
        0x3e: .keyboardPeriod, 0x3f: .keyboardSlash, 0x40: .keyboard2, 0x41: .keyboardA, 0x42: .keyboardB,
        0x43: .keyboardC, 0x44: .keyboardD, 0x45: .keyboardE, 0x46: .keyboardF, 0x47: .keyboardG, 0x48: .keyboardH,
        0x49: .keyboardI, 0x4a: .keyboardJ, 0x4b: .keyboardK, 0x4c: .keyboardL, 0x4d: .keyboardM, 0x4e: .keyboardN,
        0x4f: .keyboardO, 0x50: .keyboardP, 0x51: .keyboardQ, 0x52: .keyboardR, 0x53: .keyboardS, 0x54: .keyboardT,
        0x55: .keyboardU, 0x56: .keyboardV, 0x57: .keyboardW, 0x58: .keyboardX, 0x59: .keyboardY, 0x5a: .keyboardZ,
        0x5b: .keyboardOpenBracket, 0x5c: .keyboardBackslash, 0x5d: .keyboardCloseBracket, 0x5e: .keyboard6,
        0x5f: .keyboardHyphen, 0x60: .keyboardGraveAccentAndTilde, 0x61: .keyboardA, 0x62: .keyboardB, 0x63: .keyboardC,
        0x64: .keyboardD, 0x65: .keyboardE, 0x66: .keyboardF, 0x67: .keyboardG, 0x68: .keyboardH, 0x69: .keyboardI,
        0x6a: .keyboardJ, 0x6b: .keyboardK, 0x6c: .keyboardL, 0x6d: .keyboardM, 0x6e: .keyboardN, 0x6f: .keyboardO,
        0x70: .keyboardP, 0x71: .keyboardQ, 0x72: .keyboardR, 0x73: .keyboardS, 0x74: .keyboardT, 0x75: .keyboardU,
        0x76: .keyboardV, 0x77: .keyboardW, 0x78: .keyboardX, 0x79: .keyboardY, 0x7a: .keyboardZ,
        0x7b: .keyboardOpenBracket, 0x7c: .keyboardBackslash, 0x7d: .keyboardCloseBracket,
        0x7e: .keyboardGraveAccentAndTilde, 0xfe03: .keyboardRightAlt, 0xfe20: .keyboardTab,
        0xff08: .keyboardDeleteOrBackspace, 0xff09: .keyboardTab, 0xff0d: .keyboardReturnOrEnter,
        0xff13: .keyboardPause, 0xff14: .keyboardScrollLock, 0xff1b: .keyboardEscape, 0xff50: .keyboardHome,
        0xff51: .keyboardLeftArrow, 0xff52: .keyboardUpArrow, 0xff53: .keyboardRightArrow, 0xff54: .keyboardDownArrow,
        0xff55: .keyboardPageUp, 0xff56: .keyboardPageDown, 0xff57: .keyboardEnd, 0xff60: .keyboardSelect,
        0xff61: .keyboardPrintScreen, 0xff62: .keyboardExecute, 0xff63: .keyboardInsert, 0xff65: .keyboardUndo,
        0xff66: .keyboardAgain, 0xff67: .keyboardMenu, 0xff68: .keyboardFind, 0xff69: .keyboardStop,
        0xff6a: .keyboardHelp, 0xff7f: .keypadNumLock, 0xff8d: .keypadEnter, 0xffaa: .keypadAsterisk,
        0xffab: .keypadPlus, 0xffad: .keypadHyphen, 0xffae: .keypadPeriod, 0xffaf: .keypadSlash, 0xffb0: .keypad0,
        0xffb1: .keypad1, 0xffb2: .keypad2, 0xffb3: .keypad3, 0xffb4: .keypad4, 0xffb5: .keypad5, 0xffb6: .keypad6,
        0xffb7: .keypad7, 0xffb8: .keypad8, 0xffb9: .keypad9, 0xffbd: .keypadEqualSign, 0xffbe: .keyboardF1,
        0xffbf: .keyboardF2, 0xffc0: .keyboardF3, 0xffc1: .keyboardF4, 0xffc2: .keyboardF5, 0xffc3: .keyboardF6,
        0xffc4: .keyboardF7, 0xffc5: .keyboardF8, 0xffc6: .keyboardF9, 0xffc7: .keyboardF10, 0xffc8: .keyboardF11,
        0xffc9: .keyboardF12, 0xffca: .keyboardF13, 0xffcb: .keyboardF14, 0xffcc: .keyboardF15, 0xffcd: .keyboardF16,
        0xffce: .keyboardF17, 0xffcf: .keyboardF18, 0xffd0: .keyboardF19, 0xffd1: .keyboardF20, 0xffd2: .keyboardF21,
        0xffd3: .keyboardF22, 0xffd4: .keyboardF23, 0xffd5: .keyboardF24, 0xffe1: .keyboardLeftShift,
        0xffe2: .keyboardRightShift, 0xffe3: .keyboardLeftControl, 0xffe4: .keyboardRightControl,
        0xffe5: .keyboardCapsLock, 0xffe7: .keyboardLeftGUI, 0xffe8: .keyboardRightGUI, 0xffe9: .keyboardLeftAlt,
        0xffea: .keyboardRightAlt, 0xffeb: .keyboardLeftGUI, 0xffec: .keyboardRightGUI, 0xffff: .keyboardDeleteForward,
        0x1008ff11: .keyboardVolumeDown, 0x1008ff12: .keyboardMute, 0x1008ff13: .keyboardVolumeUp,
    ]
}
