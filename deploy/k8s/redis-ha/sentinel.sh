#!/bin/sh
# A Sentinel of a Redis group (redis-server --sentinel). Its configuration file, which it
# rewrites as it learns the group, lives in REDIS_HA_SENTINEL_DIR; a Sentinel that restarts
# keeps it. On a first start it watches the primary the other Sentinels name, else the first
# of REDIS_HA_PEERS. Its own arguments go to redis-server (a --bind, say).
#   REDIS_HA_SERVICE            the group's name (the URL's service name)
#   REDIS_HA_ME                 this Sentinel's host name, as the others and the clients reach it
#   REDIS_HA_PEERS              the data servers' host names, the first primary first
#   REDIS_HA_SENTINELS          the Sentinels, host:port each
#   REDIS_HA_SENTINEL_PASSWORD  the password of the "sentinel" user on the data servers
#   REDIS_HA_SENTINEL_DIR       a writable folder for the configuration file
#   REDIS_HA_QUORUM (2), REDIS_HA_DOWN_AFTER_MS (5000), REDIS_HA_FAILOVER_TIMEOUT_MS (60000)
set -eu
: "${REDIS_HA_SERVICE:?}" "${REDIS_HA_ME:?}" "${REDIS_HA_PEERS:?}" "${REDIS_HA_SENTINELS:?}"
: "${REDIS_HA_SENTINEL_PASSWORD:?}" "${REDIS_HA_SENTINEL_DIR:?}"
port="${REDIS_HA_SENTINEL_PORT:-26379}"
data_port="${REDIS_HA_PORT:-6379}"
conf="$REDIS_HA_SENTINEL_DIR/sentinel.conf"

if [ ! -s "$conf" ]; then
    primary=""
    for sentinel in $REDIS_HA_SENTINELS; do
        if [ "${sentinel%:*}" = "$REDIS_HA_ME" ]; then
            continue
        fi
        primary=$(redis-cli -h "${sentinel%:*}" -p "${sentinel##*:}" --raw \
            SENTINEL get-master-addr-by-name "$REDIS_HA_SERVICE" 2>/dev/null | head -n 1) \
            || primary=""
        if [ -n "$primary" ]; then
            break
        fi
    done
    if [ -z "$primary" ]; then
        for peer in $REDIS_HA_PEERS; do
            primary=$peer
            break
        done
    fi
    mkdir -p "$REDIS_HA_SENTINEL_DIR"
    cat >"$conf" <<CONF
port $port
protected-mode no
sentinel resolve-hostnames yes
sentinel announce-hostnames yes
sentinel announce-ip $REDIS_HA_ME
sentinel announce-port $port
sentinel monitor $REDIS_HA_SERVICE $primary $data_port ${REDIS_HA_QUORUM:-2}
sentinel down-after-milliseconds $REDIS_HA_SERVICE ${REDIS_HA_DOWN_AFTER_MS:-5000}
sentinel failover-timeout $REDIS_HA_SERVICE ${REDIS_HA_FAILOVER_TIMEOUT_MS:-60000}
sentinel parallel-syncs $REDIS_HA_SERVICE 1
sentinel auth-user $REDIS_HA_SERVICE sentinel
sentinel auth-pass $REDIS_HA_SERVICE $REDIS_HA_SENTINEL_PASSWORD
CONF
fi
exec redis-server "$conf" --sentinel "$@"
