import Testing
@testable import StrataKMSDevice

@Suite struct KMSDeviceErrorTests {
    @Test func theMessageIsTheDescription() {
        #expect("\(KMSDeviceError("drmModeGetResources: EACCES"))" == "drmModeGetResources: EACCES")
    }
}
