#!/usr/bin/env bash
# `npm test`: the whole suite. Stops at the first failing layer and exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

# Browser tests drive Debian's Chromium; install it when it is missing (never a downloaded build).
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM_PATH" ]; then
  step "Chromium is missing: installing Debian's chromium package with apt-get"
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
  fi
fi
export CHROMIUM_PATH
export STORYBOOK_DISABLE_TELEMETRY=1
# Vitest prints failures with Map.groupBy, which Node 20 lacks.
export NODE_OPTIONS="${NODE_OPTIONS:-} --import ./tests/setup/node-polyfills.mjs"

step "Design tokens"
npm run --silent tokens

# Three independent checks, side by side: none waits for another, and the unit tests (the longest)
# take both cores once the other two are done.
step "Type check, lint, and the unit and component tests (side by side)"
npx concurrently --group --kill-others-on-fail --names "types,lint,unit" \
  "npm run --silent typecheck" \
  "npm run --silent lint" \
  "npx vitest run --project unit --project widget --project engine --maxWorkers=2"

# Every BFF file on SQLite and the database-specific ones on PostgreSQL (vitest.config.ts), in one
# run: each test file has its own database, so files of both engines run side by side.
PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
if node scripts/pg-reachable.mjs "$PG_URL"; then
  step "BFF integration tests on SQLite and on PostgreSQL ($PG_URL)"
  TEST_DATABASE_URL="$PG_URL" npx vitest run --project bff --project bff-mocks --project bff-postgres --maxWorkers=3
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL is not reachable at $PG_URL, and CI requires the PostgreSQL run." >&2
  exit 1
else
  step "PostgreSQL is not reachable at $PG_URL: the BFF tests run on SQLite only (PostgreSQL is mandatory when CI=true)"
  npx vitest run --project bff --project bff-mocks --maxWorkers=3
fi

step "Storybook stories (each rendered and checked for accessibility in light, play function included, then in dark)"
npm run --silent test:stories

step "Build"
npm run --silent build

step "End-to-end tests in Chromium"
npx playwright test
