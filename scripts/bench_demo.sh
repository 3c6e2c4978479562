#!/usr/bin/env bash
# Wall time of `make demo` on a fresh clone, after `make setup` (issue #36's five minutes), as
# docs/results.md records it. The clone goes beside this checkout (the YoWASP tools' sandbox does
# not reach /tmp), its build/ starts empty (no synthesis cache), and it is removed afterwards.
#   bash scripts/bench_demo.sh [CLONE_DIR]
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$src/../authcore-demo-bench}
rm -rf "$dir"
git clone -q "$src" "$dir"
cd "$dir"
make setup >/dev/null
start=$(date +%s.%N)
make demo > demo.log 2>&1 || { tail -n 30 demo.log; exit 1; }
end=$(date +%s.%N)
secs=$(python3 -c "print(round($end - $start, 1))")
echo "make demo on a fresh clone of $(git rev-parse --short HEAD), $(date +%F), $(nproc) cores: $secs s"
grep -E "authcore demo: [0-9]+ steps" demo.log || true
cd "$src" && rm -rf "$dir"
