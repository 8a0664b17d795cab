#!/bin/sh
# A data server of a Redis group watched by Sentinels. It asks them which server is the primary
# and follows it (the one named under the latest configuration epoch); with no answer (the
# group's first start) the first of REDIS_HA_PEERS is the primary. A server the Sentinels still
# name as the primary has just restarted, maybe from an older copy than a replica's: it waits for
# them to promote a replica, then follows it.
# Its own arguments go to redis-server (users, memory, persistence; a leading "redis-server" is
# dropped, so that it can wrap an image's command). The ACL, not protected mode, keeps strangers
# out.
#   REDIS_HA_SERVICE           the group's name at the Sentinels (the URL's service name)
#   REDIS_HA_ME                this server's host name, as the others and the clients reach it
#   REDIS_HA_PEERS             the data servers' host names, the first primary first
#   REDIS_HA_SENTINELS         the Sentinels, host:port each
#   REDIS_HA_REPLICA_PASSWORD  the password of the "replica" user, replication between servers
#   REDIS_HA_GROUP_USERS       "yes": declare the "replica" and "sentinel" users on the command
#                              line (with REDIS_HA_SENTINEL_PASSWORD), where no ACL file does
#   REDIS_HA_WAIT_S (60)       the longest a server the Sentinels still name waits for them
#   REDIS_HA_DATA (/data)      a folder kept across restarts of the server (its data folder),
#                              where it marks that it has started
set -eu
if [ "${1:-}" = "redis-server" ]; then
    shift
fi
: "${REDIS_HA_SERVICE:?}" "${REDIS_HA_ME:?}" "${REDIS_HA_PEERS:?}" "${REDIS_HA_SENTINELS:?}"
: "${REDIS_HA_REPLICA_PASSWORD:?}"
port="${REDIS_HA_PORT:-6379}"

# The primary the Sentinels name, by the latest configuration among those that answer: a
# Sentinel that has not yet heard of a failover names the old primary under an older epoch, and
# the one leading it names the old primary under the new epoch until the promotion is done, so
# that of two answers under one epoch, the one naming another server than this one is newer.
ask_sentinels() {
    best=""
    best_epoch=-1
    for sentinel in $REDIS_HA_SENTINELS; do
        state=$(redis-cli -h "${sentinel%:*}" -p "${sentinel##*:}" --raw \
            SENTINEL master "$REDIS_HA_SERVICE" 2>/dev/null) || continue
        host=$(echo "$state" | sed -n '/^ip$/{n;p;q}')
        epoch=$(echo "$state" | sed -n '/^config-epoch$/{n;p;q}')
        if [ -z "$host" ] || [ -z "$epoch" ]; then
            continue
        fi
        if [ "$epoch" -gt "$best_epoch" ] \
            || { [ "$epoch" -eq "$best_epoch" ] && [ "$best" = "$REDIS_HA_ME" ]; }; then
            best=$host
            best_epoch=$epoch
        fi
    done
    echo "$best"
}

# A server that has started before (its mark in its data folder) and that the Sentinels still
# name has just restarted; on the group's first start they name the first peer, which serves.
mark="${REDIS_HA_DATA:-/data}/.redis-ha-started"
primary=$(ask_sentinels)
if [ "$primary" = "$REDIS_HA_ME" ] && [ -e "$mark" ]; then
    # Not serving meanwhile, this server is down to the Sentinels: they promote a replica
    # (which holds every write a replica acknowledged) once they agree, and it follows that one.
    # Should none be promoted (no replica is up), it serves its own copy after REDIS_HA_WAIT_S.
    echo "the Sentinels name this server the primary: waiting for them to promote a replica"
    waited=0
    while [ "$primary" = "$REDIS_HA_ME" ] && [ "$waited" -lt "${REDIS_HA_WAIT_S:-60}" ]; do
        sleep 1
        waited=$((waited + 1))
        primary=$(ask_sentinels)
    done
fi
if [ -z "$primary" ]; then
    for peer in $REDIS_HA_PEERS; do
        primary=$peer
        break
    done
fi

mkdir -p "${mark%/*}" 2>/dev/null && touch "$mark" 2>/dev/null \
    || echo "no mark of this start in ${mark%/*}: a restart will be taken for a first start"
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
