#!/usr/bin/env bash
# Install what the tests need and run the whole suite: engine, browser, endpoint.
# Needs Python 3.11+, Node 20+, npm, and Chromium at /usr/bin/chromium for the browser tests
# (on Debian: apt-get install -y chromium). With CI=true, missing Chromium fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv
. .venv/bin/activate
python -m pip install --quiet -e ".[test]"
npm ci --no-audit --no-fund --loglevel=error

python build.py
python -m pytest -q
python -m pytest -q -m slow -n auto   # long seeded simulations, spread over every core
if [ -d netlify/tests ]; then npm run --silent test:node; fi
