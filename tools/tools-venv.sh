# Sourced by tools/run and tools/club, which then call tools_venv: .venv with this project
# installed editable for one audience, once, and again only when pyproject.toml changes.
#   tools_venv          the player's and the maker's commands (crib, crib-sim, crib-deploy):
#                       no coach's extra (numba, numpy)
#   tools_venv club     and the club director's (paho-mqtt)
# (A function, not the sourced file's own arguments: a sourced file sees its caller's.)
tools_venv() {
  local extra=${1:-} target=.
  [ -z "$extra" ] || target=".[$extra]"
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
  fi
  local want
  want=$( (cat pyproject.toml; echo "$target") | sha256sum | cut -d' ' -f1)
  if ! grep -qsx "$want" .venv/.installed-run; then
    echo "installing the commands and what they need (pyproject.toml${extra:+, the $extra extra}) into .venv (once)"
    .venv/bin/pip install -q --disable-pip-version-check -e "$target"
    echo "$want" >> .venv/.installed-run
  fi
}
