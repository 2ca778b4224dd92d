#!/usr/bin/env bash
# npm run bench: first-load JS of every route (budget 100 kB brotli) and of the studio, Lighthouse
# mobile (every route a person lands on, each with its goal), keystroke and mount cost of large
# forms, hostile-request cost, server throughput. Figures go to docs/benchmarks.md by hand (they
# depend on the machine). A route over its JS budget or missing its Lighthouse goal, or a form over
# its keystroke budget fails the run, after every bench has run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-browser.sh
failed=()
echo "=== first-load JS per route (every route of flows/, budget 100 kB brotli; the studio's sign-in page)"
node --import tsx scripts/bench-bundle.ts || failed+=("bench-bundle: a route is over its first-load JS budget, see above")
echo "=== Lighthouse mobile (every landing route: /, /#/Index LCP <= 1.2 s and >= 98; the others LCP <= 1.5 s; median of 3 runs)"
node --import tsx scripts/bench-lighthouse.ts || failed+=("bench-lighthouse: a route misses its LCP or performance goal, see above")
echo "=== form keystroke and mount cost (130-field form, occupational questionnaire; 4x CPU throttle)"
node --import tsx scripts/bench-form.ts || failed+=("bench-form: a keystroke p95 is over its 16 ms budget, see above")
echo "=== hostile requests (garbage encryStr, SMS quotas)"
node --import tsx scripts/bench-abuse.ts
echo "=== server throughput"
node --import tsx scripts/bench-server.ts
if [ "${#failed[@]}" -gt 0 ]; then
  printf '%s\n' "${failed[@]}" >&2
  exit 1
fi
