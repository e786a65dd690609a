#!/usr/bin/env bash
# (A copy of the team's shared benchmark, kept here so `npm run bench` works on a fresh clone.)
# Throughput of the product's pages against nginx serving the very same bytes as static files,
# on this machine, in one run, alternating A B A B. Run from the product's git checkout:
#   bash <path-to-bench>/throughput.sh [--gzip] [PATH ...]     (default paths: / /services /blog)
# --gzip: both are asked with Accept-Encoding: gzip, and nginx serves (gzip_static) the very
# compressed bytes the product sent.
# Prints one row per path and server, then "home share of nginx: N%" and "min share of nginx: N%".
# Needs nginx and wrk (Debian packages nginx-light, wrk).
set -uo pipefail
SRC="$PWD"
GZIP=0; [ "${1:-}" = "--gzip" ] && { GZIP=1; shift; }
PATHS=("$@"); [ ${#PATHS[@]} -gt 0 ] || PATHS=(/ /services /blog)
HASH=$(git -C "$SRC" rev-parse --verify --quiet HEAD) || { echo "not a git checkout"; exit 2; }
TMP_BASE=$(dirname "$(mktemp -u)")
CLONE="$TMP_BASE/bench-clone-${HASH:0:12}"
if [ ! -f "$CLONE.ok" ]; then
  rm -rf "$CLONE"; git clone --quiet "$SRC" "$CLONE" && git -C "$CLONE" checkout --quiet --detach "$HASH" && touch "$CLONE.ok"
fi
RUN=$(mktemp -d "$TMP_BASE/bench-XXXXXX")
free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
P1=$(free_port); P2=$(free_port)
cleanup() {
  [ -s "$RUN/server.pgid" ] && kill -TERM -- "-$(cat "$RUN/server.pgid")" 2>/dev/null
  [ -s "$RUN/nginx.pid" ] && kill "$(cat "$RUN/nginx.pid")" 2>/dev/null
}
trap cleanup EXIT
(
  cd "$CLONE" && export PORT=$P1 HOST=127.0.0.1 DATABASE_URL="file:$RUN/site.db" SITE_URL="http://127.0.0.1:$P1" \
    ADMIN_EMAIL=admin@bench.example ADMIN_PASSWORD="Bench-$(date +%s%N)" LOG_LEVEL=warn NODE_ENV=production
  exec setsid bash -c 'echo $$ > "$1"; exec npm start' _ "$RUN/server.pgid"
) >"$RUN/server.log" 2>&1 </dev/null &
for _ in $(seq 1 600); do curl -fsS -o /dev/null "http://127.0.0.1:$P1/" 2>/dev/null && break; sleep 1; done
curl -fsS -o /dev/null "http://127.0.0.1:$P1/" || { tail -20 "$RUN/server.log"; echo "the product never answered"; exit 1; }
mkdir -p "$RUN/www"
for p in "${PATHS[@]}"; do
  f="$RUN/www${p%/}/index.html"; mkdir -p "$(dirname "$f")"
  curl -fsS "http://127.0.0.1:$P1$p" -o "$f" || echo "GET $p failed"
  if [ "$GZIP" = 1 ]; then
    curl -fsS -H 'Accept-Encoding: gzip' -D "$f.headers" "http://127.0.0.1:$P1$p" -o "$f.gz" || echo "GET $p (gzip) failed"
    grep -qi '^content-encoding: *gzip' "$f.headers" || echo "$p: the product did not gzip its answer"
  fi
done
GZIP_STATIC=off; [ "$GZIP" = 1 ] && GZIP_STATIC=on
cat >"$RUN/nginx.conf" <<CONF
worker_processes 2; pid $RUN/nginx.pid; error_log $RUN/nginx-error.log; daemon on;
events { worker_connections 1024; }
http { access_log off; gzip off; gzip_static $GZIP_STATIC; server { listen 127.0.0.1:$P2; root $RUN/www; location / { try_files \$uri \$uri/index.html =404; } } }
CONF
nginx -c "$RUN/nginx.conf" || { echo "nginx did not start"; exit 1; }
sleep 0.5
HDR=(); [ "$GZIP" = 1 ] && HDR=(-H 'Accept-Encoding: gzip')
rate() { wrk -t2 -c50 -d"${BENCH_SECONDS:-8}"s --latency "${HDR[@]}" "$1" 2>/dev/null | awk '/Requests\/sec/{r=$2} / 99%/{p=$2} END{printf "%s %s", r, p}'; }
home_share=""; min_share=""; max_p99=0
to_ms() { awk -v v="$1" 'BEGIN{ if (v ~ /us$/) printf "%.3f", v/1000; else if (v ~ /ms$/) printf "%.3f", v+0; else if (v ~ /s$/) printf "%.3f", v*1000; else print 999999 }'; }
for p in "${PATHS[@]}"; do
  best_a=0; best_b=0
  for round in 1 2; do
    read -r a ap < <(rate "http://127.0.0.1:$P1$p")
    read -r b bp < <(rate "http://127.0.0.1:$P2$p")
    printf '%-12s round %s  product %10s req/s p99 %-8s  nginx %10s req/s p99 %s\n' "$p" "$round" "$a" "$ap" "$b" "$bp"
    max_p99=$(awk -v x="$(to_ms "$ap")" -v m="$max_p99" 'BEGIN{print (x+0>m+0)?x:m}')
    best_a=$(awk -v x="$a" -v y="$best_a" 'BEGIN{print (x>y)?x:y}'); best_b=$(awk -v x="$b" -v y="$best_b" 'BEGIN{print (x>y)?x:y}')
  done
  share=$(awk -v a="$best_a" -v b="$best_b" 'BEGIN{ if (b>0) printf "%.1f", 100*a/b; else print "n/a" }')
  echo "$p share of nginx: $share%"
  [ "$p" = "/" ] && home_share=$share
  min_share=$(awk -v a="$share" -v m="$min_share" 'BEGIN{ if (m=="" || a+0<m+0) print a; else print m }')
done
echo "home share of nginx: ${home_share:-n/a}%"
echo "min share of nginx: ${min_share:-n/a}%"
echo "max product p99: ${max_p99} ms"
