#!/usr/bin/env bash
# Stands in for systemctl where no systemd runs (tests), for the two units clearline-maintain drives:
# clearline.socket is systemd-socket-activate holding the port; clearline is the site run from
# $CLEARLINE_ROOT/current with the settings of $CLEARLINE_ENV read at each start, on that socket,
# started again when it exits (as a restart, Restart=on-failure and socket activation do).
# State lives in $EMULATOR_STATE; the socket listens on $EMULATOR_LISTEN (127.0.0.1:PORT).
set -euo pipefail
state=${EMULATOR_STATE:?}
listen=${EMULATOR_LISTEN:?}

alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }
main_pid() { cat "$state/main.pid" 2>/dev/null || true; }
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

stop_service() {
  touch "$state/service-stopped"
  local pid
  pid=$(main_pid)
  if alive "$pid"; then
    kill -TERM "$pid"
    wait_gone "$pid"
  fi
}

stop_socket() {
  touch "$state/socket-stopped"
  stop_service
  local pid
  pid=$(holder_pid)
  if alive "$pid"; then
    kill -TERM "$pid" 2>/dev/null || true
    wait_gone "$pid"
  fi
}

# The loop systemd-socket-activate runs once the first connection comes: each start reads the
# settings again and runs from the folder current points at then; LISTEN_PID names the site.
loop='while [ ! -e "$STATE/socket-stopped" ]; do
  if [ -e "$STATE/service-stopped" ]; then sleep 0.05; continue; fi
  code=0
  bash -c '\''echo $$ > "$STATE/main.pid"; set -a; . "$CLEARLINE_ENV"; set +a; cd "$CLEARLINE_ROOT/current" && LISTEN_PID=$$ exec node server/index.ts'\'' >>"$STATE/journal.log" 2>&1 || code=$?
  if [ "$code" -ne 0 ] && [ ! -e "$STATE/service-stopped" ]; then sleep 2; fi
done'

start_socket() {
  alive "$(holder_pid)" && return 0
  rm -f "$state/socket-stopped"
  : >"$state/holder.log"
  setsid systemd-socket-activate -l "$listen" \
    -E "STATE=$state" -E "CLEARLINE_ENV=$CLEARLINE_ENV" -E "CLEARLINE_ROOT=$CLEARLINE_ROOT" \
    -E "PATH=$PATH" bash -c "$loop" >>"$state/holder.log" 2>&1 &
  local pid=$!
  echo "$pid" >"$state/holder.pid"
  local tries=0
  until grep -q "Listening on" "$state/holder.log"; do
    if ! alive "$pid" || [ "$tries" -gt 100 ]; then
      echo "Failed to listen on $listen: $(cat "$state/holder.log")" >&2
      return 1
    fi
    sleep 0.05
    tries=$((tries + 1))
  done
}

start_service() {
  rm -f "$state/service-stopped"
  start_socket
  local pid
  pid=$(main_pid)
  alive "$pid" && return 0
  # The first connection makes systemd-socket-activate run the loop (systemd starts it at once).
  curl -s --max-time 1 -o /dev/null "http://$listen/readyz" || true
  local tries=0
  until alive "$(main_pid)"; do
    [ "$tries" -lt 300 ] || return 1
    sleep 0.1
    tries=$((tries + 1))
  done
}

restart_service() {
  local old
  old=$(main_pid)
  if ! alive "$old"; then
    start_service
    return
  fi
  rm -f "$state/service-stopped"
  kill -TERM "$old"
  wait_gone "$old"
  local tries=0
  until [ "$(main_pid)" != "$old" ] && alive "$(main_pid)"; do
    [ "$tries" -lt 300 ] || return 1
    sleep 0.05
    tries=$((tries + 1))
  done
}

command=${1:-}
shift || true
units=()
for arg in "$@"; do
  case $arg in -* | MainPID) ;; *) units+=("$arg") ;; esac
done
case $command in
daemon-reload | enable | disable) ;;
show)
  pid=$(main_pid)
  if alive "$pid"; then echo "$pid"; else echo 0; fi
  ;;
stop)
  for unit in "${units[@]}"; do
    case $unit in
    clearline.socket) stop_socket ;;
    clearline | clearline.service) stop_service ;;
    esac
  done
  ;;
start)
  for unit in "${units[@]}"; do
    case $unit in
    clearline.socket) start_socket ;;
    clearline | clearline.service) start_service ;;
    esac
  done
  ;;
restart) restart_service ;;
*)
  echo "systemctl emulator: $command is not emulated" >&2
  exit 1
  ;;
esac
