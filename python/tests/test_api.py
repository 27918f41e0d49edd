"""The package's API over libstrata: properties, errors, identity, animations, and the loop with a server."""
import asyncio
import math
import time
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server import Server, near, pixel  # noqa: E402

import strata  # noqa: E402


class WithoutAServer(unittest.TestCase):
    def test_properties_round_trip_by_kind(self):
        layer = strata.Layer(bounds=(0, 0, 50, 40), opacity=0.25, masks_to_bounds=True)
        self.assertEqual(layer.bounds, strata.Rect(0, 0, 50, 40))
        self.assertEqual(layer.opacity, 0.25)
        self.assertTrue(layer.masks_to_bounds)
        self.assertIsNone(layer.background_color)
        layer.background_color = (0, 0.5, 1)
        self.assertEqual(layer.background_color, strata.Color(0, 0.5, 1, 1))
        layer.background_color = None
        self.assertIsNone(layer.background_color)
        layer.set("transform.rotation.z", 0.5)
        self.assertAlmostEqual(layer.transform[0], math.cos(0.5))
        self.assertAlmostEqual(layer.get("transform.rotation.z"), 0.5)
        layer.name = "badge"
        self.assertEqual(layer.name, "badge")
        shape = strata.ShapeLayer(line_cap="round", line_dash_pattern=[4, 2], stroke_end=0.5)
        self.assertEqual((shape.line_cap, shape.line_dash_pattern, shape.stroke_end), ("round", [4.0, 2.0], 0.5))
        gradient = strata.GradientLayer(colors=[(1, 0, 0), (0, 0, 1)])
        self.assertEqual(gradient.colors, [strata.Color(1, 0, 0, 1), strata.Color(0, 0, 1, 1)])
        text = strata.TextLayer(string="Hello, évé")
        self.assertEqual(text.string, "Hello, évé")

    def test_errors_name_their_status_and_change_nothing(self):
        layer = strata.Layer(opacity=0.5)
        with self.assertRaises(strata.UnknownKey) as e:
            layer.stroke_end = 1
        self.assertEqual(e.exception.status, "STRATA_UNKNOWN_KEY")
        self.assertIn("CALayer has no strokeEnd (a property of CAShapeLayer)", str(e.exception))
        with self.assertRaises(strata.InvalidArgument):
            layer.opacity = float("nan")
        with self.assertRaises(strata.InvalidArgument):
            layer.contents_gravity = "middle"
        with self.assertRaises(AttributeError):
            layer.opacitee = 1
        with self.assertRaises(strata.StateError):
            layer.add_sublayer(layer)
        with self.assertRaises(TypeError):  # a point for a number: refused before it reaches libstrata
            strata.BasicAnimation("opacity").to_value = (1, 2)
        with self.assertRaises(strata.ValueTypeError) as e:  # libstrata's refusal
            layer.opacity = None
        self.assertIn("opacity cannot be nil", str(e.exception))
        self.assertEqual(layer.opacity, 0.5)

    def test_one_object_per_layer(self):
        root, child = strata.Layer(), strata.ShapeLayer()
        root.add_sublayer(child)
        self.assertIs(root.sublayers[0], child)
        self.assertIs(child.superlayer, root)
        del child
        found = root.sublayers[0]
        self.assertIsInstance(found, strata.ShapeLayer)  # made again from the handle's kind
        self.assertIs(found.superlayer, root)

    def test_animations_take_their_properties(self):
        a = strata.BasicAnimation("position", duration=0.4, fill_mode="forwards", autoreverses=True)
        a.from_value = (0, 0)
        a.to_value = strata.Point(10, 20)
        a.timing_function = "easeInEaseOut"
        self.assertEqual((a.duration, a.fill_mode, a.autoreverses), (0.4, "forwards", True))
        spring = strata.SpringAnimation.perceptual("bounds", 0.5, 0.2)
        self.assertAlmostEqual(spring.stiffness, (2 * math.pi / 0.5) ** 2)
        keyframes = strata.KeyframeAnimation("opacity", values=[0, 1, 0.5], key_times=[0, 0.3, 1])
        group = strata.AnimationGroup([a, keyframes], duration=1)
        layer = strata.Layer()
        layer.add_animation(group, "both")
        self.assertTrue(layer.has_animation("both"))
        with self.assertRaises(strata.InvalidArgument):
            layer.add_animation(strata.BasicAnimation("strokeEnd"))

    def test_emitter_cells(self):
        dot = strata.Image.from_rgba(1, 1, bytes([255, 255, 255, 255]))
        spark = strata.EmitterCell(name="spark", birth_rate=40, lifetime=2, velocity=50, color=(1, 0.5, 0), contents=dot)
        self.assertEqual((spark.birth_rate, spark.lifetime), (40, 2))
        with self.assertRaises(strata.UnknownKey):
            spark.brightness = 1
        emitter = strata.EmitterLayer(emitter_position=(50, 50))
        emitter.emitter_cells = [spark]
        self.assertEqual(emitter.get("emitterCells.spark.birthRate"), 40)
        with self.assertRaises(strata.UnknownKey):
            strata.Layer().emitter_cells = [spark]

    def test_images_and_paths(self):
        image = strata.Image.from_rgba(2, 1, bytes([255, 0, 0, 255, 0, 0, 255, 255]))
        self.assertEqual(image.size, (2, 1))
        layer = strata.Layer(contents=image)
        shape = strata.ShapeLayer(path=strata.Path().move_to(0, 0).line_to(10, 0).line_to(10, 10).close())
        self.assertEqual(strata.Path().add_ellipse((0, 0, 20, 10)).bounding_box, strata.Rect(0, 0, 20, 10))
        with self.assertRaises(strata.IOFailure):
            strata.Image.from_file("/nonexistent.png")
        del layer, shape


class WithAServer(unittest.TestCase):
    def setUp(self):
        self.server = Server()
        self.connection = strata.connect()

    def tearDown(self):
        self.connection.close()
        self.server.stop()

    def scene(self):
        screen = self.connection.outputs[0]
        self.assertEqual((screen.width, screen.height, screen.scale), (320, 240, 1))
        root = strata.Layer(bounds=(0, 0, 320, 240), position=(160, 120), background_color=(1, 1, 1))
        square = strata.Layer(bounds=(0, 0, 40, 40), position=(160, 120), background_color=(0, 146 / 255, 1))
        root.add_sublayer(square)
        self.connection.attach(root)
        strata.flush()
        return root, square

    def test_an_exception_in_a_callback_comes_out_of_dispatch(self):
        root, square = self.scene()

        def presented(event):
            if event.kind == "transaction_presented":
                raise LookupError("raised in the callback")
        self.connection.on_event = presented
        self.server.advance(0.05)
        with self.assertRaises(LookupError):
            for _ in range(3000):  # until the event arrives (a bound on a slow machine, not a timing)
                strata.dispatch()
                time.sleep(0.01)
        self.assertTrue(near(pixel(self.server.snapshot(), 160, 120), (0, 146, 255, 255)))

    def test_asyncio_serves_the_loop_and_implicit_animations_play(self):
        root, square = self.scene()
        seen = []

        async def main():
            loop = asyncio.get_running_loop()
            loop.add_reader(strata.fileno(), strata.dispatch)
            presented = loop.create_future()

            def on_event(event):
                if event.kind == "transaction_presented" and not presented.done():
                    presented.set_result(event.transaction_id)
            self.connection.on_event = on_event
            advance = await asyncio.create_subprocess_exec(
                os.path.join(self.server_bin(), "strata"), "clock", "advance", "0.05", "--socket", self.server.socket,
                stdout=asyncio.subprocess.DEVNULL)
            await advance.wait()
            seen.append(await asyncio.wait_for(presented, 60))
            with strata.transaction(duration=1, timing_function="linear"):
                square.position = (260, 120)  # implicit: committed by the next dispatch
            await asyncio.sleep(0)
            loop.remove_reader(strata.fileno())
        asyncio.run(main())
        strata.dispatch()  # commits the change, as the reader would have
        self.server.advance(0.5)
        shot = self.server.snapshot()
        # Halfway (±a frame): the square's centre near 210.
        self.assertTrue(near(pixel(shot, 210, 120), (0, 146, 255, 255)))
        self.assertTrue(near(pixel(shot, 160, 120), (255, 255, 255, 255)))
        self.assertEqual(len(seen), 1)

    def server_bin(self):
        from server import bin_dir
        return bin_dir()


if __name__ == "__main__":
    unittest.main()
