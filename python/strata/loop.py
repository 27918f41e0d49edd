"""The run loop and callbacks. Strata calls back on the main thread inside dispatch(): poll fileno() for
reading and call dispatch() when it is readable (asyncio: loop.add_reader(strata.fileno(), strata.dispatch)),
or call run() until quit(). An exception a callback raises is re-raised by the dispatch() that ran it."""
import ctypes
import itertools
import select

from . import _bindings as b
from ._lib import call

_callbacks = {}
_keys = itertools.count(1)
_errors = []
_quitting = False


def register(function):
    """A user_data key for `function`, dropped when libstrata lets go of it (the destroy-notify)."""
    key = next(_keys)
    _callbacks[key] = function
    return key


def invoke(user_data, *args):
    """Calls the callback registered under user_data; an exception waits for dispatch() to raise it."""
    function = _callbacks.get(user_data)
    if function is None:
        return
    try:
        function(*args)
    except BaseException as e:  # noqa: BLE001: a C frame cannot take it; dispatch() raises it
        _errors.append(e)


@b.strata_destroy_fn
def destroy(user_data):
    _callbacks.pop(user_data, None)


def fileno():
    """The descriptor to poll for reading: when it is readable, call dispatch()."""
    fd = ctypes.c_int()
    call("strata_get_fd", ctypes.byref(fd))
    return fd.value


def dispatch():
    """Runs the callbacks that are due and commits the main thread's changes; never blocks."""
    call("strata_dispatch")
    if _errors:
        first = _errors[0]
        _errors.clear()
        raise first


def flush():
    """Commits the calling thread's changes now (threads other than the main one must)."""
    call("strata_flush")


def run():
    """Dispatches until quit() (Ctrl-C raises KeyboardInterrupt between polls)."""
    global _quitting
    _quitting = False
    poller = select.poll()
    poller.register(fileno(), select.POLLIN)
    dispatch()
    while not _quitting:
        poller.poll()
        dispatch()


def quit():
    """Makes run() return after its current turn (any thread)."""
    global _quitting
    _quitting = True
    call("strata_quit")
