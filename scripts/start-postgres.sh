#!/usr/bin/env bash
# Starts the machine's PostgreSQL 15 cluster (installed, not running), makes sure a password and a
# test database exist, and prints the TEST_DATABASE_URL to use. For CI and local test runs.
set -eu
version=${PG_VERSION:-15}
cluster=${PG_CLUSTER:-main}
db=${PG_TEST_DB:-waybill_test}
password=${PG_TEST_PASSWORD:-waybill}
if ! pg_lsclusters -h 2>/dev/null | awk -v v="$version" -v c="$cluster" '$1==v && $2==c && $4=="online"' | grep -q .; then
  pg_ctlcluster --skip-systemctl-redirect "$version" "$cluster" start >&2
fi
port=$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $3}')
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q -p $port" && break
  sleep 1
done
su postgres -c "psql -q -p $port -c \"ALTER USER postgres PASSWORD '$password'\"" >&2
if ! su postgres -c "psql -p $port -tAc \"SELECT 1 FROM pg_database WHERE datname='$db'\"" | grep -q 1; then
  su postgres -c "createdb -p $port $db" >&2
fi
echo "postgres://postgres:$password@127.0.0.1:$port/$db"
