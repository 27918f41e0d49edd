"""Strata for Python: Core Animation's layers, animations and transactions on a Strata render server, over
libstrata (docs/c-api.md). See python/README.md."""
from ._lib import lib as _library  # noqa: F401: loads libstrata first
from .animation import Animation, AnimationGroup, BasicAnimation, KeyframeAnimation, SpringAnimation, Transition
from .connection import Connection, Event, Output, connect
from .errors import (ConnectFailed, FreedHandle, InternalError, InvalidArgument, InvalidHandle, IOFailure, LimitExceeded,
                     NoMemory, NotConnected, StateError, StrataError, UnknownKey, Unsupported, ValueTypeError, WrongKind,
                     WrongThread)
from .layer import (EmitterLayer, GradientLayer, InputEvent, Layer, LayerHost, ReplicatorLayer, ScrollLayer, ShapeLayer,
                    TextLayer, TransformLayer)
from .loop import dispatch, fileno, flush, quit, run
from .media import DisplayLink, EmitterCell, Image, Path
from .transaction import transaction
from .values import Color, Point, Rect, Size


def media_time():
    """CACurrentMediaTime: the clock animations and events use (a server's virtual clock when it runs one)."""
    return _library.strata_media_time()


__version__ = "0.55.0"
__all__ = [name for name in dir() if not name.startswith("_")]
