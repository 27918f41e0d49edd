"""python/examples/tap_to_grow.py over a headless server: a tap grows the circle with a spring (its radius
checked against the spring's formula at the virtual time the example printed), a second tap shrinks it."""
import os
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from server import ROOT, Server, near, pixel  # noqa: E402
from spring import progress  # noqa: E402  (scripts/, which server.py puts on the path)

BLUE, WHITE = (0, 146, 255, 255), (255, 255, 255, 255)


def radius(t):
    """The circle's radius t seconds into the spring (mass 1, stiffness 180, damping 12) from 25 to 100."""
    return 25 + 75 * progress(t, mass=1, stiffness=180, damping=12)


class TapToGrow(unittest.TestCase):
    def setUp(self):
        self.server = Server()
        self.app = subprocess.Popen([sys.executable, "-u", os.path.join(ROOT, "python", "examples", "tap_to_grow.py")],
                                    stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=os.environ.copy())

    def tearDown(self):
        self.app.kill()
        self.app.wait()
        self.app.stdout.close()
        self.server.stop()

    def line(self, prefix):
        """The app's next line starting with prefix (it blocks: the app prints each once it has sent its commit)."""
        for line in self.app.stdout:
            if line.startswith(prefix):
                return line.strip()
        self.fail(f"the app ended before printing {prefix!r}")

    def test_a_tap_grows_the_circle_with_a_spring_and_another_shrinks_it(self):
        self.assertEqual(self.line("ready"), "ready 320x240")
        self.server.advance(0.05)
        shot = self.server.snapshot()
        self.assertTrue(near(pixel(shot, 160, 120), BLUE))
        self.assertTrue(near(pixel(shot, 200, 120), WHITE))

        self.server.tap(160, 120)
        began = float(self.line("grew 200 at ").split()[-1])
        now = self.server.advance(0.1)
        shot = self.server.snapshot()
        lo, hi = sorted((radius(now - 1 / 60 - began), radius(now - began)))
        self.assertTrue(near(pixel(shot, round(160 + lo - 3), 120), BLUE), f"inside {lo:.1f}")
        self.assertFalse(near(pixel(shot, round(160 + hi + 4), 120), BLUE), f"outside {hi:.1f}")

        self.server.advance(2)
        self.assertTrue(near(pixel(self.server.snapshot(), 250, 120), BLUE))
        self.server.tap(80, 60)
        self.line("shrank 50 at ")
        self.server.advance(2)
        shot = self.server.snapshot()
        self.assertTrue(near(pixel(shot, 80, 60), BLUE))
        self.assertTrue(near(pixel(shot, 160, 120), WHITE))


if __name__ == "__main__":
    unittest.main()
