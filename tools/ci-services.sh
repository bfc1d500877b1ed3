#!/usr/bin/env bash
# Starts this machine's PostgreSQL and Redis when they are installed but down, and installs Debian's
# Chromium for the browser suites when it is missing. Suites that need a service still skip themselves
# on a machine that has none of these.
set -u

if command -v pg_ctlcluster >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  echo "› starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || echo "  PostgreSQL did not start; its suites will be skipped"
fi

if command -v redis-server >/dev/null 2>&1 && ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "› starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log || echo "  Redis did not start; its suites will be skipped"
fi

bash "$(dirname "$0")/ensure-test-tools.sh"
