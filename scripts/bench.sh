#!/usr/bin/env bash
# npm run bench: bundle size per route, Lighthouse mobile (home, booking summary),
# keystroke cost of large forms, server throughput. Figures go to docs/benchmarks.md by hand (they depend on the machine).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-browser.sh
echo "=== first-load JS per route"
node --import tsx scripts/bench-bundle.ts
echo "=== Lighthouse mobile (/Index, /PersonBookSum)"
node --import tsx scripts/bench-lighthouse.ts
echo "=== form keystroke cost (130-field form, 4x CPU throttle)"
node --import tsx scripts/bench-form.ts || echo "(form bench: engine over its 16 ms budget)"
echo "=== server throughput"
node --import tsx scripts/bench-server.ts
