#!/usr/bin/env bash
# The one test command (README, CI): typecheck (browser and Node code apart),
# layer rules (.dependency-cruiser.cjs), config check, unit, server
# suite on both stores, browser suite in real headless Chromium, then the
# check that the browser tests opened every route of flows/ (with its calls).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-browser.sh

step() { printf '\n=== %s\n' "$*"; }

step typecheck
npm run -s typecheck

step layers
npm run -s check-layers

step check-config
npm run -s check-config

step unit
npx vitest run --project unit

step server
bash scripts/test-server.sh

step build
npm run -s build

step browser
rm -rf test-artifacts/route-walk
npx vitest run --project browser

step route coverage
node --import tsx scripts/check-route-coverage.ts
