#!/usr/bin/env bash
# The server tests' PostgreSQL half starts a throwaway cluster from Debian's PostgreSQL binaries
# (scripts/postgres-cluster.mjs). Installs them when they are missing and we may (root); otherwise says what to do.
set -euo pipefail
PG_BIN="${SHOP_PG_BIN:-/usr/lib/postgresql/15/bin}"
if [ -x "$PG_BIN/initdb" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's postgresql for the server tests' PostgreSQL half..."
  apt-get update -qq
  # Only the binaries are needed: the package's own cluster is not started here (no init system in CI).
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  if [ -x "$PG_BIN/initdb" ]; then exit 0; fi
  echo "postgresql is installed, but $PG_BIN/initdb is not there: set SHOP_PG_BIN to the folder of its binaries." >&2
  exit 1
fi
echo "PostgreSQL is needed at $PG_BIN for the server tests' PostgreSQL half: install Debian's 'postgresql' package (or set SHOP_PG_BIN, or SHOP_TEST_POSTGRES_URL to an existing server)." >&2
exit 1
