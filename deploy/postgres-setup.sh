#!/usr/bin/env bash
# Creates the site's PostgreSQL role and database with least privilege, and prints the
# DATABASE_URL to put in /etc/clearline/env. Run on the database server as its superuser:
#   sudo -u postgres bash deploy/postgres-setup.sh
# Settings (environment): DB_NAME and DB_USER (default clearline), DB_PASSWORD (default: a new
# random one), DB_HOST and DB_PORT for the printed URL (default 127.0.0.1:5432). psql connects as
# usual (PGHOST, PGPORT, PGUSER). Running it again keeps the data and sets the password anew.
#
# The role can log in and nothing else: no superuser, no new databases or roles, no replication.
# It owns its database and the schema the site's migrations create tables in (they run at each
# start), and no other role may connect to that database.
set -euo pipefail

db_name=${DB_NAME:-clearline}
db_user=${DB_USER:-clearline}
db_password=${DB_PASSWORD:-$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')}
db_host=${DB_HOST:-127.0.0.1}
db_port=${DB_PORT:-5432}
if [[ ! $db_password =~ ^[A-Za-z0-9._~-]+$ ]]; then
  echo "DB_PASSWORD: use letters, digits and . _ ~ - only (it goes into a URL as it is)" >&2
  exit 1
fi

psql --quiet --no-psqlrc --set ON_ERROR_STOP=1 --dbname postgres \
  --set name="$db_name" --set user="$db_user" --set password="$db_password" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', :'user')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'user') \gexec
SELECT format('ALTER ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD %L',
  :'user', :'password') \gexec
SELECT format('CREATE DATABASE %I OWNER %I ENCODING %L TEMPLATE template0', :'name', :'user', 'UTF8')
  WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'name') \gexec
SELECT format('REVOKE ALL ON DATABASE %I FROM PUBLIC', :'name') \gexec
SELECT format('GRANT CONNECT, TEMPORARY ON DATABASE %I TO %I', :'name', :'user') \gexec
SQL

# Inside the database: the site's role owns the public schema (PostgreSQL 14 and older let every
# role create tables there), and nobody else may create objects in it.
psql --quiet --no-psqlrc --set ON_ERROR_STOP=1 --dbname "$db_name" --set user="$db_user" <<'SQL'
SELECT format('ALTER SCHEMA public OWNER TO %I', :'user') \gexec
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
SQL

echo "DATABASE_URL=postgres://${db_user}:${db_password}@${db_host}:${db_port}/${db_name}"
