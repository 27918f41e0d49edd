import StrataConfig
import Testing

@Suite struct InputConfigTests {
    @Test func theDefaultsReadEverythingWithXkbcommonsKeymap() {
        let c = ServerConfig()
        #expect(c.input == .auto && c.inputDevices.isEmpty && c.touchOutput == TouchOutputs() && c.inputInjection == .auto)
        #expect(c.keymapRules == nil && c.keymapModel == nil && c.keymapLayout == nil && c.keymapVariant == nil && c.keymapOptions == nil)
    }

    @Test func everyInputKeyIsRead() throws {
        let c = try parse("""
        input = libinput
        input-devices = ILITEK ILITEK-TP , event7
        touch-output = HDMI-A-1, ILITEK ILITEK-TP = DSI-1,event9=DP-2
        input-injection = off
        keymap-rules = evdev
        keymap-model = pc105
        keymap-layout = us,de
        keymap-variant = ,nodeadkeys
        keymap-options = ctrl:nocaps,compose:ralt
        """)
        #expect(c.input == .libinput)
        #expect(c.inputDevices == ["ILITEK ILITEK-TP", "event7"], "names keep their inner spaces")
        #expect(c.touchOutput == TouchOutputs(output: "HDMI-A-1", devices: ["ILITEK ILITEK-TP": "DSI-1", "event9": "DP-2"]))
        #expect(c.inputInjection == .off)
        #expect(c.keymapRules == "evdev" && c.keymapModel == "pc105" && c.keymapLayout == "us,de")
        #expect(c.keymapVariant == ",nodeadkeys" && c.keymapOptions == "ctrl:nocaps,compose:ralt")
        #expect(c.origin(of: .touchOutput) == .file(path: "t.conf", line: 3))
    }

    @Test func aDeviceNameMayHoldAnEqualsSign() throws {
        #expect(try parse("touch-output = Odd=Name = DSI-1").touchOutput == TouchOutputs(devices: ["Odd=Name": "DSI-1"]))
    }

    @Test func badInputValuesNameTheFileLineAndKey() {
        let cases: [(String, String)] = [
            ("input = evdev", "t.conf:1: input must be auto, libinput or off, got evdev"),
            ("input-injection = yes", "t.conf:1: input-injection must be auto, on or off, got yes"),
            ("input-devices = event5,,event6", "t.conf:1: input-devices must be device names or sysnames separated by commas, got event5,,event6"),
            ("input-devices = ,", "t.conf:1: input-devices must be device names or sysnames separated by commas, got ,"),
            ("touch-output = DSI-1,", "t.conf:1: touch-output must be OUTPUT or DEVICE=OUTPUT entries separated by commas, got DSI-1,"),
            ("touch-output = =DSI-1", "t.conf:1: touch-output must be OUTPUT or DEVICE=OUTPUT entries separated by commas, got =DSI-1"),
            ("touch-output = event5=", "t.conf:1: touch-output must be OUTPUT or DEVICE=OUTPUT entries separated by commas, got event5="),
            ("touch-output = HDMI A", "t.conf:1: touch-output: output name 'HDMI A' may only contain letters, digits, '.', '_' and '-' (a connector name such as HDMI-A-1)"),
            ("touch-output = DSI-1, HDMI-A-1", "t.conf:1: touch-output gives two outputs for every device, DSI-1 and HDMI-A-1; name the device of one: DEVICE=OUTPUT"),
            ("touch-output = event5=DSI-1, event5=DP-1", "t.conf:1: touch-output names the device 'event5' twice"),
            ("keymap-layout = us de", "t.conf:1: keymap-layout must be xkeyboard-config names without blanks, as setxkbmap takes them (e.g. us,de), got us de"),
        ]
        for (text, expected) in cases { #expect(failure(text) == expected) }
    }

    @Test func anEmptyOptionIsAnError() {
        var c = ServerConfig()
        #expect(throws: ConfigError(location: "--keymap-options", message: "keymap-options must be xkeyboard-config names without blanks, as setxkbmap takes them (e.g. us,de), got nothing")) {
            try c.apply(commandLine: [(.keymapOptions, "")])
        }
        #expect(throws: ConfigError(location: "--input-devices", message: "input-devices must be device names or sysnames separated by commas, got nothing")) {
            try c.apply(commandLine: [(.inputDevices, "")])
        }
    }
}
