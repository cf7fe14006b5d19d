#!/bin/bash
# usage: pagebytes.sh DIST PORT  -> starts server on DIST with /tmp/bench-data, prints per page scripts and bytes
DIST=$1; PORT=$2
cd /work/main
NODE_ENV=production LOG_LEVEL=warn HOST=127.0.0.1 PORT=$PORT PUBLIC_URL=http://127.0.0.1:$PORT WEB_DIST=$DIST DATA_DIR=/tmp/bench-data node --import tsx apps/server/src/server.ts > /tmp/srv-$PORT.log 2>&1 &
PID=$!
for i in $(seq 60); do curl -sf http://127.0.0.1:$PORT/api/health >/dev/null && break; sleep 0.5; done
J=$(curl -s http://127.0.0.1:$PORT/jobs | grep -oE '/jobs/[0-9a-f-]{36}' | head -1)
C=$(curl -s http://127.0.0.1:$PORT/jobs | grep -oE '/companies/[a-z0-9-]+' | head -1)
for u in / /jobs $J $C /ads /login /signup /consultants; do
  html=$(curl -s -H 'accept-encoding: br' http://127.0.0.1:$PORT$u | wc -c)
  js=0; n=0
  for s in $(curl -s http://127.0.0.1:$PORT$u | grep -oE '/assets/[^"]+\.js' | sort -u); do b=$(curl -s -H 'accept-encoding: br' http://127.0.0.1:$PORT$s | wc -c); js=$((js+b)); n=$((n+1)); done
  printf "%-50s html %6d  js %6d in %2d files  total %6d (+%d reqs)\n" "$u" $html $js $n $((html+js)) $((n+1))
done
kill $PID
