#!/usr/bin/env bash
# Validates every Amazon States Language file under statemachine/ with the npm package asl-validator.
# DefinitionSubstitutions (${Name}) are replaced by a syntactically valid placeholder ARN first, because the
# validator checks Resource ARNs and the real values only exist after deployment.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
if [ ! -x "$here/node_modules/.bin/asl-validator" ]; then
  (cd "$here" && npm ci --silent --no-audit --no-fund >/dev/null 2>&1 || npm install --silent --no-audit --no-fund >/dev/null)
fi
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
status=0
for f in "$root"/statemachine/*.asl.json; do
  name="$(basename "$f")"
  sed -E 's/\$\{([A-Za-z0-9]+)\}/arn:aws:lambda:us-east-1:123456789012:function:\1/g' "$f" > "$tmp/$name"
  if ! "$here/node_modules/.bin/asl-validator" --json-path "$tmp/$name"; then status=1; fi
done
exit $status
