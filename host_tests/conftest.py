import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "host_tests", "core"))
import _paths  # noqa: E402,F401  (firmware/lib and the host stand-ins)
