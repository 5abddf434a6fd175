#!/bin/sh
# Run a command against a throwaway PostgreSQL cluster on loopback.
#
#   sh scripts/with-postgres.sh CMD [ARGS...]
#   (make test-postgres runs: sh scripts/with-postgres.sh .venv/bin/python -m pytest)
#
# 1. Finds initdb/pg_ctl/postgres (PG_BINDIR if set, then PATH, then the newest
#    /usr/lib/postgresql/*/bin); when there are none and we are root, installs
#    Debian's `postgresql` with apt-get.
# 2. Creates a cluster in a fresh temp dir (as the `postgres` user when we are root,
#    since initdb and pg_ctl refuse to run as root; the user is created if missing),
#    listening only on 127.0.0.1, trust auth on loopback, durability off for speed.
# 3. Starts it on the first free port from WITH_POSTGRES_PORT (default 54329),
#    waits until it accepts connections and creates the database `talekeeper`.
# 4. Runs CMD with DATABASE_URL=postgres://postgres@127.0.0.1:PORT/talekeeper exported.
# 5. Always stops the cluster and removes the temp dir (trap), and exits with CMD's status.
set -u

DBNAME=talekeeper
PORT_FIRST=${WITH_POSTGRES_PORT:-54329}
PORT_TRIES=20

say() { echo "with-postgres: $*" >&2; }
die() {
    say "ERROR: $*"
    exit 1
}

[ $# -gt 0 ] || die "usage: sh scripts/with-postgres.sh CMD [ARGS...]"

is_root() { [ "$(id -u)" = 0 ]; }

has_server_tools() { [ -x "$1/initdb" ] && [ -x "$1/pg_ctl" ] && [ -x "$1/postgres" ]; }

# Print the directory holding initdb, pg_ctl and postgres, or fail.
find_bindir() {
    if [ -n "${PG_BINDIR:-}" ]; then
        has_server_tools "$PG_BINDIR" && echo "$PG_BINDIR" && return 0
        say "PG_BINDIR=$PG_BINDIR lacks initdb/pg_ctl/postgres; looking elsewhere"
    fi
    if p=$(command -v initdb 2>/dev/null); then
        # /usr/local/bin/initdb may be a symlink into the real bin dir.
        real=$(readlink -f "$p" 2>/dev/null) || real=$p
        for d in "$(dirname "$real")" "$(dirname "$p")"; do
            has_server_tools "$d" && echo "$d" && return 0
        done
    fi
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        has_server_tools "$d" && echo "$d" && return 0
    done
    return 1
}

if ! BINDIR=$(find_bindir); then
    if is_root && command -v apt-get >/dev/null 2>&1; then
        say "PostgreSQL server not found; installing Debian's postgresql with apt-get..."
        log=$(mktemp "${TMPDIR:-/tmp}/with-postgres-apt.XXXXXX") || die "mktemp failed"
        if ! { DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=300 update &&
            DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=300 \
                install -y --no-install-recommends postgresql; } >"$log" 2>&1; then
            tail -n 20 "$log" >&2
            rm -f "$log"
            die "apt-get could not install postgresql"
        fi
        rm -f "$log"
        BINDIR=$(find_bindir) || die "postgresql installed but initdb/pg_ctl still not found"
    else
        die "PostgreSQL server not found (looked for initdb, pg_ctl, postgres in PATH and /usr/lib/postgresql/*/bin); install it (Debian: apt-get install postgresql) or run as root"
    fi
fi

# As root, the cluster belongs to the postgres user.
RUN_AS=""
if is_root; then
    RUN_AS=postgres
    if ! id postgres >/dev/null 2>&1; then
        say "creating system user postgres"
        if command -v useradd >/dev/null 2>&1; then
            if getent group postgres >/dev/null 2>&1; then grp="-g postgres"; else grp="-U"; fi
            # shellcheck disable=SC2086
            useradd --system $grp --home-dir /var/lib/postgresql --no-create-home \
                --shell /bin/sh postgres || die "useradd postgres failed"
        elif command -v adduser >/dev/null 2>&1; then
            adduser --system --group --home /var/lib/postgresql --no-create-home \
                --shell /bin/sh postgres || die "adduser postgres failed"
        else
            die "no postgres user and neither useradd nor adduser to create it"
        fi
    fi
    command -v runuser >/dev/null 2>&1 || command -v su >/dev/null 2>&1 ||
        die "need runuser or su to run PostgreSQL as the postgres user"
fi

# Quote arguments for `su -c`.
quote_args() {
    for a in "$@"; do
        printf " '%s'" "$(printf '%s' "$a" | sed "s/'/'\\\\''/g")"
    done
}

# Run a command as the cluster's owner (ourselves unless we are root), from the temp dir.
as_pg() {
    (
        cd "$TMPROOT" || exit 1
        if [ -z "$RUN_AS" ]; then
            "$@"
        elif command -v runuser >/dev/null 2>&1; then
            runuser -u "$RUN_AS" -- "$@"
        else
            su "$RUN_AS" -s /bin/sh -c "$(quote_args "$@")"
        fi
    )
}

TMPROOT=$(mktemp -d "${TMPDIR:-/tmp}/talekeeper-pg.XXXXXX") || die "mktemp -d failed"
DATA=$TMPROOT/data
LOG=$TMPROOT/server.log

cleanup() {
    if [ -f "$DATA/postmaster.pid" ]; then
        as_pg "$BINDIR/pg_ctl" -D "$DATA" -m fast -w -t 30 stop >/dev/null 2>&1 ||
            as_pg "$BINDIR/pg_ctl" -D "$DATA" -m immediate -w -t 10 stop >/dev/null 2>&1 || {
            pid=$(head -n 1 "$DATA/postmaster.pid" 2>/dev/null)
            case $pid in '' | *[!0-9]*) ;; *) kill -9 "$pid" 2>/dev/null ;; esac
        }
    fi
    rm -rf "$TMPROOT"
}
trap cleanup EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

if [ -n "$RUN_AS" ]; then
    chown "$RUN_AS" "$TMPROOT" || die "chown $RUN_AS $TMPROOT failed"
    as_pg test -w "$TMPROOT" ||
        die "$TMPROOT is not reachable by $RUN_AS (set TMPDIR to a world-traversable directory)"
fi

if ! as_pg "$BINDIR/initdb" -D "$DATA" -U postgres --auth=trust --no-locale -E UTF8 --no-sync \
    >"$TMPROOT/initdb.log" 2>&1; then
    cat "$TMPROOT/initdb.log" >&2
    die "initdb failed"
fi

# Loopback only, no passwords; a throwaway cluster needs no durability.
cat >"$DATA/pg_hba.conf" <<EOF
local all all trust
host  all all 127.0.0.1/32 trust
EOF
cat >>"$DATA/postgresql.conf" <<EOF

# with-postgres.sh
listen_addresses = '127.0.0.1'
unix_socket_directories = '$TMPROOT'
fsync = off
synchronous_commit = off
full_page_writes = off
EOF

port=$PORT_FIRST
tries=0
while :; do
    rm -f "$LOG"
    if as_pg "$BINDIR/pg_ctl" -D "$DATA" -l "$LOG" -o "-p $port" -w -t 60 start >/dev/null 2>&1; then
        break
    fi
    tries=$((tries + 1))
    if grep -q -e 'Address already in use' -e 'could not bind' -e 'could not create any TCP/IP sockets' \
        "$LOG" 2>/dev/null && [ "$tries" -lt "$PORT_TRIES" ]; then
        port=$((port + 1))
        continue
    fi
    cat "$LOG" >&2 2>/dev/null
    die "PostgreSQL did not start (last port tried: $port)"
done

# pg_ctl -w already waited for the server; confirm over TCP as the tests will connect.
PG_ISREADY=$BINDIR/pg_isready
[ -x "$PG_ISREADY" ] || PG_ISREADY=$(command -v pg_isready 2>/dev/null) || PG_ISREADY=true
i=0
until "$PG_ISREADY" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres 2>/dev/null; do
    i=$((i + 1))
    [ "$i" -lt 60 ] || die "PostgreSQL on 127.0.0.1:$port is not ready after 30 s"
    sleep 0.5
done

if [ -x "$BINDIR/createdb" ]; then
    "$BINDIR/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DBNAME"
else
    "$BINDIR/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "CREATE DATABASE $DBNAME"
fi || die "could not create database $DBNAME"

DATABASE_URL="postgres://postgres@127.0.0.1:$port/$DBNAME"
export DATABASE_URL
say "$("$BINDIR/postgres" --version) on 127.0.0.1:$port (data in $TMPROOT); running: $*"

"$@"
status=$?
exit "$status"
