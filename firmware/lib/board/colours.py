# The side colours a board may be set to, by name. Every set is drawn from the Okabe-Ito
# colours, chosen for people with any of the three common colour vision deficiencies; the
# test host_tests/test_colours.py checks each set stays apart under all of them, and apart
# from the error flash and the white of the count. Set 0 is config.SIDE_COLOURS.
from board import render

PALETTES = (
    ("blue", "orange", "yellow"),
    ("purple", "sky blue", "yellow"),
    ("blue", "purple", "sky blue"),
)
COLOURS = {
    "blue": (0, 114, 178),
    "orange": (230, 159, 0),
    "yellow": (240, 228, 66),
    "purple": (204, 121, 167),
    "sky blue": (86, 180, 233),
}


def sides(config, palette):
    """The three side colours of a palette, config.SIDE_COLOURS for the first."""
    if palette == 0:
        return config.SIDE_COLOURS
    return [COLOURS[name] for name in PALETTES[palette]]


def apply(app, brightness, palette):
    """Sets the strip's brightness and the side colours (with their names, which the
    console says); a value out of range is left as it was. A brightness below the lowest
    (8 to 20 were offered once, and may be kept on a board's flash) is drawn at the lowest."""
    renderer = app.renderer
    if 0 < brightness <= 255:
        renderer.set_brightness(max(brightness, render.LOWEST_BRIGHTNESS))
    if 0 <= palette < len(PALETTES):
        app.palette = palette
        renderer.set_sides(sides(app.config, palette))
        app.side_names[:] = PALETTES[palette]
    renderer.invalidate()
    app.dirty = True
