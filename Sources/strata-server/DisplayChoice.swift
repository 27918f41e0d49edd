import Foundation
import Logging
import StrataConfig
import StrataDisplay
import StrataKMS
import StrataKMSDevice

/// Which display the server drives: `headless`, `kms`, or `auto` (kms when a DRM card has a connected
/// output, else headless). The kms backend opens its card through a seat manager when one answers, else
/// directly, and drives its outputs through `KMSDisplays`.
enum DisplayChoice {
    /// The display, and the seat its card was opened through (libinput opens its devices through the
    /// same one: libseat allows one per process).
    struct Made {
        var display: DisplaySet
        var seat: SeatSession? = nil
    }

    static func make(_ settings: ServerConfig, logger: Logger) throws -> Made {
        switch settings.backend {
        case .headless:
            return Made(display: try headless(settings))
        case .kms:
            if let path = settings.drmDevice { return try kms(path, settings, logger: logger) }
            let discovery = DRMDeviceDiscovery()
            let found = discovery.firstWithConnectedOutput()
            for problem in found.problems { logger.warning("kms: skipping \(problem)") }
            // No output connected yet is fine: the server runs dark until one is plugged in.
            guard let path = found.path ?? discovery.cards().first else {
                throw DisplayError("backend kms: no DRM card in \(discovery.directory) (set drm-device, or use backend headless)")
            }
            return try kms(path, settings, logger: logger)
        case .auto:
            if let path = settings.drmDevice { return try kms(path, settings, logger: logger) }
            let found = DRMDeviceDiscovery().firstWithConnectedOutput()
            for problem in found.problems { logger.info("backend auto: skipping \(problem)") }
            guard let path = found.path else {
                logger.info("backend auto: no DRM card with a connected output; rendering headless")
                return Made(display: try headless(settings))
            }
            return try kms(path, settings, logger: logger)
        }
    }

    static func headless(_ settings: ServerConfig) throws -> DisplaySet {
        try HeadlessDisplay(width: settings.size.width, height: settings.size.height, refreshRate: settings.refresh)
    }

    static func kms(_ path: String, _ settings: ServerConfig, logger: Logger) throws -> Made {
        let device = try LibDRMDevice.open(path: path)
        for note in device.notes { logger.info("kms: \(note)", metadata: ["device": "\(path)"]) }
        let controller = try KMSOutputController(device: device, requests: requests(settings.outputs))
        for problem in controller.problems { logger.warning("kms: \(problem)") }
        let displays = try KMSDisplays(controller: controller, surfaces: try GBMScanout(drmFD: device.fd),
                                       order: settings.outputs.map(\.name))
        logger.info("kms backend", metadata: ["device": "\(path)", "outputs": "\(displays.summary)"])
        return Made(display: displays, seat: device.seat)
    }

    /// The `[output NAME]` sections as the output logic's requests, kept by connector name.
    static func requests(_ outputs: [OutputConfig]) -> [String: OutputRequest] {
        Dictionary(outputs.map { o in
            (o.name, OutputRequest(mode: o.mode.map { OutputRequest.Mode(width: $0.width, height: $0.height, refreshHz: $0.refresh) },
                                   rotation: o.rotation.rawValue))
        }, uniquingKeysWith: { first, _ in first })
    }
}
