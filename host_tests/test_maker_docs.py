"""The makers' docs read as a first-timer reads them: every number held to what it comes from
(the parts list's prices to its total, the case's sizes to the case model, the budgets to the
deploy's arithmetic, the DevKits' sizes to the model's), no placeholder, every link to a file
or a heading of this repository resolving; and a port the deploy cannot open said as what it
is (held by another program, not the user's to open, or no port of that name)."""

import os
import re

import pytest

import case_parts
import config
import deploy
from where import ROOT

GUIDE = os.path.join(ROOT, "docs", "makers-guide.md")
HARDWARE = os.path.join(ROOT, "hardware", "README.md")
MAKERS_DOCS = (GUIDE, HARDWARE, os.path.join(ROOT, "hardware", "quick-reference.md"),
               os.path.join(ROOT, "hardware", "case-cuts.md"))  # fmt: skip


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def flat(path):
    return " ".join(read(path).split())


def parts_table(heading):
    """The rows of the parts table under a heading of hardware/README.md, as cells."""
    text = read(HARDWARE)
    rows = []
    for line in text[text.index(heading) :].split("\n")[1:]:
        if line.startswith("|") and not line.startswith(("| part", "|---")):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
        elif rows:
            break
    return rows


def price_range(rows, without=()):
    low = high = 0.0
    for row in rows:
        if row[0].startswith(without):
            continue
        found = re.findall(r"([\d.]+)(?:-([\d.]+))? €", row[2])
        if found:  # the last price of a row is its whole ("0.10 € each, 15 €")
            a, b = found[-1]
            low, high = low + float(a), high + float(b or a)
    return round(low), round(high)


def test_the_prices_said_are_the_parts_lists_sums():
    panel = parts_table("### The reference build")
    assert price_range(panel, without=("the case",)) == (62, 68)
    assert price_range(panel) == (68, 74)
    assert price_range(parts_table("### The hand-wired build")) == (61, 61)
    hardware, guide = flat(HARDWARE), flat(GUIDE)
    assert "About 62 to 68 € (68 to 74 € with the case)" in hardware
    assert "About 61 €, and two or three evenings" in hardware
    assert "about 62 to 68 € and an evening" in guide
    assert not re.search(r"\b(60|65|55) €", hardware + guide)


def test_the_case_and_the_perfboard_are_quoted_as_the_model_has_them():
    hardware = flat(HARDWARE)
    perf_w, perf_d = case_parts.PERFBOARD_MM
    assert "perfboard, 2.54 mm pitch, %g × %g mm" % (perf_w, perf_d) in hardware
    assert "the %g × %g mm perfboard stands on four M3 spacers %g mm tall" % (
        perf_w, perf_d, case_parts.SPACER_MM) in hardware  # fmt: skip
    assert "cleats glued inside the long walls %g mm up" % case_parts.BAY_MM in hardware
    assert "whose %g × %g mm slot" % case_parts.USB_SLOT_MM in hardware
    assert "that wall's %g mm hole" % case_parts.SOCKET_HOLE_MM in hardware
    s3, classic = case_parts.DEVKITS["ESP32S3"], case_parts.DEVKITS["ESP32"]
    assert "the ESP32-S3-DevKitC-1, %g × %g mm with two rows of %d pins" % (
        s3["size"] + (s3["pins"],)) in hardware  # fmt: skip
    assert "the ESP32-DevKitC V4, %g × %g mm with two of %d" % (
        classic["size"] + (classic["pins"],)) in hardware  # fmt: skip
    decisions = flat(os.path.join(ROOT, "docs", "decisions.md"))
    assert "its %.1f mm of header rows" % (s3["pins"] * 2.54) in decisions
    assert "female pin headers, 2.54 mm" in hardware and "male pin header strip" in hardware


def test_the_budgets_and_the_fuse_said_are_the_deploys(monkeypatch):
    hardware, guide = flat(HARDWARE), flat(GUIDE)
    text, said = deploy.supply_choice("2A")
    assert "CURRENT_BUDGET_MA = 1800" in text and "a 2 A slow-blow" in said
    assert "`CURRENT_BUDGET_MA` 1800, 10 % below the supply" in hardware
    assert "| 2 A slow-blow fuse, 5 × 20 mm, in PCB fuse clips |" in hardware
    assert "above the 1800 mA budget" in hardware
    text, said = deploy.supply_choice("3A")
    assert "2700, with a 3.15 A fuse" in hardware and "a 3.15 A slow-blow" in said
    monkeypatch.setattr(config, "LEDS", "hand-wired")
    text, _ = deploy.supply_choice("usb")
    assert "CURRENT_BUDGET_MA = 450" in text
    assert "the budget becomes 450 mA, 10 % below the port's 500" in hardware
    # The panel's dark LEDs and the S3's draw with Wi-Fi, the figure the refusal gives.
    assert config.PANEL_LEDS * config.MA_IDLE_PER_LED + config.CHIP_MA[1] == 456
    assert "already draw 456 mA" in hardware and "LEDs 1800 mA" not in guide
    assert "budget 1800 mA, 10 % below it" in guide
    assert "1.5 A" not in hardware and "Schottky" not in hardware and "SS34" not in hardware


def test_no_placeholder_is_left_and_every_link_here_resolves():
    for path in MAKERS_DOCS:
        text = read(path)
        assert "<owner>" not in text and "<repository>" not in text, path
        folder = os.path.dirname(path)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if target.startswith(("http://", "https://")):
                continue
            file, _, anchor = target.partition("#")
            linked = os.path.normpath(os.path.join(folder, file)) if file else path
            assert os.path.exists(linked), "%s links %s" % (os.path.relpath(path, ROOT), target)
            if anchor and linked.endswith(".md"):
                headings = [
                    re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
                    for line in read(linked).splitlines()
                    if line.startswith("#")
                ]
                assert anchor in headings, "%s links %s" % (os.path.relpath(path, ROOT), target)


def test_the_downloads_drivers_and_the_wrong_image_are_in_the_guide():
    guide = flat(GUIDE)
    assert "https://micropython.org/download/ESP32_GENERIC_S3/" in guide
    assert "https://micropython.org/download/ESP32_GENERIC/" in guide
    assert "CH343" in guide and "/dev/ttyACM0" in guide
    assert "the octal-PSRAM image (`SPIRAM_OCT`) on a quad-PSRAM module (N8R2)" in guide
    assert "the plain `ESP32_GENERIC_S3` image on an octal-PSRAM module" in guide
    assert "ModemManager" in guide and "**Tools**: a soldering iron" in guide
    # The pin map is where the profiles say it is; config.py opens on the default build.
    for profile in ("esp32", "esp32s3"):
        said = read(os.path.join(ROOT, "firmware", "lib", "profiles", profile + ".py"))
        assert "hardware/README.md has" in said and "makers-guide.md has" not in said
    assert "## Pin maps (the profiles)" in read(HARDWARE)
    assert "a WS2812 strip" not in read(os.path.join(ROOT, "firmware", "config.py"))[:400]
    # The quick reference prints the reference build's faceplate first.
    quick = read(os.path.join(ROOT, "hardware", "quick-reference.md"))
    assert quick.index("panel-faceplate-a4.pdf") < quick.index("](faceplate-a4.pdf)")


@pytest.fixture
def port(tmp_path):
    device = tmp_path / "ttyACM0"
    device.write_text("")
    return str(device)


BUSY = "mpremote: failed to access %s (it may be in use by another program)"


def test_a_port_another_program_holds_is_said_so(port):
    assert deploy.explain(port, BUSY % port) == (
        "Another program holds %s (a serial monitor, an editor's REPL, another mpremote; on"
        " Linux also ModemManager, which probes each new serial port for a minute): close it"
        " (ModemManager: sudo systemctl stop ModemManager) and deploy again." % port
    )


def test_a_port_the_user_may_not_open_is_said_so(port, monkeypatch):
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    assert deploy.explain(port, BUSY % port).startswith(
        "You may not open %s: on Linux join the dialout group" % port
    )


def test_a_port_that_is_not_there_is_a_name_to_check():
    assert deploy.explain("/dev/ttyNOPE9", BUSY % "/dev/ttyNOPE9") == (
        "Nothing answers on /dev/ttyNOPE9: check the port name with 'mpremote devs'."
    )
    assert deploy.explain("COM7", BUSY % "COM7").startswith(
        "Nothing answers on COM7, or another program holds it"
    )
