"""The board's case (tools/maker/case.py): every part fits (the back board and faceplate drop
in, the perfboard's stack stands under the back board, the socket's body clears the
perfboard, every hole inside its part), a part that would not fit is named, and OpenSCAD
(Debian's) renders the committed hardware/case.scad to a cutting sheet whose every outline
and hole is where the generator put it, to 0.01 mm, and to a solid the size of the box."""

import math
import os
import shutil
import subprocess

import pytest

import case
import config
from config_variant import Config
from where import ROOT

SCAD = os.path.join(ROOT, "hardware", "case.scad")


def test_every_part_fits_on_the_two_track_and_the_three_track_board():
    assert case.fit_problems(config) == []
    three = Config(TRACKS=3, BOARD_MM=(410, 140))
    assert case.fit_problems(three) == []


@pytest.mark.parametrize(
    "change, words",
    [
        ({"BAY_MM": 18.0}, "the perfboard's parts stand 23.6 mm under a 18.0 mm bay"),
        ({"SOCKET_FROM_FRONT_MM": 40.0}, "the socket's body meets the perfboard"),
        ({"SOCKET_FROM_FRONT_MM": 4.0}, "the socket's body meets the front wall"),
        ({"USB_SLOT_MM": (26.0, 30.0)}, "a hole of the right wall is above the back board's"
         " underside"),
    ],
)  # fmt: skip
def test_a_part_that_does_not_fit_is_named(monkeypatch, change, words):
    for name, value in change.items():
        monkeypatch.setattr(case, name, value)
    assert words in case.fit_problems(config)


def test_a_board_too_short_for_the_panel_is_named():
    assert "the panel runs off the back board" in case.fit_problems(Config(BOARD_MM=(300, 110)))


def loops(dxf):
    """The closed outlines of an OpenSCAD DXF (LINE entities end to end), each as its
    points."""
    values = dxf.split("\n")
    pairs = [(values[i].strip(), values[i + 1].strip()) for i in range(0, len(values) - 1, 2)]
    segments, current = [], None
    for code, value in pairs:
        if code == "0":
            if current:
                segments.append(current)
            current = {} if value == "LINE" else None
        elif current is not None and code in ("10", "20", "11", "21"):
            current[code] = float(value)
    if current:
        segments.append(current)
    ends = [((s["10"], s["20"]), (s["11"], s["21"])) for s in segments]
    following = {start: end for start, end in ends}
    found, seen = [], set()
    for start, _ in ends:
        if start in seen:
            continue
        points, at = [], start
        while at not in seen:
            seen.add(at)
            points.append(at)
            at = following[at]
        found.append(points)
    return found


def box(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    if shutil.which("openscad") is None:
        pytest.fail("OpenSCAD is not installed: bash tools/check installs Debian's")
    folder = tmp_path_factory.mktemp("case")
    sheet, solid = folder / "case.dxf", folder / "case.stl"
    for argv in (["-o", str(sheet)], ["-D", 'part="assembled"', "-o", str(solid)]):
        done = subprocess.run(["openscad"] + argv + [SCAD], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr[-1500:]
    return sheet.read_text(), solid.read_text()


def test_the_committed_case_is_the_one_config_py_draws():
    with open(SCAD, encoding="utf-8") as handle:
        assert handle.read() == case.scad(config)


def test_the_cutting_sheet_has_every_outline_and_hole_where_the_generator_put_it(rendered):
    sheet, _ = rendered
    parts, _ = case.case(config)
    outlines = sorted(box(points) for points in loops(sheet) if len(points) == 4)
    holes = sorted(box(points) for points in loops(sheet) if len(points) != 4)
    expected_outlines, expected_holes = [], []
    for part in parts.values():
        x, y = part["at"]
        w, h = part["size"]
        expected_outlines.append((x, y, x + w, y + h))
        for hole in part["holes"]:
            if hole[0] == "rect":
                _, hx, hy, hw, hh = hole
                expected_outlines.append((x + hx, y + hy, x + hx + hw, y + hy + hh))
            else:
                _, cx, cy, d = hole
                expected_holes.append(
                    (x + cx - d / 2, y + cy - d / 2, x + cx + d / 2, y + cy + d / 2)
                )
    assert len(outlines) == len(expected_outlines) == 8  # 7 parts and the USB slot
    assert len(holes) == len(expected_holes) == 5  # 4 spacers' and the socket's
    for found, wanted in zip(outlines, sorted(expected_outlines)):
        assert all(math.isclose(a, b, abs_tol=0.01) for a, b in zip(found, wanted)), found
    for found, wanted in zip(holes, sorted(expected_holes)):
        assert all(math.isclose(a, b, abs_tol=0.01) for a, b in zip(found, wanted)), found


def test_the_assembled_case_is_one_solid_the_size_of_the_box(rendered):
    _, solid = rendered
    vertices = [
        tuple(float(value) for value in line.split()[1:])
        for line in solid.splitlines()
        if line.strip().startswith("vertex")
    ]
    low = [min(v[axis] for v in vertices) for axis in range(3)]
    high = [max(v[axis] for v in vertices) for axis in range(3)]
    _, (inner_w, inner_d, wall_h) = case.case(config)
    t = case.SHEET_MM
    width, depth = config.BOARD_MM
    assert low == pytest.approx([-t, -t, 0], abs=0.01)
    assert high == pytest.approx([inner_w + t, inner_d + t, t + wall_h], abs=0.01)
    # The box's inside: 0.5 mm of play round the back board and the faceplate; its walls
    # rise to the faceplate's top.
    assert (inner_w - width, inner_d - depth) == (1.0, 1.0)
    assert wall_h == 25 + 6 + 2 + 3


def test_the_hardware_guide_quotes_the_sheet_the_generator_lays_out():
    sizes = [
        "%g × %g mm" % case.sheet_size(case.case(board)[0])
        for board in (config, Config(TRACKS=3, BOARD_MM=(410, 140)))
    ]
    assert sizes == ["417 × 261 mm", "417 × 291 mm"]
    with open(os.path.join(ROOT, "hardware", "README.md"), encoding="utf-8") as guide:
        said = " ".join(guide.read().split())
    assert (
        "one sheet of %s (two tracks; %s for three)" % (sizes[0], sizes[1][: -len(" mm")]) in said
    )
