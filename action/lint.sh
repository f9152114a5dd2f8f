#!/usr/bin/env bash
# The action's second step: lints INPUT_PATHS in $GITHUB_WORKSPACE with
# `--format github` (annotations), then writes the findings per code to
# $GITHUB_STEP_SUMMARY as Markdown, and their number to $GITHUB_OUTPUT.
# On a pull request (PULL_REQUEST_BASE set) only the lines it changes are
# judged, unless INPUT_CHANGED_SINCE says otherwise (`none`: all lines).
# Exits as `rfc1738 lint` does: 0 clean, 1 findings, 2 error.
set -uo pipefail
cd "${GITHUB_WORKSPACE:?GITHUB_WORKSPACE is not set}"

read -r -a paths <<< "${INPUT_PATHS:-.}"
read -r -a extra <<< "${INPUT_ARGS:-}"
[ "${#paths[@]}" -gt 0 ] || paths=(.)

since="${INPUT_CHANGED_SINCE:-}"
[ -n "$since" ] || since="${PULL_REQUEST_BASE:-}"
changed=()
if [ -n "$since" ] && [ "$since" != "none" ]; then
    # A shallow checkout may not hold the base commit: fetch it.
    if ! git cat-file -e "$since^{commit}" 2>/dev/null; then
        git fetch --quiet --no-tags --depth=1 origin "$since" || true
    fi
    changed=(--changed-since "$since")
fi

status=0
rfc1738 lint --format github "${changed[@]}" "${extra[@]}" "${paths[@]}" || status=$?

statistics="$(rfc1738 lint --statistics --exit-zero "${changed[@]}" "${extra[@]}" "${paths[@]}" 2>/dev/null)"
findings="$(printf '%s\n' "$statistics" | awk '$2 ~ /^U[0-9]+$/ { total += $1 } END { print total + 0 }')"
{
    echo "### rfc1738: URLs by RFC 1738"
    echo
    if [ -n "${changed[*]}" ]; then
        echo "Lines changed since \`$since\`, in \`${paths[*]}\`."
    else
        echo "All lines of \`${paths[*]}\`."
    fi
    echo
    if [ "$findings" -eq 0 ]; then
        echo "No finding."
    else
        echo "| code | name | findings |"
        echo "| --- | --- | ---: |"
        printf '%s\n' "$statistics" | awk '$2 ~ /^U[0-9]+$/ { printf "| %s | %s | %s |\n", $2, $3, $1 }'
        echo
        echo "$findings findings in all; \`rfc1738 explain CODE\` says what a code means."
    fi
} >> "${GITHUB_STEP_SUMMARY:-/dev/null}"
echo "findings=$findings" >> "${GITHUB_OUTPUT:-/dev/null}"
exit "$status"
