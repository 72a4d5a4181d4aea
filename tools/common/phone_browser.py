"""Headless Chromium as a small phone shows a page (360 x 640 CSS pixels), for the page's
pictures, its browser tests and its benchmark: one screen, the same everywhere."""

WIDTH, HEIGHT = 360, 640  # a small phone


def phone(driver, width=WIDTH, height=HEIGHT):
    """The phone's screen, in CSS pixels (a desktop window cannot be made that narrow)."""
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def phone_browser(*switches):
    """A headless Chromium showing pages as the phone, stopped with the program that started
    it (orphans.py); switches go to Chromium."""
    from orphans import headless_chromium

    driver = headless_chromium("--window-size=%d,%d" % (WIDTH, HEIGHT), *switches)
    phone(driver)
    return driver
