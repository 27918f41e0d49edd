/// Darwin's time unit constants (dispatch/time.h), which code building CMTimes uses
/// (`CMTimeScale(NSEC_PER_SEC)`): Linux's Dispatch does not export them.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
public let NSEC_PER_MSEC: UInt64 = 1_000_000
public let NSEC_PER_USEC: UInt64 = 1_000
public let USEC_PER_SEC: UInt64 = 1_000_000
