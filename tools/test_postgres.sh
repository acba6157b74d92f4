#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the kiosk's tests (tests/kiosk/conftest.py).
#
#   eval "$(tools/test_postgres.sh start)"   # installs Debian's postgresql if missing, starts a
#                                            # cluster in a temporary directory, and prints the
#                                            # exports of PINTAS_TEST_POSTGRES (its URL) and
#                                            # PINTAS_TEST_POSTGRES_DIR (where it lives)
#   tools/test_postgres.sh restart MODE      # restarts it with pg_ctl's shutdown MODE (fast:
#                                            # sessions ended, a checkpoint; immediate: no
#                                            # checkpoint, crash recovery at start)
#   tools/test_postgres.sh stop              # stops it and removes its directory
#
# PostgreSQL refuses to run as root: run as root, the cluster belongs to the
# postgres user. It listens on a Unix socket only, in its own directory.
set -euo pipefail

as_owner() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$dir" ] && command -v pg_config >/dev/null; then dir=$(pg_config --bindir); fi
  echo "$dir"
}

case "${1:-}" in
start)
  if [ -z "$(bindir)" ] || [ ! -x "$(bindir)/initdb" ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >&2
  fi
  bin=$(bindir)
  dir=$(mktemp -d "${TMPDIR:-/tmp}/pintas-postgres.XXXXXX")
  chmod 755 "$dir"
  mkdir "$dir/data" "$dir/socket"
  [ "$(id -u)" = 0 ] && chown postgres: "$dir/data" "$dir/socket"
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  as_owner "'$bin/initdb' -D '$dir/data' -U postgres --auth=trust -E UTF8 --no-locale" >&2
  # lean for tests: commits are still made before they are acknowledged, but
  # the cluster is thrown away, so it need not survive a power cut
  as_owner "'$bin/pg_ctl' -D '$dir/data' -l '$dir/data/log' -w -o \"-c listen_addresses='' \
    -c unix_socket_directories='$dir/socket' -p $port -c fsync=off -c full_page_writes=off \
    -c max_connections=200\" start" >&2
  as_owner "'$bin/createdb' -h '$dir/socket' -p $port -U postgres pintas" >&2
  echo "export PINTAS_TEST_POSTGRES='postgresql://postgres@/pintas?host=$dir/socket&port=$port'"
  echo "export PINTAS_TEST_POSTGRES_DIR='$dir'"
  ;;
restart)
  dir=${PINTAS_TEST_POSTGRES_DIR:?start it first}
  mode=${2:?restart fast|smart|immediate}
  # pg_ctl restart starts it again with the options it was started with
  as_owner "'$(bindir)/pg_ctl' -D '$dir/data' -l '$dir/data/log' -m '$mode' -w restart" >&2
  ;;
stop)
  dir=${PINTAS_TEST_POSTGRES_DIR:?start it first}
  [ -d "$dir/data" ] && as_owner "'$(bindir)/pg_ctl' -D '$dir/data' -m immediate -w stop" >&2 || true
  rm -rf "$dir"
  ;;
*)
  echo "usage: $0 start|restart MODE|stop" >&2
  exit 2
  ;;
esac
