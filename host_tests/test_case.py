"""The board's case (tools/maker/case.py): every part fits (the back board and faceplate drop
in, the perfboard's stack stands under the back board, the socket's body clears the
perfboard, every hole inside its part), a part that would not fit is named, and OpenSCAD
(Debian's) renders the committed hardware/case.scad to a cutting sheet whose every outline
and hole is where the generator put it, to 0.01 mm, and to a solid the size of the box."""

import math
import os
import shutil
import subprocess
from xml.etree import ElementTree

import pytest

import case
import case_drawings
import case_parts
import config
from config_variant import Config
from where import ROOT

SCAD = os.path.join(ROOT, "hardware", "case.scad")


THREE_TRACKS = Config(TRACKS=3)  # the panel's three tracks fill its 8 rows: 410 x 110 mm
CLASSIC = Config(CHIP="ESP32")


@pytest.mark.parametrize("board", [config, THREE_TRACKS, CLASSIC, Config(CHIP="ESP32", TRACKS=3)])
def test_every_part_fits_for_both_profiles_and_both_track_counts(board):
    assert case.fit_problems(board) == []


def test_every_part_inside_is_a_solid_with_its_source():
    solids, bays, cables = case_parts.model(config)
    inside = {name for name, solid in solids.items() if solid["bay"] is not None}
    for part in ("DevKit", "DevKit's front header", "DevKit's back header", "DevKit's module",
                 "DevKit's USB port", "USB plug's body", "perfboard", "spacer 1",
                 "level shifter in its socket", "1000 uF capacitor", "100 nF capacitor",
                 "330 ohm resistor", "fuse in its clips", "keypad's header",
                 "barrel socket's body", "barrel socket's thread", "panel's plug and pigtail",
                 "LED panel", "keypad", "back board", "faceplate"):  # fmt: skip
        assert part in inside, part
        assert solids[part]["source"], part
    assert set(cables) == {"keypad's ribbon", "panel's leads", "panel's pigtail to the perfboard",
                           "supply's pair to the fuse"}  # fmt: skip
    # The DevKits as Espressif draws them: lengthwise on the 70 mm perfboard's 70 mm.
    for board, length, rows in ((config, 63.0, 22 * 2.54), (CLASSIC, 54.4, 19 * 2.54)):
        solids, _, _ = case_parts.model(board)
        box = solids["DevKit"]["box"]
        header = solids["DevKit's front header"]["box"]
        assert box[3] - box[0] == pytest.approx(length)
        assert header[3] - header[0] == pytest.approx(rows)


def _without_ribbon_slot(board):
    holes = HOLES(board)
    del holes["ribbon slot"]
    return holes


HOLES = case_parts.back_board_holes


@pytest.mark.parametrize(
    "change, words",
    [
        # The DevKit across a 50 mm perfboard (the board turned as it was first drawn).
        ({"PERFBOARD_MM": (50.0, 70.0)},
         "the DevKit's front header runs 9.4 mm past the perfboard (x, along the board)"),
        ({"back_board_holes": _without_ribbon_slot},
         "the keypad's ribbon has no passage through the back board at x 368.0, y 13.5 mm: no"
         " hole there (z, up)"),
        # A 1000 uF can 25 mm tall (a 25 V one) standing on the perfboard.
        ({"CAPACITOR_MM": (10.0, 25.0)}, "the 1000 uF capacitor runs 4.6 mm into the back board"
         " (z, up)"),
        ({"SOCKET_FROM_FRONT_MM": 4.0},
         "the barrel socket's body runs 2.0 mm into the front wall (y, across it)"),
        ({"USB_SLOT_MM": (10.0, 9.0)},
         "the USB plug's body does not pass the right wall's hole: 2.4 mm short (y, across it)"),
        ({"LEADS_HOLE_MM": (4.0, 14.0)},
         "the panel's leads has no passage through the back board at x 12.5, y 86.5 mm: its hole"
         " is 1.7 mm short (x, along the board)"),
        ({"BAY_MM": 22.0}, "the DevKit's module runs 1.4 mm into the back board (z, up)"),
    ],
)  # fmt: skip
def test_a_part_that_does_not_fit_is_named_with_its_axis_and_by_how_much(
    monkeypatch, change, words
):
    assert case.fit_problems(config) == []
    for name, value in change.items():
        monkeypatch.setattr(case_parts, name, value)
    assert words in case.fit_problems(config)


def test_a_three_track_board_of_140_mm_in_the_two_track_case_is_named():
    found = case.fit_problems(Config(TRACKS=3, BOARD_MM=(410, 140)), case_config=config)
    assert "the back board runs 29.5 mm past the case's inside (y, across it)" in found


def test_a_board_too_short_for_the_panel_is_named():
    found = case.fit_problems(Config(BOARD_MM=(300, 110)))
    assert "the LED panel runs 30.0 mm past the back board's top (x, along the board)" in found


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


@pytest.fixture(scope="module")
def rendered_inside(tmp_path_factory):
    """The bounding box [low], [high] of the STL of the case with its parts."""
    if shutil.which("openscad") is None:
        pytest.fail("OpenSCAD is not installed: bash tools/check installs Debian's")
    solid = tmp_path_factory.mktemp("inside") / "inside.stl"
    done = subprocess.run(["openscad", "-D", 'part="inside"', "-o", str(solid), SCAD],
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stderr[-1500:]
    vertices = [
        tuple(float(v) for v in line.split()[1:])
        for line in solid.read_text().splitlines()
        if line.strip().startswith("vertex")
    ]
    return ([min(v[a] for v in vertices) for a in range(3)],
            [max(v[a] for v in vertices) for a in range(3)])  # fmt: skip


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
    assert wall_h == 28 + 6 + 2 + 3


def test_the_hardware_guide_quotes_the_sheet_the_generator_lays_out():
    sizes = {
        "%g × %g mm" % case.sheet_size(case.case(board)[0]) for board in (config, THREE_TRACKS)
    }
    assert sizes == {"417 × 270 mm"}  # the panel's board is 410 x 110 mm for two tracks or three
    with open(os.path.join(ROOT, "hardware", "README.md"), encoding="utf-8") as guide:
        said = " ".join(guide.read().split())
    assert "one sheet of 417 × 270 mm" in said
    assert "the case (optional): 3 mm plywood, one sheet 417 × 270 mm" in said


def test_the_case_with_its_parts_renders_with_the_plug_through_the_wall(rendered_inside):
    low, high = rendered_inside
    solids, _, _ = case_parts.model(config)
    inner_w, inner_d, wall_h = case_parts.inner_box(config)
    t = case.SHEET_MM
    plug = solids["USB plug's body"]["box"]
    # The case's own box, and past its right wall the USB plug's body, 30 mm out.
    assert low == pytest.approx([-t, -t, 0], abs=0.01)
    assert high == pytest.approx([plug[3], inner_d + t, t + wall_h], abs=0.01)
    assert plug[3] == pytest.approx(inner_w + t + 30.0)


def test_the_committed_drawings_are_the_ones_the_model_draws():
    for path, text in case_drawings.drawings(config, case.case(config)[0]).items():
        with open(path, encoding="utf-8") as handle:
            assert handle.read() == text, "%s is stale: run python tools/maker/case.py" % path
        if path.endswith(".svg"):
            ElementTree.fromstring(text)  # a drawing a browser or a cutter's software opens


def test_the_cut_table_gives_every_part_its_size_and_every_hole_from_named_edges():
    parts, _ = case.case(config)
    with open(os.path.join(ROOT, "hardware", "case-cuts.md"), encoding="utf-8") as handle:
        table = handle.read()
    assert "| floor | 3 mm | 417.0 × 117.0 |" in table
    right_wall = (
        "| right wall | 3 mm | 111.0 × 39.0 | slot 26 × 9 mm: 66.8 from the front end, 21.8 from"
        " the bottom edge; hole Ø 8 mm: 12.0 from the front end, 12.0 from the bottom edge |"
    )
    assert right_wall in table
    # The floor's spacer holes under the perfboard's corner holes: 3 mm in from its corners.
    solids, bays, _ = case_parts.model(config)
    px, py = bays["the perfboard"][:2]
    assert "hole Ø 3.2 mm: %.1f from the left edge, %.1f from the front edge" % (
        case.SHEET_MM + px + 3.0, case.SHEET_MM + py + 3.0) in table  # fmt: skip
    back_board = "| back board | 6 mm | 410.0 × 110.0 | ribbon slot 22 × 3 mm: 367.5 from the left"
    assert back_board in table
    for name, part in parts.items():
        assert "| %s | 3 mm | %.1f × %.1f |" % ((name,) + part["size"]) in table


def test_the_picture_shows_every_part_under_the_back_board_at_the_right_end():
    picture = case_drawings.inside_svg(config)
    for name in ("DevKit", "USB plug's body", "perfboard", "1000 uF capacitor",
                 "fuse in its clips", "level shifter in its socket", "barrel socket's body",
                 "keypad's header"):  # fmt: skip
        assert "<title>%s</title>" % name in picture
    assert "<title>keypad's ribbon</title>" in picture


@pytest.mark.parametrize("board", [config, CLASSIC])
def test_the_perfboard_layout_names_the_header_pin_of_every_pin_the_profile_wires(board):
    from profiles import esp32, esp32s3

    profile = esp32s3 if board.CHIP == "ESP32S3" else esp32
    board = Config(CHIP=board.CHIP, LED_PIN=profile.LED_PIN,
                   KEYPAD_ROW_PINS=profile.KEYPAD_ROW_PINS,
                   KEYPAD_COL_PINS=profile.KEYPAD_COL_PINS)  # fmt: skip
    said = case_drawings.wires(board)
    assert said[0].startswith("GPIO %d (%s) to the shifter's pin 2 (1A)" % (
        profile.LED_PIN, case_drawings.header_pin(board, profile.LED_PIN)))  # fmt: skip
    for n, pin in enumerate(profile.KEYPAD_ROW_PINS + profile.KEYPAD_COL_PINS):
        row, number = case_drawings.header_pin(board, pin).split(" pin ")
        assert case_parts.HEADERS[board.CHIP][0 if row in ("J1", "J2") else 1][1][
            int(number) - 1] == pin  # fmt: skip
        assert "the keypad header's pin %d " % (n + 1) in said[n + 1]
    # The reference's LED and keypad pins all on the front row, J1's pins 4 to 12.
    if board.CHIP == "ESP32S3":
        assert [case_drawings.header_pin(board, pin) for pin in (4, 5, 6, 7, 15, 16, 17, 18, 8)] \
            == ["J1 pin %d" % n for n in range(4, 13)]  # fmt: skip
    assert said[-1].endswith("the DevKit's 5V pin to nothing")
