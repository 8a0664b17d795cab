#!/bin/sh
# A data server of a Redis group watched by Sentinels. It asks them which server is the primary
# and follows it; with no answer (the group's first start) the first of REDIS_HA_PEERS is the
# primary. A server the Sentinels still name as the primary has just restarted, maybe from an
# older copy than a replica's: it asks them to fail over first, then follows the new primary.
# Its own arguments go to redis-server (users, memory, persistence; a leading "redis-server" is
# dropped, so that it can wrap an image's command). The ACL, not protected mode, keeps strangers
# out: a user without a password may only PING.
#   REDIS_HA_SERVICE           the group's name at the Sentinels (the URL's service name)
#   REDIS_HA_ME                this server's host name, as the others and the clients reach it
#   REDIS_HA_PEERS             the data servers' host names, the first primary first
#   REDIS_HA_SENTINELS         the Sentinels, host:port each
#   REDIS_HA_REPLICA_PASSWORD  the password of the "replica" user, replication between servers
#   REDIS_HA_GROUP_USERS       "yes": declare the "replica" and "sentinel" users on the command
#                              line (with REDIS_HA_SENTINEL_PASSWORD), where no ACL file does
set -eu
if [ "${1:-}" = "redis-server" ]; then
    shift
fi
: "${REDIS_HA_SERVICE:?}" "${REDIS_HA_ME:?}" "${REDIS_HA_PEERS:?}" "${REDIS_HA_SENTINELS:?}"
: "${REDIS_HA_REPLICA_PASSWORD:?}"
port="${REDIS_HA_PORT:-6379}"

ask_sentinels() {
    for sentinel in $REDIS_HA_SENTINELS; do
        answer=$(redis-cli -h "${sentinel%:*}" -p "${sentinel##*:}" --raw \
            SENTINEL get-master-addr-by-name "$REDIS_HA_SERVICE" 2>/dev/null | head -n 1) \
            || answer=""
        if [ -n "$answer" ]; then
            echo "$answer"
            return 0
        fi
    done
}

primary=$(ask_sentinels)
if [ "$primary" = "$REDIS_HA_ME" ]; then
    echo "the Sentinels name this server the primary: asking them to fail over first"
    tries=0
    while [ "$primary" = "$REDIS_HA_ME" ] && [ "$tries" -lt 60 ]; do
        for sentinel in $REDIS_HA_SENTINELS; do
            redis-cli -h "${sentinel%:*}" -p "${sentinel##*:}" \
                SENTINEL failover "$REDIS_HA_SERVICE" >/dev/null 2>&1 || true
        done
        sleep 1
        tries=$((tries + 1))
        primary=$(ask_sentinels)
    done
fi
if [ -z "$primary" ]; then
    for peer in $REDIS_HA_PEERS; do
        primary=$peer
        break
    done
fi

echo "primary: $primary"
if [ "$primary" != "$REDIS_HA_ME" ]; then
    set -- "$@" --replicaof "$primary" "$port"
fi
if [ "${REDIS_HA_GROUP_USERS:-}" = "yes" ]; then
    # The rules of deploy/redis_secret.py's REPLICA_USER_RULES and SENTINEL_USER_RULES.
    set -- "$@" \
        --user replica on ">$REDIS_HA_REPLICA_PASSWORD" resetchannels -@all \
        +psync +replconf +ping \
        --user sentinel on ">${REDIS_HA_SENTINEL_PASSWORD:?}" allchannels -@all \
        +multi +slaveof +ping +exec +subscribe +config\|rewrite +role +publish +info \
        +client\|setname +client\|kill +script\|kill
fi
exec redis-server "$@" --port "$port" --protected-mode no \
    --replica-announce-ip "$REDIS_HA_ME" \
    --masteruser replica --masterauth "$REDIS_HA_REPLICA_PASSWORD"
