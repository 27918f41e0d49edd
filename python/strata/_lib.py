"""Finds and loads libstrata, and calls it: a failing status raises its StrataError."""
import ctypes
import os
import subprocess

from . import _bindings as b
from .errors import error


def _candidates():
    if os.environ.get("STRATA_LIBRARY"):
        yield os.environ["STRATA_LIBRARY"]
        return
    yield "libstrata.so.0"  # the Debian package, through the loader's path
    try:
        libdir = subprocess.run(["pkg-config", "--variable=libdir", "strata"], capture_output=True, text=True, check=True).stdout.strip()
        if libdir:
            yield os.path.join(libdir, "libstrata.so.0")
    except (OSError, subprocess.CalledProcessError):
        pass


def _load():
    tried = []
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            tried.append(f"{path}: {e}")
            continue
        b.bind(lib)
        if lib.strata_abi_version() != b.STRATA_ABI_VERSION:
            raise ImportError(f"{path} has ABI {lib.strata_abi_version()}, this package needs {b.STRATA_ABI_VERSION}")
        return lib
    raise ImportError("libstrata not found: set STRATA_LIBRARY to its path, install libstrata0, or put the build tree's "
                      "pkgconfig directory in PKG_CONFIG_PATH (" + "; ".join(tried) + ")")


lib = _load()


def call(name, *args):
    """Calls a libstrata function that returns a status; raises its StrataError when it fails."""
    status = getattr(lib, name)(*args)
    if status != b.STRATA_OK:
        message = lib.strata_last_error()
        raise error(status, message.decode("utf-8", "replace") if message else "")
