# Sourced by the steps that install from a local release (60-action,
# 80-release): a scratch folder, $work, removed on exit, and `serve DIR`,
# which starts release/serve.py on 127.0.0.1 for DIR (stopping the one
# before) and sets $url. The step's own `trap ... EXIT` would replace this
# one, so a step that needs more on exit extends `cleanup`.
work="$(mktemp -d)"
server=""
cleanup() {
    [ -z "$server" ] || kill "$server" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

serve() { # DIR
    [ -z "$server" ] || kill "$server" 2>/dev/null || true
    rm -f "$work/port"
    python3 release/serve.py "$1" "$work/port" 2>>"$work/server.log" &
    server=$!
    for _ in $(seq 100); do
        [ -s "$work/port" ] && break
        kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; echo "the static server died" >&2; exit 1; }
        sleep 0.1
    done
    [ -s "$work/port" ] || { echo "the static server did not start in 10 s" >&2; exit 1; }
    url="http://127.0.0.1:$(cat "$work/port")"
}
