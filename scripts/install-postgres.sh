#!/usr/bin/env bash
# Installs a PostgreSQL server (Debian's packages) when none is there: the
# demo's tests start a throwaway cluster from /usr/lib/postgresql/*/bin and
# fail, never skip, without one. Idempotent; quiet when a server is there.
# Only the binaries are needed: Debian's package starts its own cluster on
# install, which the tests never use, so it is stopped where it can be.
set -euo pipefail
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
    exit 0
fi
echo "install-postgres: installing PostgreSQL" >&2
apt-get update -qq
# Debian 12's server is postgresql-15; elsewhere the `postgresql` metapackage.
if apt-cache show postgresql-15 >/dev/null 2>&1; then
    package=postgresql-15
else
    package=postgresql
fi
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
if command -v pg_ctlcluster >/dev/null 2>&1; then
    for conf in /etc/postgresql/*/*/postgresql.conf; do
        [ -f "$conf" ] || continue
        version=$(basename "$(dirname "$(dirname "$conf")")")
        cluster=$(basename "$(dirname "$conf")")
        pg_ctlcluster "$version" "$cluster" stop >/dev/null 2>&1 || true
    done
fi
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || {
    echo "install-postgres: no initdb under /usr/lib/postgresql/*/bin after installing $package" >&2
    exit 1
}
