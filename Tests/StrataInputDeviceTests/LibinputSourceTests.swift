import Foundation
@testable import StrataInputDevice
import Testing

/// libinput itself needs udev and /dev/input, which test machines lack: these cover what runs without.
@Suite struct LibinputSourceTests {
    @Test func theFilterTakesNamesOrSysnames() {
        let all = DeviceFilter([])
        #expect(all.admits(name: "AT Translated Set 2 keyboard", sysname: "event3"))
        let some = DeviceFilter(["ILITEK ILITEK-TP", "event7"])
        #expect(some.admits(name: "ILITEK ILITEK-TP", sysname: "event5"))
        #expect(some.admits(name: "Power Button", sysname: "event7"))
        #expect(!some.admits(name: "AT Translated Set 2 keyboard", sysname: "event3"))
        #expect(!some.admits(name: "ilitek ilitek-tp", sysname: "event5"), "names are compared exactly")
    }

    @Test func withoutUdevItSaysSo() throws {
        let missing = "/nonexistent/udev"
        #expect(LibinputSource.udevProblem(runDirectory: missing) ==
            "libinput: udev is not running (no /nonexistent/udev); libinput finds input devices through udev (set input = off to run without input)")
        #expect(LibinputSource.udevProblem(runDirectory: NSTemporaryDirectory()) == nil)
    }

    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/run/udev"), "only where udev is not running"))
    func startingWithoutUdevThrows() {
        #expect(throws: InputDeviceError(LibinputSource.udevProblem(runDirectory: "/run/udev") ?? "")) {
            _ = try LibinputSource()
        }
    }

    /// Where udev runs, the context starts and reads without throwing, whatever devices there are (and
    /// whether or not this user may open them: those become problems).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/run/udev"), "only where udev runs"))
    func withUdevTheSeatIsRead() throws {
        let source = try LibinputSource(devices: ["no such device"], keymap: KeymapNames(layout: "us"))
        #expect(source.seatName == "seat0")
        #expect((source.eventFD ?? -1) >= 0)
        let events = try source.readEvents()
        #expect(!events.contains { if case .added = $0 { true } else { false } }, "the filter admits none")
        #expect(source.takeNotes().allSatisfy { $0.hasPrefix("ignoring input device") })
    }

    @Test func aBadKeymapFailsBeforeAnyDeviceIsOpened() {
        #expect {
            _ = try LibinputSource(keymap: KeymapNames(layout: "zz"))
        } throws: { error in "\(error)".hasPrefix("keymap: xkbcommon cannot compile a keymap for layout zz") }
    }

    @Test func messagesAreCappedAndDrained() {
        var list = MessageList()
        for i in 0..<105 { list.append("p\(i)") }
        let taken = list.take()
        #expect(taken.count == 101 && taken.first == "p0" && taken.last == "5 more not shown")
        #expect(list.take().isEmpty)
    }

    @Test func aNodeThatWillNotOpenIsAProblem() {
        let access = LibinputSeatAccess(seat: nil)
        #expect(access.open("/nonexistent/event0", flags: O_RDWR) == -ENOENT)
        #expect(access.problems.take().first?.hasPrefix("cannot open /nonexistent/event0: No such file or directory") == true)
    }
}
