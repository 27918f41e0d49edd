"""The connection to the render server, its outputs and events."""
import ctypes
from collections import namedtuple

from . import _bindings as b
from . import values as v
from ._lib import call
from .handles import Handle
from .layer import InputEvent, Layer, _input_trampoline
from .loop import destroy, invoke, register

Output = namedtuple("Output", "name width height scale refresh_rate bounds safe_area")
Event = namedtuple("Event", "kind reason layer transaction_id presented_at")

EVENT_KINDS = {b.STRATA_EVENT_SERVER_LOST: "server_lost", b.STRATA_EVENT_RECONNECTED: "reconnected",
               b.STRATA_EVENT_OUTPUTS_CHANGED: "outputs_changed", b.STRATA_EVENT_ERROR: "error",
               b.STRATA_EVENT_LAYER_ERROR: "layer_error", b.STRATA_EVENT_TRANSACTION_PRESENTED: "transaction_presented"}


def connect(socket_path=None):
    """Connects to the render server (socket_path None: STRATA_SOCKET, then $XDG_RUNTIME_DIR/strata.sock, then
    /run/strata/strata.sock) and makes it the process's connection."""
    handle = ctypes.c_void_p()
    call("strata_connect", socket_path.encode() if socket_path is not None else None, ctypes.byref(handle))
    return Connection._wrap(handle.value, owned=True)


class Connection(Handle):
    """A connection: attach layers to its outputs; `with strata.connect() as c:` closes it at the end."""
    _retain = "strata_connection_retain"
    _release = "strata_connection_release"

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        call("strata_connection_close", self._handle)

    @property
    def connected(self):
        out = ctypes.c_bool()
        call("strata_connection_is_connected", self._handle, ctypes.byref(out))
        return out.value

    @property
    def reconnects(self):
        raise AttributeError("reconnects is write-only")

    @reconnects.setter
    def reconnects(self, value):
        call("strata_connection_set_reconnects", self._handle, bool(value))

    def attach(self, layer, output=None):
        """Shows `layer` (which has no superlayer) on an output (None: the primary)."""
        call("strata_connection_attach", self._handle, layer._handle, output.encode() if output is not None else None)

    def detach(self, layer):
        call("strata_connection_detach", self._handle, layer._handle)

    @property
    def outputs(self):
        count = ctypes.c_size_t()
        call("strata_connection_get_output_count", self._handle, ctypes.byref(count))
        out = []
        for i in range(count.value):
            o = b.strata_output()
            call("strata_connection_get_output", self._handle, i, ctypes.byref(o))
            out.append(Output(o.name.decode(), o.width, o.height, o.scale, o.refresh_rate, v.from_rect(o.bounds),
                              (o.safe_top, o.safe_left, o.safe_bottom, o.safe_right)))
        return out

    @property
    def last_transaction_id(self):
        out = ctypes.c_uint64()
        call("strata_connection_get_last_transaction_id", self._handle, ctypes.byref(out))
        return out.value

    @property
    def on_event(self):
        return self.__dict__.get("_on_event")

    @on_event.setter
    def on_event(self, function):
        """Called with an Event: kind "server_lost", "reconnected", "outputs_changed", "error", "layer_error" or
        "transaction_presented"."""
        object.__setattr__(self, "_on_event", function)
        if function is None:
            call("strata_connection_set_event_handler", self._handle, None, None, None)
        else:
            call("strata_connection_set_event_handler", self._handle, _event_trampoline, register(function), destroy)

    @property
    def on_input(self):
        return self.__dict__.get("_on_input")

    @on_input.setter
    def on_input(self, function):
        """Called with the InputEvents no layer's handler took."""
        object.__setattr__(self, "_on_input", function)
        if function is None:
            call("strata_connection_set_input_handler", self._handle, None, None, None)
        else:
            call("strata_connection_set_input_handler", self._handle, _input_trampoline, register(function), destroy)


@b.strata_connection_event_fn
def _event_trampoline(connection, event, user_data):
    e = event.contents
    invoke(user_data, Event(EVENT_KINDS.get(e.kind, e.kind), e.reason.decode() if e.reason else None,
                            Layer._wrap(e.layer, owned=False), e.transaction_id, e.presented_at))


__all__ = ["connect", "Connection", "Output", "Event", "InputEvent"]
