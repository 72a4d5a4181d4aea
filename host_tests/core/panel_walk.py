# The LED panel's wire walked cell by cell: where each LED sits, worked out by following
# the serpentine, not by the firmware's formula (the tests' independent account of it).


def walked(wiring, corner):
    """{(column, row from the bottom): place on the wire}, by following the wire."""
    columns = list(range(32)) if corner.endswith("left") else list(range(31, -1, -1))
    rows = list(range(7, -1, -1)) if corner.startswith("top") else list(range(8))
    path = []
    if wiring == "columns":
        for line, x in enumerate(columns):
            path += [(x, y) for y in (rows if line % 2 == 0 else rows[::-1])]
    else:
        for line, y in enumerate(rows):
            path += [(x, y) for x in (columns if line % 2 == 0 else columns[::-1])]
    return {cell: index for index, cell in enumerate(path)}
