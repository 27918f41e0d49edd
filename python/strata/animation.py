"""Animations: Core Animation's classes, their properties as attributes (duration, repeat_count, fill_mode,
from_value, ...), delegates as on_start and on_stop."""
import ctypes

from . import _bindings as b
from . import values as v
from ._lib import call, lib
from .handles import Handle
from .loop import destroy, invoke, register

_NUMBERS = {"duration", "beginTime", "speed", "timeOffset", "repeatCount", "repeatDuration", "mass", "stiffness", "damping",
            "initialVelocity", "startProgress", "endProgress", "settlingDuration"}
_BOOLS = {"autoreverses", "removedOnCompletion", "additive", "cumulative"}
_STRINGS = {"fillMode", "calculationMode", "rotationMode", "type", "subtype", "keyPath"}
_VALUES = {"fromValue", "toValue", "byValue"}


class Animation(Handle):
    _retain = "strata_animation_retain"
    _release = "strata_animation_release"
    _kind = None

    def __init__(self, key_path=None, **properties):
        handle = ctypes.c_void_p()
        call("strata_animation_create", self._kind, key_path.encode() if key_path is not None else None, ctypes.byref(handle))
        super().__init__(handle.value)
        object.__setattr__(self, "_key_path", key_path)
        for name, value in properties.items():
            setattr(self, name, value)

    @classmethod
    def _wrap(cls, handle, owned):
        if not handle:
            return None
        kind = ctypes.c_int32()
        lib.strata_animation_get_kind(handle, ctypes.byref(kind))
        return Handle._wrap.__func__(_CLASSES.get(kind.value, Animation), handle, owned)

    def __setattr__(self, name, value):
        if name.startswith("_") or hasattr(type(self), name):
            return object.__setattr__(self, name, value)
        key, h = v.camel(name), self._handle
        k = key.encode()
        if key in _NUMBERS:
            call("strata_animation_set_number", h, k, float(value))
        elif key in _BOOLS:
            call("strata_animation_set_bool", h, k, bool(value))
        elif key in _STRINGS:
            call("strata_animation_set_string", h, k, str(value).encode())
        elif key in _VALUES:
            self._set_value(key, value)
        else:
            raise AttributeError(f"{type(self).__name__} has no property {name!r}")

    def __getattr__(self, name):
        key = v.camel(name)
        k = key.encode()
        if key in _NUMBERS:
            out = ctypes.c_double()
            call("strata_animation_get_number", self._handle, k, ctypes.byref(out))
            return out.value
        if key in _BOOLS:
            out = ctypes.c_bool()
            call("strata_animation_get_bool", self._handle, k, ctypes.byref(out))
            return out.value
        if key in _STRINGS:
            out = ctypes.c_char_p()
            call("strata_animation_get_string", self._handle, k, ctypes.byref(out))
            return None if out.value is None else out.value.decode()
        raise AttributeError(f"{type(self).__name__} has no readable property {name!r}")

    def _set_value(self, key, value):
        """fromValue, toValue, byValue: of the kind the animated property holds."""
        h, k = self._handle, key.encode()
        kind = v.key_kind(self._key_path or "")
        if hasattr(value, "_handle") and type(value).__name__ == "Path":
            call("strata_animation_set_path", h, k, value._handle)
        elif kind in v.SETTERS:
            suffix, convert = v.SETTERS[kind]
            call(f"strata_animation_set_{suffix}", h, k, convert(value))
        else:
            raise TypeError(f"{self._key_path} animations take no {key} from Python")

    @property
    def timing_function(self):
        raise AttributeError("timing_function is write-only")

    @timing_function.setter
    def timing_function(self, value):
        """A name ("linear", "easeIn", "easeOut", "easeInEaseOut", "default") or four control numbers."""
        if isinstance(value, str):
            call("strata_animation_set_timing_function", self._handle, value.encode())
        else:
            call("strata_animation_set_timing_points", self._handle, *(float(x) for x in value))

    @property
    def on_start(self):
        return self.__dict__.get("_on_start")

    @on_start.setter
    def on_start(self, function):
        """Called with the animation that ran (the layer's copy) when it starts."""
        object.__setattr__(self, "_on_start", function)
        self._install_delegate()

    @property
    def on_stop(self):
        return self.__dict__.get("_on_stop")

    @on_stop.setter
    def on_stop(self, function):
        """Called with the animation that ran and whether it finished (False: removed or replaced)."""
        object.__setattr__(self, "_on_stop", function)
        self._install_delegate()

    def _install_delegate(self):
        start, stop = self.on_start, self.on_stop
        if start is None and stop is None:
            return call("strata_animation_set_delegate", self._handle, None, None, None)

        def delegate(animation, kind, finished):
            if kind == b.STRATA_ANIMATION_STARTED and start:
                start(animation)
            elif kind == b.STRATA_ANIMATION_STOPPED and stop:
                stop(animation, finished)
        call("strata_animation_set_delegate", self._handle, _delegate_trampoline, register(delegate), destroy)


class BasicAnimation(Animation): _kind = b.STRATA_ANIMATION_BASIC


class SpringAnimation(BasicAnimation):
    _kind = b.STRATA_ANIMATION_SPRING

    @classmethod
    def perceptual(cls, key_path, duration, bounce=0.0, **properties):
        """CASpringAnimation(perceptualDuration:bounce:)."""
        handle = ctypes.c_void_p()
        call("strata_animation_create_spring", key_path.encode(), float(duration), float(bounce), ctypes.byref(handle))
        made = cls._wrap(handle.value, owned=True)
        object.__setattr__(made, "_key_path", key_path)
        for name, value in properties.items():
            setattr(made, name, value)
        return made


class KeyframeAnimation(Animation):
    _kind = b.STRATA_ANIMATION_KEYFRAME

    @property
    def values(self):
        raise AttributeError("values is write-only")

    @values.setter
    def values(self, values):
        kind = v.key_kind(self._key_path or "")
        convert, element, function = {
            b.STRATA_VALUE_NUMBER: (float, ctypes.c_double, "strata_animation_set_keyframe_numbers"),
            b.STRATA_VALUE_POINT: (v.point, b.strata_point, "strata_animation_set_keyframe_points"),
            b.STRATA_VALUE_SIZE: (v.size, b.strata_size, "strata_animation_set_keyframe_sizes"),
            b.STRATA_VALUE_RECT: (v.rect, b.strata_rect, "strata_animation_set_keyframe_rects"),
            b.STRATA_VALUE_COLOR: (v.color, b.strata_color, "strata_animation_set_keyframe_colors"),
            b.STRATA_VALUE_TRANSFORM: (v.transform, b.strata_transform, "strata_animation_set_keyframe_transforms"),
        }.get(kind, (None, None, None))
        if convert is None:
            raise TypeError(f"{self._key_path} keyframes are not settable from Python")
        items = [convert(x) for x in values]
        call(function, self._handle, (element * len(items))(*items), len(items))

    @property
    def key_times(self):
        raise AttributeError("key_times is write-only")

    @key_times.setter
    def key_times(self, times):
        items = [float(t) for t in times]
        call("strata_animation_set_key_times", self._handle, (ctypes.c_double * len(items))(*items), len(items))

    @property
    def path(self):
        raise AttributeError("path is write-only")

    @path.setter
    def path(self, path):
        """The route a point property follows (a Path)."""
        call("strata_animation_set_path", self._handle, b"path", path._handle if path is not None else None)


class AnimationGroup(Animation):
    _kind = b.STRATA_ANIMATION_GROUP

    def __init__(self, animations=(), **properties):
        super().__init__(None, **properties)
        for a in animations:
            self.add(a)

    def add(self, animation):
        call("strata_animation_group_add", self._handle, animation._handle)


class Transition(Animation):
    _kind = b.STRATA_ANIMATION_TRANSITION

    def __init__(self, **properties):
        super().__init__(None, **properties)


_CLASSES = {c._kind: c for c in (BasicAnimation, SpringAnimation, KeyframeAnimation, AnimationGroup, Transition)}


@b.strata_animation_fn
def _delegate_trampoline(animation, kind, finished, user_data):
    invoke(user_data, Animation._wrap(animation, owned=False), kind, finished)
