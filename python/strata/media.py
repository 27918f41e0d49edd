"""Images, paths and display links."""
import ctypes

from . import _bindings as b
from . import values as v
from ._lib import call
from .handles import Handle
from .loop import destroy, invoke, register


class Image(Handle):
    """An image (CGImage): Image.from_file(path), Image.from_data(bytes), Image.from_rgba(width, height, pixels)."""
    _retain = "strata_image_retain"
    _release = "strata_image_release"

    @classmethod
    def from_file(cls, path):
        handle = ctypes.c_void_p()
        call("strata_image_create_from_file", str(path).encode(), ctypes.byref(handle))
        return cls._wrap(handle.value, owned=True)

    @classmethod
    def from_data(cls, data):
        data = bytes(data)
        handle = ctypes.c_void_p()
        buffer = (ctypes.c_uint8 * len(data)).from_buffer_copy(data) if data else None
        call("strata_image_create_from_data", buffer, len(data), ctypes.byref(handle))
        return cls._wrap(handle.value, owned=True)

    @classmethod
    def from_rgba(cls, width, height, pixels, stride=None, premultiplied=False):
        """RGBA8 pixels, rows top to bottom `stride` bytes apart (default width * 4)."""
        pixels = bytes(pixels)
        stride = width * 4 if stride is None else stride
        if len(pixels) < stride * (height - 1) + width * 4:
            raise ValueError(f"{len(pixels)} bytes are fewer than {width}x{height} pixels at a stride of {stride}")
        handle = ctypes.c_void_p()
        buffer = (ctypes.c_uint8 * len(pixels)).from_buffer_copy(pixels) if pixels else None
        call("strata_image_create_rgba", width, height, stride, buffer, premultiplied, ctypes.byref(handle))
        return cls._wrap(handle.value, owned=True)

    @property
    def size(self):
        w, h = ctypes.c_int32(), ctypes.c_int32()
        call("strata_image_get_size", self._handle, ctypes.byref(w), ctypes.byref(h))
        return v.Size(w.value, h.value)


class Path(Handle):
    """A path (CGMutablePath), built by chained calls: Path().move_to(0, 0).line_to(10, 0).close()."""
    _retain = "strata_path_retain"
    _release = "strata_path_release"

    def __init__(self):
        handle = ctypes.c_void_p()
        call("strata_path_create", ctypes.byref(handle))
        super().__init__(handle.value)

    def move_to(self, x, y):
        call("strata_path_move_to", self._handle, v.point((x, y)))
        return self

    def line_to(self, x, y):
        call("strata_path_line_to", self._handle, v.point((x, y)))
        return self

    def quad_to(self, cx, cy, x, y):
        call("strata_path_quad_to", self._handle, v.point((cx, cy)), v.point((x, y)))
        return self

    def curve_to(self, c1x, c1y, c2x, c2y, x, y):
        call("strata_path_curve_to", self._handle, v.point((c1x, c1y)), v.point((c2x, c2y)), v.point((x, y)))
        return self

    def add_arc(self, cx, cy, radius, start_angle, end_angle, clockwise=False):
        call("strata_path_add_arc", self._handle, v.point((cx, cy)), float(radius), float(start_angle), float(end_angle), bool(clockwise))
        return self

    def add_rect(self, rect):
        call("strata_path_add_rect", self._handle, v.rect(rect))
        return self

    def add_ellipse(self, rect):
        call("strata_path_add_ellipse", self._handle, v.rect(rect))
        return self

    def add_rounded_rect(self, rect, corner_width, corner_height=None):
        call("strata_path_add_rounded_rect", self._handle, v.rect(rect), float(corner_width),
             float(corner_width if corner_height is None else corner_height))
        return self

    def close(self):
        call("strata_path_close", self._handle)
        return self

    @property
    def bounding_box(self):
        out = b.strata_rect()
        call("strata_path_get_bounding_box", self._handle, ctypes.byref(out))
        return v.from_rect(out)


class EmitterCell(Handle):
    """CAEmitterCell: `EmitterCell(name="fire", birth_rate=40, lifetime=2, contents=image, color=(1, 0.5, 0))`.
    An emitter layer copies its cells: set `layer.emitter_cells = [...]` again after changing one."""
    _retain = "strata_emitter_cell_retain"
    _release = "strata_emitter_cell_release"
    _BOOLS = {"enabled", "autoreverses"}
    _STRINGS = {"name", "fillMode", "minificationFilter", "magnificationFilter"}

    def __init__(self, **properties):
        handle = ctypes.c_void_p()
        call("strata_emitter_cell_create", ctypes.byref(handle))
        super().__init__(handle.value)
        for name, value in properties.items():
            setattr(self, name, value)

    def __setattr__(self, name, value):
        if name.startswith("_"):
            return object.__setattr__(self, name, value)
        key = v.camel(name)
        h, k = self._handle, key.encode()
        if key == "contents":
            call("strata_emitter_cell_set_contents", h, value._handle if value is not None else None)
        elif key == "emitterCells":
            cells = [c._handle for c in value or ()]
            call("strata_emitter_cell_set_cells", h, (ctypes.c_void_p * len(cells))(*cells), len(cells))
        elif key == "color":
            call("strata_emitter_cell_set_color", h, k, v.color(value))
        elif key == "contentsRect":
            call("strata_emitter_cell_set_rect", h, k, v.rect(value))
        elif key in self._BOOLS:
            call("strata_emitter_cell_set_bool", h, k, bool(value))
        elif key in self._STRINGS:
            call("strata_emitter_cell_set_string", h, k, None if value is None else str(value).encode())
        else:
            call("strata_emitter_cell_set_number", h, k, float(value))

    def __getattr__(self, name):
        out = ctypes.c_double()
        call("strata_emitter_cell_get_number", self._handle, v.camel(name).encode(), ctypes.byref(out))
        return out.value


class DisplayLink(Handle):
    """CADisplayLink: `callback(link, timestamp, target_timestamp)` at the display's frames once added."""
    _retain = "strata_display_link_retain"
    _release = "strata_display_link_release"

    def __init__(self, callback):
        handle = ctypes.c_void_p()
        call("strata_display_link_create", _frame_trampoline, register(callback), destroy, ctypes.byref(handle))
        super().__init__(handle.value)

    def add(self, connection):
        call("strata_display_link_add", self._handle, connection._handle)

    @property
    def paused(self):
        raise AttributeError("paused is write-only")

    @paused.setter
    def paused(self, value):
        call("strata_display_link_set_paused", self._handle, bool(value))

    @property
    def preferred_fps(self):
        raise AttributeError("preferred_fps is write-only")

    @preferred_fps.setter
    def preferred_fps(self, fps):
        call("strata_display_link_set_preferred_fps", self._handle, int(fps))

    def invalidate(self):
        call("strata_display_link_invalidate", self._handle)


@b.strata_display_link_fn
def _frame_trampoline(link, timestamp, target, user_data):
    invoke(user_data, DisplayLink._wrap(link, owned=False), timestamp, target)
