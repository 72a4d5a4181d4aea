# Sourced by tools/run and tools/club: .venv with this project installed editable for one
# audience, once, and again only when pyproject.toml changes:
#   . tools/tools-venv.sh            the player's and the maker's commands (crib, crib-sim,
#                                    crib-deploy): no coach's extra (numba, numpy)
#   . tools/tools-venv.sh club       and the club director's (paho-mqtt)
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
extra=${1:-}
target=.
[ -z "$extra" ] || target=".[$extra]"
want=$( (cat pyproject.toml; echo "$target") | sha256sum | cut -d' ' -f1)
if ! grep -qsx "$want" .venv/.installed-run; then
  echo "installing the commands and what they need (pyproject.toml${extra:+, the $extra extra}) into .venv (once)"
  .venv/bin/pip install -q --disable-pip-version-check -e "$target"
  echo "$want" >> .venv/.installed-run
fi
