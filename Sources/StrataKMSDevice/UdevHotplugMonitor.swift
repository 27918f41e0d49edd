import CStrataUdev
import Glibc

/// The kernel's connector hotplug notifications for one DRM device: udev "change" events on the drm
/// subsystem with HOTPLUG=1, for this device's number only (other GPUs' events are not ours).
public final class UdevHotplugMonitor {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    private let devnum: dev_t
    /// Readable when events are pending; non-blocking.
    public let fd: Int32

    /// Monitors the device whose number is `devnum` (`st_rdev` of its node).
    public init(devnum: dev_t) throws {
        guard let udev = udev_new() else { throw Errno.error("udev_new") }
        // "udev": events after udevd has processed them (the device node and its permissions are ready);
        // without udevd (a minimal kiosk image) nothing comes that way, so listen to the kernel's own.
        let source = access("/run/udev/control", F_OK) == 0 ? "udev" : "kernel"
        guard let monitor = udev_monitor_new_from_netlink(udev, source) else {
            let e = Errno.error("udev_monitor_new_from_netlink"); udev_unref(udev); throw e
        }
        var ret = udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil)
        if ret >= 0 { ret = udev_monitor_enable_receiving(monitor) }
        let fd = udev_monitor_get_fd(monitor)
        guard ret >= 0, fd >= 0 else {
            let e = Errno.error("udev monitor for drm", ret < 0 ? -ret : EBADF)
            udev_monitor_unref(monitor); udev_unref(udev); throw e
        }
        // libudev makes the socket non-blocking already; make sure, since readEvents must never block.
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        self.udev = udev; self.monitor = monitor; self.devnum = devnum; self.fd = fd
    }

    /// Monitors the device open on `drmFD`.
    public convenience init(drmFD: Int32) throws {
        var st = stat()
        guard fstat(drmFD, &st) == 0 else { throw Errno.error("fstat(DRM fd)") }
        try self.init(devnum: st.st_rdev)
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// Reads all pending events; true when one of them was a hotplug of this device.
    public func drain() -> Bool {
        var hotplug = false
        // Bounded: a flood of udev events must not keep the compositor from drawing.
        for _ in 0..<256 {
            guard let device = udev_monitor_receive_device(monitor) else { break }
            defer { udev_device_unref(device) }
            guard udev_device_get_devnum(device) == devnum,
                  let action = udev_device_get_action(device), String(cString: action) == "change",
                  let value = udev_device_get_property_value(device, "HOTPLUG"), String(cString: value) == "1"
            else { continue }
            hotplug = true
        }
        return hotplug
    }
}
