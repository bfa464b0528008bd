#!/usr/bin/env bash
# Builds and runs the eddy-server image (tools/docker/Dockerfile) as a user
# would, and checks it:
#   1. `docker build` from a clean export of HEAD (git archive: only tracked
#      files, so the context is the repository, not its build trees);
#   2. `docker run -p PORT:8000` starts; the HEALTHCHECK turns healthy;
#   3. the AWS CLI creates a table, puts and gets an item through the port;
#   4. the server runs as the unprivileged user `eddy`;
#   5. eddy's control operations are refused from outside the container
#      (AccessDeniedException) without --allow-remote-control;
#   6. `docker stop` (SIGTERM) ends it with exit code 0.
# Needs a running Docker engine and the base images debian:bookworm and
# debian:bookworm-slim (pulled, or made locally with debootstrap: README.md,
# "Running eddy-server from a package / Docker").
# Not run by CI (CI machines have no Docker engine); run it by hand after
# changing the Dockerfile or the package.
#
#   tools/docker_check.sh [PORT]     # default 8765
#   EDDY_DOCKER_IMAGE=eddy-check tools/docker_check.sh   # checks a built image
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-8765}
image=${EDDY_DOCKER_IMAGE:-eddy-check}
name=eddy-check-$$
cleanup() { docker rm -f "$name" >/dev/null 2>&1 || true; }
trap cleanup EXIT
fail() {
  echo "docker_check: $*" >&2
  docker logs "$name" 2>&1 | tail -20 >&2 || true
  exit 1
}
if [ -z "${EDDY_DOCKER_IMAGE:-}" ]; then
  t0=$(date +%s)
  echo "-- docker build (context: git archive HEAD)"
  git archive HEAD | docker build -q -f tools/docker/Dockerfile -t "$image" - >/dev/null
  echo "   built in $(( $(date +%s) - t0 )) s"
fi
echo "   image $image: $(docker image inspect -f '{{.Size}}' "$image" | awk '{printf "%.0f MB", $1/1e6}')"

echo "-- docker run"
docker run -d --name "$name" -p "127.0.0.1:$port:8000" "$image" >/dev/null
for _ in $(seq 1 60); do
  health=$(docker inspect -f '{{.State.Health.Status}}' "$name")
  [ "$health" = healthy ] && break
  [ "$(docker inspect -f '{{.State.Running}}' "$name")" = true ] || fail "the container stopped"
  sleep 1
done
[ "$health" = healthy ] || fail "not healthy after 60 s ($health)"
echo "   healthy"

echo "-- AWS CLI through the port"
export AWS_ACCESS_KEY_ID=AKIDDOCKER AWS_SECRET_ACCESS_KEY=secret AWS_DEFAULT_REGION=us-east-1
ep=(--endpoint-url "http://127.0.0.1:$port")
aws dynamodb create-table "${ep[@]}" --table-name dock \
  --attribute-definitions AttributeName=pk,AttributeType=S \
  --key-schema AttributeName=pk,KeyType=HASH --billing-mode PAY_PER_REQUEST >/dev/null
aws dynamodb put-item "${ep[@]}" --table-name dock --item '{"pk":{"S":"a"},"n":{"N":"7"}}'
got=$(aws dynamodb get-item "${ep[@]}" --table-name dock --key '{"pk":{"S":"a"}}' \
  --query Item.n.N --output text)
[ "$got" = 7 ] || fail "get-item answered '$got'"
echo "   create-table, put-item, get-item: ok"

echo "-- user and control operations"
user=$(docker exec "$name" id -un)
[ "$user" = eddy ] || fail "the server runs as '$user'"
# A request shaped as an SDK signs it (eddy checks the shape and the date,
# not the signature).
now=$(date -u +%Y%m%dT%H%M%SZ)
refused=$(curl -s -X POST "http://127.0.0.1:$port/" \
  -H 'X-Amz-Target: DynamoDB_20120810.EddyClearFaults' \
  -H "X-Amz-Date: $now" \
  -H "Authorization: AWS4-HMAC-SHA256 Credential=AKIDDOCKER/${now:0:8}/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date;x-amz-target, Signature=00" \
  -H 'Content-Type: application/x-amz-json-1.0' -d '{}')
case "$refused" in
  *AccessDeniedException*) ;;
  *) fail "EddyClearFaults from outside answered: $refused" ;;
esac
echo "   runs as eddy; EddyClearFaults refused from outside"

echo "-- docker stop"
t1=$(date +%s%N)
docker stop "$name" >/dev/null
code=$(docker inspect -f '{{.State.ExitCode}}' "$name")
[ "$code" = 0 ] || fail "exit code $code after SIGTERM"
echo "   stopped in $(( ($(date +%s%N) - t1) / 1000000 )) ms with exit code 0"
echo "docker_check: all checks passed"
