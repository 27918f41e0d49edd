/// A key's USB HID usage (UIKit's UIKeyboardHIDUsage, Apple's case names and raw values), the physical
/// key `UIKey.keyCode` names. Strata's server reports X keysyms, so the usage is told from the keysym as a
/// US layout would type it (the shifted symbols too: "!" is `keyboard1`); a key with no usage here is
/// `keyboardErrorUndefined`. The keysym itself is `UIKey.keysym`.
public enum UIKeyboardHIDUsage: Int, Sendable {
    /// The HID "error roll over" report, sent when too many keys are down at once (HID usage 0x01); Strata never
    /// reports it, as no X keysym maps to it.
    case keyboardErrorRollOver = 0x01
    /// The HID "POST fail" report (HID usage 0x02); Strata never reports it, as no X keysym maps to it.
    case keyboardPOSTFail = 0x02
    /// An undefined key (HID usage 0x03): what Strata reports for a keysym with no usage in its US-layout table.
    case keyboardErrorUndefined = 0x03
    /// The A key (HID usage 0x04); Strata reports it for the X keysyms `a` and `A`.
    case keyboardA = 0x04
    /// The B key (HID usage 0x05); Strata reports it for the X keysyms `b` and `B`.
    case keyboardB = 0x05
    /// The C key (HID usage 0x06); Strata reports it for the X keysyms `c` and `C`.
    case keyboardC = 0x06
    /// The D key (HID usage 0x07); Strata reports it for the X keysyms `d` and `D`.
    case keyboardD = 0x07
    /// The E key (HID usage 0x08); Strata reports it for the X keysyms `e` and `E`.
    case keyboardE = 0x08
    /// The F key (HID usage 0x09); Strata reports it for the X keysyms `f` and `F`.
    case keyboardF = 0x09
    /// The G key (HID usage 0x0A); Strata reports it for the X keysyms `g` and `G`.
    case keyboardG = 0x0A
    /// The H key (HID usage 0x0B); Strata reports it for the X keysyms `h` and `H`.
    case keyboardH = 0x0B
    /// The I key (HID usage 0x0C); Strata reports it for the X keysyms `i` and `I`.
    case keyboardI = 0x0C
    /// The J key (HID usage 0x0D); Strata reports it for the X keysyms `j` and `J`.
    case keyboardJ = 0x0D
    /// The K key (HID usage 0x0E); Strata reports it for the X keysyms `k` and `K`.
    case keyboardK = 0x0E
    /// The L key (HID usage 0x0F); Strata reports it for the X keysyms `l` and `L`.
    case keyboardL = 0x0F
    /// The M key (HID usage 0x10); Strata reports it for the X keysyms `m` and `M`.
    case keyboardM = 0x10
    /// The N key (HID usage 0x11); Strata reports it for the X keysyms `n` and `N`.
    case keyboardN = 0x11
    /// The O key (HID usage 0x12); Strata reports it for the X keysyms `o` and `O`.
    case keyboardO = 0x12
    /// The P key (HID usage 0x13); Strata reports it for the X keysyms `p` and `P`.
    case keyboardP = 0x13
    /// The Q key (HID usage 0x14); Strata reports it for the X keysyms `q` and `Q`.
    case keyboardQ = 0x14
    /// The R key (HID usage 0x15); Strata reports it for the X keysyms `r` and `R`.
    case keyboardR = 0x15
    /// The S key (HID usage 0x16); Strata reports it for the X keysyms `s` and `S`.
    case keyboardS = 0x16
    /// The T key (HID usage 0x17); Strata reports it for the X keysyms `t` and `T`.
    case keyboardT = 0x17
    /// The U key (HID usage 0x18); Strata reports it for the X keysyms `u` and `U`.
    case keyboardU = 0x18
    /// The V key (HID usage 0x19); Strata reports it for the X keysyms `v` and `V`.
    case keyboardV = 0x19
    /// The W key (HID usage 0x1A); Strata reports it for the X keysyms `w` and `W`.
    case keyboardW = 0x1A
    /// The X key (HID usage 0x1B); Strata reports it for the X keysyms `x` and `X`.
    case keyboardX = 0x1B
    /// The Y key (HID usage 0x1C); Strata reports it for the X keysyms `y` and `Y`.
    case keyboardY = 0x1C
    /// The Z key (HID usage 0x1D); Strata reports it for the X keysyms `z` and `Z`.
    case keyboardZ = 0x1D
    /// The 1 and ! key (HID usage 0x1E); Strata reports it for the X keysyms `1` and `exclam`.
    case keyboard1 = 0x1E
    /// The 2 and @ key (HID usage 0x1F); Strata reports it for the X keysyms `2` and `at`.
    case keyboard2 = 0x1F
    /// The 3 and # key (HID usage 0x20); Strata reports it for the X keysyms `3` and `numbersign`.
    case keyboard3 = 0x20
    /// The 4 and $ key (HID usage 0x21); Strata reports it for the X keysyms `4` and `dollar`.
    case keyboard4 = 0x21
    /// The 5 and % key (HID usage 0x22); Strata reports it for the X keysyms `5` and `percent`.
    case keyboard5 = 0x22
    /// The 6 and ^ key (HID usage 0x23); Strata reports it for the X keysyms `6` and `asciicircum`.
    case keyboard6 = 0x23
    /// The 7 and & key (HID usage 0x24); Strata reports it for the X keysyms `7` and `ampersand`.
    case keyboard7 = 0x24
    /// The 8 and * key (HID usage 0x25); Strata reports it for the X keysyms `8` and `asterisk`.
    case keyboard8 = 0x25
    /// The 9 and ( key (HID usage 0x26); Strata reports it for the X keysyms `9` and `parenleft`.
    case keyboard9 = 0x26
    /// The 0 and ) key (HID usage 0x27); Strata reports it for the X keysyms `0` and `parenright`.
    case keyboard0 = 0x27
    /// The Return (Enter) key (HID usage 0x28); Strata reports it for the X keysym `Return`.
    case keyboardReturnOrEnter = 0x28
    /// The Escape key (HID usage 0x29); Strata reports it for the X keysym `Escape`.
    case keyboardEscape = 0x29
    /// The Delete (Backspace) key, which deletes backwards (HID usage 0x2A); Strata reports it for the X keysym
    /// `BackSpace`.
    case keyboardDeleteOrBackspace = 0x2A
    /// The Tab key (HID usage 0x2B); Strata reports it for the X keysyms `ISO_Left_Tab` and `Tab`.
    case keyboardTab = 0x2B
    /// The space bar (HID usage 0x2C); Strata reports it for the X keysym `space`.
    case keyboardSpacebar = 0x2C
    /// The - and _ key (HID usage 0x2D); Strata reports it for the X keysyms `minus` and `underscore`.
    case keyboardHyphen = 0x2D
    /// The = and + key (HID usage 0x2E); Strata reports it for the X keysyms `equal` and `plus`.
    case keyboardEqualSign = 0x2E
    /// The [ and { key (HID usage 0x2F); Strata reports it for the X keysyms `bracketleft` and `braceleft`.
    case keyboardOpenBracket = 0x2F
    /// The ] and } key (HID usage 0x30); Strata reports it for the X keysyms `bracketright` and `braceright`.
    case keyboardCloseBracket = 0x30
    /// The \ and | key (HID usage 0x31); Strata reports it for the X keysyms `backslash` and `bar`.
    case keyboardBackslash = 0x31
    /// The non-US # and ~ key, beside Return on ISO keyboards (HID usage 0x32); Strata never reports it, as no X
    /// keysym maps to it.
    case keyboardNonUSPound = 0x32
    /// The ; and : key (HID usage 0x33); Strata reports it for the X keysyms `semicolon` and `colon`.
    case keyboardSemicolon = 0x33
    /// The ' and " key (HID usage 0x34); Strata reports it for the X keysyms `apostrophe` and `quotedbl`.
    case keyboardQuote = 0x34
    /// The grave accent and tilde key (HID usage 0x35); Strata reports it for the X keysyms `grave` and `asciitilde`.
    case keyboardGraveAccentAndTilde = 0x35
    /// The , and < key (HID usage 0x36); Strata reports it for the X keysyms `comma` and `less`.
    case keyboardComma = 0x36
    /// The . and > key (HID usage 0x37); Strata reports it for the X keysyms `period` and `greater`.
    case keyboardPeriod = 0x37
    /// The / and ? key (HID usage 0x38); Strata reports it for the X keysyms `slash` and `question`.
    case keyboardSlash = 0x38
    /// The Caps Lock key (HID usage 0x39); Strata reports it for the X keysym `Caps_Lock`.
    case keyboardCapsLock = 0x39
    /// The F1 function key (HID usage 0x3A); Strata reports it for the X keysym `F1`.
    case keyboardF1 = 0x3A
    /// The F2 function key (HID usage 0x3B); Strata reports it for the X keysym `F2`.
    case keyboardF2 = 0x3B
    /// The F3 function key (HID usage 0x3C); Strata reports it for the X keysym `F3`.
    case keyboardF3 = 0x3C
    /// The F4 function key (HID usage 0x3D); Strata reports it for the X keysym `F4`.
    case keyboardF4 = 0x3D
    /// The F5 function key (HID usage 0x3E); Strata reports it for the X keysym `F5`.
    case keyboardF5 = 0x3E
    /// The F6 function key (HID usage 0x3F); Strata reports it for the X keysym `F6`.
    case keyboardF6 = 0x3F
    /// The F7 function key (HID usage 0x40); Strata reports it for the X keysym `F7`.
    case keyboardF7 = 0x40
    /// The F8 function key (HID usage 0x41); Strata reports it for the X keysym `F8`.
    case keyboardF8 = 0x41
    /// The F9 function key (HID usage 0x42); Strata reports it for the X keysym `F9`.
    case keyboardF9 = 0x42
    /// The F10 function key (HID usage 0x43); Strata reports it for the X keysym `F10`.
    case keyboardF10 = 0x43
    /// The F11 function key (HID usage 0x44); Strata reports it for the X keysym `F11`.
    case keyboardF11 = 0x44
    /// The F12 function key (HID usage 0x45); Strata reports it for the X keysym `F12`.
    case keyboardF12 = 0x45
    /// The Print Screen key (HID usage 0x46); Strata reports it for the X keysym `Print`.
    case keyboardPrintScreen = 0x46
    /// The Scroll Lock key (HID usage 0x47); Strata reports it for the X keysym `Scroll_Lock`.
    case keyboardScrollLock = 0x47
    /// The Pause key (HID usage 0x48); Strata reports it for the X keysym `Pause`.
    case keyboardPause = 0x48
    /// The Insert key (HID usage 0x49); Strata reports it for the X keysym `Insert`.
    case keyboardInsert = 0x49
    /// The Home key (HID usage 0x4A); Strata reports it for the X keysym `Home`.
    case keyboardHome = 0x4A
    /// The Page Up key (HID usage 0x4B); Strata reports it for the X keysym `Prior`.
    case keyboardPageUp = 0x4B
    /// The Delete Forward key (Delete on a PC keyboard) (HID usage 0x4C); Strata reports it for the X keysym
    /// `Delete`.
    case keyboardDeleteForward = 0x4C
    /// The End key (HID usage 0x4D); Strata reports it for the X keysym `End`.
    case keyboardEnd = 0x4D
    /// The Page Down key (HID usage 0x4E); Strata reports it for the X keysym `Next`.
    case keyboardPageDown = 0x4E
    /// The right arrow key (HID usage 0x4F); Strata reports it for the X keysym `Right`.
    case keyboardRightArrow = 0x4F
    /// The left arrow key (HID usage 0x50); Strata reports it for the X keysym `Left`.
    case keyboardLeftArrow = 0x50
    /// The down arrow key (HID usage 0x51); Strata reports it for the X keysym `Down`.
    case keyboardDownArrow = 0x51
    /// The up arrow key (HID usage 0x52); Strata reports it for the X keysym `Up`.
    case keyboardUpArrow = 0x52
    /// The keypad's Num Lock (Clear) key (HID usage 0x53); Strata reports it for the X keysym `Num_Lock`.
    case keypadNumLock = 0x53
    /// The keypad's / key (HID usage 0x54); Strata reports it for the X keysym `KP_Divide`.
    case keypadSlash = 0x54
    /// The keypad's * key (HID usage 0x55); Strata reports it for the X keysym `KP_Multiply`.
    case keypadAsterisk = 0x55
    /// The keypad's - key (HID usage 0x56); Strata reports it for the X keysym `KP_Subtract`.
    case keypadHyphen = 0x56
    /// The keypad's + key (HID usage 0x57); Strata reports it for the X keysym `KP_Add`.
    case keypadPlus = 0x57
    /// The keypad's Enter key (HID usage 0x58); Strata reports it for the X keysym `KP_Enter`.
    case keypadEnter = 0x58
    /// The keypad's 1 key (HID usage 0x59); Strata reports it for the X keysym `KP_1`, typed with Num Lock on (with
    /// it off the key gives `KP_End`, which is `keyboardErrorUndefined`).
    case keypad1 = 0x59
    /// The keypad's 2 key (HID usage 0x5A); Strata reports it for the X keysym `KP_2`, typed with Num Lock on (with
    /// it off the key gives `KP_Down`, which is `keyboardErrorUndefined`).
    case keypad2 = 0x5A
    /// The keypad's 3 key (HID usage 0x5B); Strata reports it for the X keysym `KP_3`, typed with Num Lock on (with
    /// it off the key gives `KP_Next`, which is `keyboardErrorUndefined`).
    case keypad3 = 0x5B
    /// The keypad's 4 key (HID usage 0x5C); Strata reports it for the X keysym `KP_4`, typed with Num Lock on (with
    /// it off the key gives `KP_Left`, which is `keyboardErrorUndefined`).
    case keypad4 = 0x5C
    /// The keypad's 5 key (HID usage 0x5D); Strata reports it for the X keysym `KP_5`, typed with Num Lock on (with
    /// it off the key gives `KP_Begin`, which is `keyboardErrorUndefined`).
    case keypad5 = 0x5D
    /// The keypad's 6 key (HID usage 0x5E); Strata reports it for the X keysym `KP_6`, typed with Num Lock on (with
    /// it off the key gives `KP_Right`, which is `keyboardErrorUndefined`).
    case keypad6 = 0x5E
    /// The keypad's 7 key (HID usage 0x5F); Strata reports it for the X keysym `KP_7`, typed with Num Lock on (with
    /// it off the key gives `KP_Home`, which is `keyboardErrorUndefined`).
    case keypad7 = 0x5F
    /// The keypad's 8 key (HID usage 0x60); Strata reports it for the X keysym `KP_8`, typed with Num Lock on (with
    /// it off the key gives `KP_Up`, which is `keyboardErrorUndefined`).
    case keypad8 = 0x60
    /// The keypad's 9 key (HID usage 0x61); Strata reports it for the X keysym `KP_9`, typed with Num Lock on (with
    /// it off the key gives `KP_Prior`, which is `keyboardErrorUndefined`).
    case keypad9 = 0x61
    /// The keypad's 0 key (HID usage 0x62); Strata reports it for the X keysym `KP_0`, typed with Num Lock on (with
    /// it off the key gives `KP_Insert`, which is `keyboardErrorUndefined`).
    case keypad0 = 0x62
    /// The keypad's . key (HID usage 0x63); Strata reports it for the X keysym `KP_Decimal`, typed with Num Lock on
    /// (with it off the key gives `KP_Delete`, which is `keyboardErrorUndefined`).
    case keypadPeriod = 0x63
    /// The non-US \ and | key, beside the left Shift key on ISO keyboards (HID usage 0x64); Strata never reports it,
    /// as no X keysym maps to it.
    case keyboardNonUSBackslash = 0x64
    /// The Application key of PC keyboards, which opens a context menu (HID usage 0x65); Strata never reports it, as
    /// no X keysym maps to it.
    case keyboardApplication = 0x65
    /// The Power key (HID usage 0x66); Strata never reports it, as no X keysym maps to it.
    case keyboardPower = 0x66
    /// The keypad's = key (HID usage 0x67); Strata reports it for the X keysym `KP_Equal`.
    case keypadEqualSign = 0x67
    /// The F13 function key (HID usage 0x68); Strata reports it for the X keysym `F13`.
    case keyboardF13 = 0x68
    /// The F14 function key (HID usage 0x69); Strata reports it for the X keysym `F14`.
    case keyboardF14 = 0x69
    /// The F15 function key (HID usage 0x6A); Strata reports it for the X keysym `F15`.
    case keyboardF15 = 0x6A
    /// The F16 function key (HID usage 0x6B); Strata reports it for the X keysym `F16`.
    case keyboardF16 = 0x6B
    /// The F17 function key (HID usage 0x6C); Strata reports it for the X keysym `F17`.
    case keyboardF17 = 0x6C
    /// The F18 function key (HID usage 0x6D); Strata reports it for the X keysym `F18`.
    case keyboardF18 = 0x6D
    /// The F19 function key (HID usage 0x6E); Strata reports it for the X keysym `F19`.
    case keyboardF19 = 0x6E
    /// The F20 function key (HID usage 0x6F); Strata reports it for the X keysym `F20`.
    case keyboardF20 = 0x6F
    /// The F21 function key (HID usage 0x70); Strata reports it for the X keysym `F21`.
    case keyboardF21 = 0x70
    /// The F22 function key (HID usage 0x71); Strata reports it for the X keysym `F22`.
    case keyboardF22 = 0x71
    /// The F23 function key (HID usage 0x72); Strata reports it for the X keysym `F23`.
    case keyboardF23 = 0x72
    /// The F24 function key (HID usage 0x73); Strata reports it for the X keysym `F24`.
    case keyboardF24 = 0x73
    /// The Execute key (HID usage 0x74); Strata reports it for the X keysym `Execute`.
    case keyboardExecute = 0x74
    /// The Help key (HID usage 0x75); Strata reports it for the X keysym `Help`.
    case keyboardHelp = 0x75
    /// The Menu key (HID usage 0x76); Strata reports it for the X keysym `Menu`.
    case keyboardMenu = 0x76
    /// The Select key (HID usage 0x77); Strata reports it for the X keysym `Select`.
    case keyboardSelect = 0x77
    /// The Stop key (HID usage 0x78); Strata reports it for the X keysym `Cancel`.
    case keyboardStop = 0x78
    /// The Again (redo) key (HID usage 0x79); Strata reports it for the X keysym `Redo`.
    case keyboardAgain = 0x79
    /// The Undo key (HID usage 0x7A); Strata reports it for the X keysym `Undo`.
    case keyboardUndo = 0x7A
    /// The Cut key (HID usage 0x7B); Strata never reports it, as no X keysym maps to it.
    case keyboardCut = 0x7B
    /// The Copy key (HID usage 0x7C); Strata never reports it, as no X keysym maps to it.
    case keyboardCopy = 0x7C
    /// The Paste key (HID usage 0x7D); Strata never reports it, as no X keysym maps to it.
    case keyboardPaste = 0x7D
    /// The Find key (HID usage 0x7E); Strata reports it for the X keysym `Find`.
    case keyboardFind = 0x7E
    /// The Mute key (HID usage 0x7F); Strata reports it for the X keysym `XF86AudioMute`.
    case keyboardMute = 0x7F
    /// The Volume Up key (HID usage 0x80); Strata reports it for the X keysym `XF86AudioRaiseVolume`.
    case keyboardVolumeUp = 0x80
    /// The Volume Down key (HID usage 0x81); Strata reports it for the X keysym `XF86AudioLowerVolume`.
    case keyboardVolumeDown = 0x81
    /// The left Control key (HID usage 0xE0); Strata reports it for the X keysym `Control_L`.
    case keyboardLeftControl = 0xE0
    /// The left Shift key (HID usage 0xE1); Strata reports it for the X keysym `Shift_L`.
    case keyboardLeftShift = 0xE1
    /// The left Alt (Option) key (HID usage 0xE2); Strata reports it for the X keysym `Alt_L`.
    case keyboardLeftAlt = 0xE2
    /// The left GUI key: Command, Windows or Super (HID usage 0xE3); Strata reports it for the X keysyms `Meta_L` and
    /// `Super_L`.
    case keyboardLeftGUI = 0xE3
    /// The right Control key (HID usage 0xE4); Strata reports it for the X keysym `Control_R`.
    case keyboardRightControl = 0xE4
    /// The right Shift key (HID usage 0xE5); Strata reports it for the X keysym `Shift_R`.
    case keyboardRightShift = 0xE5
    /// The right Alt (Option) key (HID usage 0xE6); Strata reports it for the X keysyms `ISO_Level3_Shift` and
    /// `Alt_R`.
    case keyboardRightAlt = 0xE6
    /// The right GUI key: Command, Windows or Super (HID usage 0xE7); Strata reports it for the X keysyms `Meta_R`
    /// and `Super_R`.
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
