#!/usr/bin/env bash
# Stands in for systemctl where no systemd runs (tests), for the units
# deploy/clearline-maintain drives: clearline.socket is systemd-socket-activate holding the port, and
# every service on it (clearline, run from $CLEARLINE_ROOT/current; clearline-handover@NAME, from
# releases/NAME) a process of a small supervisor that inherited the socket, with the settings of
# $CLEARLINE_ENV read at each start, started again when it exits (at most every 2 s, as
# RestartSec). State and each unit's output live in $EMULATOR_STATE; the socket listens on
# $EMULATOR_LISTEN (127.0.0.1:PORT). Without clearline.socket in $CLEARLINE_UNIT_DIR (a release
# from before the socket) the supervisor runs on its own and the site binds PORT itself.
set -euo pipefail
state=${EMULATOR_STATE:?}
listen=${EMULATOR_LISTEN:?}
mkdir -p "$state/want"

alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }
pid_of() { cat "$state/$1.pid" 2>/dev/null || true; }
holder_pid() { cat "$state/holder.pid" 2>/dev/null || true; }

# Up to 10 s (TimeoutStopSec), then SIGKILL.
wait_gone() {
  local pid=$1 tries=0
  while alive "$pid" && [ "$tries" -lt 100 ]; do
    sleep 0.1
    tries=$((tries + 1))
  done
  if alive "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
}

unit_name() {
  case $1 in
  *.service) echo "${1%.service}" ;;
  *) echo "$1" ;;
  esac
}

# The folder a service runs from, as its unit's WorkingDirectory says.
unit_dir() {
  case $1 in
  clearline) echo "$CLEARLINE_ROOT/current" ;;
  clearline-handover@*) echo "$CLEARLINE_ROOT/releases/${1#clearline-handover@}" ;;
  *) echo "systemctl emulator: no unit $1" >&2 && return 1 ;;
  esac
}

# Runs under systemd-socket-activate, the socket as fd 3: starts each wanted unit's process.
supervisor='declare -A earliest
while [ ! -e "$STATE/$STOP_FILE" ]; do
  for want in "$STATE"/want/*; do
    [ -e "$want" ] || continue
    unit=${want##*/}
    pid=$(cat "$STATE/$unit.pid" 2>/dev/null || true)
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then continue; fi
    [ "$SECONDS" -ge "${earliest[$unit]:-0}" ] || continue
    dir=$(cat "$want")
    : >"$STATE/$unit.journal"
    bash -c '\''set -a; . "$CLEARLINE_ENV"; set +a; cd "$1" && LISTEN_PID=$$ exec node server/index.ts'\'' _ "$dir" >>"$STATE/$unit.journal" 2>&1 &
    echo $! >"$STATE/$unit.pid"
    earliest[$unit]=$((SECONDS + 2))
  done
  sleep 0.05
done
wait'

start_socket() {
  alive "$(holder_pid)" && return 0
  rm -f "$state/socket-stopped"
  : >"$state/holder.log"
  setsid systemd-socket-activate -l "$listen" \
    -E "STATE=$state" -E "CLEARLINE_ENV=$CLEARLINE_ENV" -E "CLEARLINE_ROOT=$CLEARLINE_ROOT" \
    -E "PATH=$PATH" -E STOP_FILE=socket-stopped bash -c "$supervisor" >>"$state/holder.log" 2>&1 &
  local pid=$!
  echo "$pid" >"$state/holder.pid"
  local tries=0
  until grep -q "Listening on" "$state/holder.log"; do
    if ! alive "$pid" || [ "$tries" -gt 1000 ]; then
      echo "Failed to listen on $listen: $(cat "$state/holder.log")" >&2
      return 1
    fi
    # Finely: a port taken is seen at once, as systemd reports a failed bind.
    sleep 0.005
    tries=$((tries + 1))
  done
  # systemd-socket-activate runs the supervisor at the first connection.
  curl -s --max-time 0.3 -o /dev/null "http://$listen/readyz" || true
}

has_socket_unit() { [ -e "${CLEARLINE_UNIT_DIR:?}/clearline.socket" ]; }
plain_pid() { cat "$state/plain.pid" 2>/dev/null || true; }

# The supervisor without a socket, for a release that listens on its port itself.
start_plain() {
  alive "$(plain_pid)" && return 0
  rm -f "$state/plain-stopped"
  STATE=$state STOP_FILE=plain-stopped setsid bash -c "$supervisor" >>"$state/plain.log" 2>&1 &
  echo $! >"$state/plain.pid"
}

# Once no service is wanted, the supervisor without a socket goes too.
stop_plain_when_idle() {
  local want
  for want in "$state"/want/*; do [ -e "$want" ] && return 0; done
  touch "$state/plain-stopped"
}

# Returns once the unit's process runs (Type=simple), other than the one named in $2.
wait_started() {
  local tries=0
  until alive "$(pid_of "$1")" && [ "$(pid_of "$1")" != "${2:-}" ]; do
    [ "$tries" -lt 300 ] || return 1
    sleep 0.05
    tries=$((tries + 1))
  done
}

start_service() {
  unit_dir "$1" >"$state/want/$1"
  if has_socket_unit; then start_socket; else start_plain; fi
  alive "$(pid_of "$1")" || wait_started "$1"
}

# With --no-block ($2), returns once the process was told to stop, as systemd queues the job.
stop_service() {
  rm -f "$state/want/$1"
  stop_plain_when_idle
  local pid
  pid=$(pid_of "$1")
  if alive "$pid"; then
    kill -TERM "$pid"
    [ -n "${2:-}" ] || wait_gone "$pid"
  fi
}

stop_socket() {
  touch "$state/socket-stopped"
  for want in "$state"/want/*; do
    [ -e "$want" ] && stop_service "${want##*/}"
  done
  local pid
  pid=$(holder_pid)
  if alive "$pid"; then
    kill -TERM "$pid" 2>/dev/null || true
    wait_gone "$pid"
  fi
}

restart_service() {
  local old
  old=$(pid_of "$1")
  unit_dir "$1" >"$state/want/$1"
  if has_socket_unit; then start_socket; else start_plain; fi
  if alive "$old"; then
    kill -TERM "$old"
    wait_gone "$old"
  fi
  wait_started "$1" "$old"
}

command=${1:-}
shift || true
units=()
no_block=""
for arg in "$@"; do
  case $arg in
  --no-block) no_block=yes ;;
  -* | MainPID) ;;
  *) units+=("$(unit_name "$arg")") ;;
  esac
done
case $command in
daemon-reload | enable | disable | reset-failed) ;;
show)
  pid=$(pid_of "${units[0]}")
  if alive "$pid"; then echo "$pid"; else echo 0; fi
  ;;
stop)
  for unit in "${units[@]}"; do
    case $unit in
    clearline.socket) stop_socket ;;
    *) stop_service "$unit" "$no_block" ;;
    esac
  done
  ;;
start)
  for unit in "${units[@]}"; do
    case $unit in
    clearline.socket) start_socket ;;
    *) start_service "$unit" ;;
    esac
  done
  ;;
restart) restart_service "${units[0]}" ;;
*)
  echo "systemctl emulator: $command is not emulated" >&2
  exit 1
  ;;
esac
