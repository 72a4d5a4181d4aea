"""firmware/manifest.py, the route to a MicroPython image with the firmware frozen in: run
with stand-ins for MicroPython's manifest functions, it freezes every module under
firmware/lib exactly once, microdot's modules as the deploy tool puts them on the board, and
neither config.py nor main.py (a builder edits those on the board)."""

import os

import build_mpy
from where import FIRMWARE


def frozen(microdot_dir):
    calls = []

    def package(name, files=None, base_path=".", opt=None):
        calls.append(("package", name, tuple(files or ()), base_path))

    def module(name, base_path=".", opt=None):
        calls.append(("module", name, base_path))

    def include(path):
        calls.append(("include", path))

    saved = os.environ.get("MICRODOT_DIR")
    if microdot_dir:
        os.environ["MICRODOT_DIR"] = microdot_dir
    else:
        os.environ.pop("MICRODOT_DIR", None)
    try:
        with open(os.path.join(FIRMWARE, "manifest.py")) as source:
            code = compile(source.read(), "manifest.py", "exec")
        exec(code, {"package": package, "module": module, "include": include})
    finally:
        if saved is None:
            os.environ.pop("MICRODOT_DIR", None)
        else:
            os.environ["MICRODOT_DIR"] = saved
    return calls


def files_of(calls):
    """The lib/ paths the calls freeze, one per frozen file."""
    paths = []
    for call in calls:
        if call[0] == "module":
            paths.append(call[1])
        elif call[0] == "package" and call[1] not in ("microdot", "umqtt"):
            folder = os.path.join(FIRMWARE, call[3], call[1])
            for root, _, names in os.walk(folder):
                for name in names:
                    if name.endswith(".py"):
                        path = os.path.join(root, name)
                        paths.append(os.path.relpath(path, os.path.join(FIRMWARE, "lib")))
    return sorted(path.replace(os.sep, "/") for path in paths)


def test_every_module_under_lib_is_frozen_once_and_the_builders_files_are_not():
    import microdot

    site = os.path.dirname(os.path.dirname(microdot.__file__))
    calls = frozen(site)
    assert ("include", "$(PORT_DIR)/boards/manifest.py") in calls
    lib = os.path.join(FIRMWARE, "lib")
    every = []
    for root, _, names in os.walk(lib):
        for name in names:
            if name.endswith(".py"):
                every.append(os.path.relpath(os.path.join(root, name), lib).replace(os.sep, "/"))
    assert files_of(calls) == sorted(every)
    web = [call for call in calls if call[:2] == ("package", "microdot")]
    assert web == [("package", "microdot", build_mpy.MICRODOT_MODULES, site)]
    for name in web[0][2]:
        assert os.path.exists(os.path.join(site, "microdot", name))
    assert not [call for call in calls if call[1] in ("config.py", "main.py", "manifest.py")]


def test_without_microdot_the_image_has_no_web_server():
    calls = frozen(None)
    assert not [call for call in calls if call[:2] == ("package", "microdot")]
    assert "net/web.py" in files_of(calls)  # frozen, and says Wi-Fi stays off without microdot


def test_with_the_board_libraries_the_image_has_the_club_nights_mqtt_client(monkeypatch):
    import board_libs

    folder = board_libs.ensure()
    monkeypatch.setenv("BOARD_LIBS_DIR", folder)
    calls = frozen(None)
    mqtt = [call for call in calls if call[:2] == ("package", "umqtt")]
    assert mqtt == [("package", "umqtt", ("__init__.py", "simple2.py"), folder)]
    for name in mqtt[0][2]:
        assert "lib/umqtt/" + name[:-3] + ".mpy" in board_libs.BOARD_MODULES
        assert os.path.exists(os.path.join(folder, "umqtt", name))
    assert "net/club_link.py" in files_of(calls)
