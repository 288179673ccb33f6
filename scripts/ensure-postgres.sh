#!/usr/bin/env bash
# The server tests' PostgreSQL half starts a throwaway cluster from Debian's PostgreSQL binaries
# (scripts/postgres-cluster.mjs). Installs them when they are missing and we may (root); otherwise says what to do.
# `--optional` (pnpm validate): where they cannot be installed, carry on; the tests then run the SQLite half only and
# say so. CI calls it without the flag, and requires the PostgreSQL half.
set -euo pipefail
PG_BIN="${SHOP_PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ -x "$PG_BIN/initdb" ] || [ -n "${SHOP_TEST_POSTGRES_URL:-}" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's postgresql for the server tests' PostgreSQL half..."
  # Only the binaries are needed: the package's own cluster is not started here (no init system in CI).
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null && [ -x "$PG_BIN/initdb" ]; then exit 0; fi
  if [ "${1:-}" = "--optional" ]; then echo "Could not install postgresql: the tests run on SQLite only." >&2; exit 0; fi
  echo "postgresql is installed, but $PG_BIN/initdb is not there: set SHOP_PG_BIN to the folder of its binaries." >&2
  exit 1
fi
if [ "${1:-}" = "--optional" ]; then exit 0; fi
echo "PostgreSQL is needed at $PG_BIN for the server tests' PostgreSQL half: install Debian's 'postgresql' package (or set SHOP_PG_BIN, or SHOP_TEST_POSTGRES_URL to an existing server)." >&2
exit 1
