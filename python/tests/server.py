"""A headless strata-server on the virtual clock in a temporary directory, and the strata CLI against it,
for the package's tests (as Tests/StrataClientTests/ServerProcess.swift is for Swift's). STRATA_BIN names
the directory holding strata-server and strata (default: the root package's debug build)."""
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from png_pixel import pixel  # noqa: E402


def bin_dir():
    return os.environ.get("STRATA_BIN") or os.path.join(ROOT, ".build", "debug")


class Server:
    def __init__(self, width=320, height=240):
        self.dir = tempfile.TemporaryDirectory(prefix="strata-python-")
        self.socket = os.path.join(self.dir.name, "strata.sock")
        self.log = open(os.path.join(self.dir.name, "server.log"), "w")
        self.process = subprocess.Popen([os.path.join(bin_dir(), "strata-server"), "--config", "/dev/null", "--backend", "headless",
                                         "--size", f"{width}x{height}", "--clock", "virtual", "--socket", self.socket],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(600):  # a bound for a slow machine, not a timing
            if os.path.exists(self.socket):
                break
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        if not os.path.exists(self.socket):
            self.stop()
            raise RuntimeError("strata-server did not start: " + open(self.log.name).read())
        os.environ["STRATA_SOCKET"] = self.socket

    def cli(self, *args):
        return subprocess.run([os.path.join(bin_dir(), "strata"), *args, "--socket", self.socket], check=True,
                              capture_output=True, text=True).stdout.strip()

    def advance(self, seconds):
        """Steps the virtual clock; returns the time it reads then."""
        return float(self.cli("clock", "advance", str(seconds)))

    def snapshot(self):
        path = os.path.join(self.dir.name, "snapshot.png")
        self.cli("snapshot", "--out", path)
        return path

    def tap(self, x, y):
        self.cli("input", "tap", str(x), str(y))

    def stop(self):
        self.process.terminate()
        self.process.wait()
        self.log.close()
        self.dir.cleanup()


def near(got, want, tolerance=3):
    return max(abs(a - b) for a, b in zip(got, want)) <= tolerance
