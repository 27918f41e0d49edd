/// Darwin's time unit constants (dispatch/time.h), which code building CMTimes uses
/// (`CMTimeScale(NSEC_PER_SEC)`): Linux's Dispatch does not export them.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
/// Nanoseconds in a millisecond: 1 000 000.
public let NSEC_PER_MSEC: UInt64 = 1_000_000
/// Nanoseconds in a microsecond: 1 000.
public let NSEC_PER_USEC: UInt64 = 1_000
/// Microseconds in a second: 1 000 000.
public let USEC_PER_SEC: UInt64 = 1_000_000
