"""Python objects over libstrata handles: each owns one reference, released when it is collected; one object
per handle, so `event.layer is circle` holds."""
import weakref

from ._lib import lib

_objects = weakref.WeakValueDictionary()


class Handle:
    """An object that holds one reference to a libstrata handle. `_release` names the C function that drops it."""
    _retain = None
    _release = None

    def __init__(self, handle):
        object.__setattr__(self, "_handle", handle)
        _objects[handle] = self

    @classmethod
    def _wrap(cls, handle, owned):
        """The object for a handle: the existing one, or a new one. `owned`: the call gave us a reference."""
        if not handle:
            return None
        existing = _objects.get(handle)
        if existing is not None:
            if owned:
                getattr(lib, cls._release)(handle)  # the object already holds one
            return existing
        if not owned:
            getattr(lib, cls._retain)(handle)
        made = cls.__new__(cls)
        Handle.__init__(made, handle)
        return made

    def __del__(self):
        handle = self.__dict__.get("_handle")
        if handle and lib is not None and self._release:
            getattr(lib, self._release)(handle)

    def __eq__(self, other):
        return isinstance(other, Handle) and other._handle == self._handle

    def __hash__(self):
        return hash(self._handle)
