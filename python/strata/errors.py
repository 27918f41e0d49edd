"""Errors: every failing libstrata call raises a StrataError whose subclass names its status."""
from . import _bindings as b


class StrataError(Exception):
    """A libstrata call failed: `code` is its status (negative), `status` its name, the message its reason."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.status = _NAMES.get(code, "STRATA_UNKNOWN_STATUS")


class InvalidArgument(StrataError, ValueError): pass
class InvalidHandle(StrataError, ValueError): pass
class FreedHandle(StrataError, ValueError): pass
class WrongKind(StrataError, TypeError): pass
class UnknownKey(StrataError, LookupError): pass
class ValueTypeError(StrataError, TypeError): pass
class StateError(StrataError, RuntimeError): pass
class NotConnected(StrataError, ConnectionError): pass
class ConnectFailed(StrataError, ConnectionError): pass
class WrongThread(StrataError, RuntimeError): pass
class IOFailure(StrataError, OSError): pass
class Unsupported(StrataError, NotImplementedError): pass
class LimitExceeded(StrataError, ValueError): pass
class NoMemory(StrataError, MemoryError): pass
class InternalError(StrataError, RuntimeError): pass


_CLASSES = {
    b.STRATA_INVALID_ARGUMENT: InvalidArgument, b.STRATA_INVALID_HANDLE: InvalidHandle, b.STRATA_FREED_HANDLE: FreedHandle,
    b.STRATA_WRONG_KIND: WrongKind, b.STRATA_UNKNOWN_KEY: UnknownKey, b.STRATA_VALUE_TYPE: ValueTypeError,
    b.STRATA_STATE: StateError, b.STRATA_NOT_CONNECTED: NotConnected, b.STRATA_CONNECT_FAILED: ConnectFailed,
    b.STRATA_WRONG_THREAD: WrongThread, b.STRATA_IO: IOFailure, b.STRATA_UNSUPPORTED: Unsupported,
    b.STRATA_LIMIT: LimitExceeded, b.STRATA_NO_MEMORY: NoMemory, b.STRATA_INTERNAL: InternalError,
}
_NAMES = {code: name for name, code in vars(b).items() if name.startswith("STRATA_") and isinstance(code, int) and code < 0}


def error(code, message):
    """The exception for a status and its message."""
    return _CLASSES.get(code, StrataError)(code, message)
