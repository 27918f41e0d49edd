import CStrataDRM

/// A mode's exact refresh rate, from its timings rather than its rounded `vrefresh` (which says 60 for
/// 59.94 Hz and would pace frames wrongly by one frame every 16 s).
public enum ModeRefresh {
    /// Millihertz, rounded to the nearest: pixel clock (kHz) × 1 000 000 / (htotal × vtotal), doubled for
    /// interlaced modes (two fields per frame) and divided by 2 for double scan and by `vscan` when it is
    /// above 1, as the kernel's drm_mode_vrefresh does. 0 when the timings are empty.
    public static func milliHz(clockKHz: UInt32, htotal: UInt16, vtotal: UInt16, vscan: UInt16 = 0, flags: UInt32 = 0) -> Int {
        var numerator = UInt64(clockKHz) * 1_000_000
        var denominator = UInt64(htotal) * UInt64(vtotal)
        if flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { numerator *= 2 }
        if flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0 { denominator *= 2 }
        if vscan > 1 { denominator *= UInt64(vscan) }
        guard denominator > 0 else { return 0 }
        return Int((numerator + denominator / 2) / denominator)
    }

    /// The rate of a mode as the kernel reports it; its own `vrefresh` (Hz) when the timings are empty.
    static func milliHz(_ mode: drmModeModeInfo) -> Int {
        let exact = milliHz(clockKHz: mode.clock, htotal: mode.htotal, vtotal: mode.vtotal, vscan: mode.vscan, flags: mode.flags)
        return exact > 0 ? exact : Int(mode.vrefresh) * 1000
    }
}
