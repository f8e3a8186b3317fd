#!/usr/bin/env bash
# Prepares the GPU runs of the Go API, the compile cache and autotuning
# (issue 16), on the development machine: cross-compiles tt-run and
# tt-translate (linux/amd64, no cgo) and the API's test binary into .bin/,
# and copies the device scripts into .bin/gpu/api/. Then, on the GPU
# machine, from the repository root with .bin carried:
#
#   bash .bin/gpu/api/run_api.sh     # logs and results under $OUT/api
#
# (see scripts/gpu/README.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p .bin/gpu/api
for cmd in tt-translate tt-run; do
  CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go build -trimpath -o ".bin/$cmd" "./cmd/$cmd"
done
# The API's tests (package tt at the module root): the GPU ones skip here
# and run there; they read examples/ from the repository root.
CGO_ENABLED=0 GOOS=linux GOARCH=amd64 go test -c -o .bin/tt_api.test .
cp scripts/gpu/run_api.sh scripts/gpu/autotune_compare.py scripts/gpu/first_launch.py .bin/gpu/api/
echo "prepared: .bin/tt-run .bin/tt-translate .bin/tt_api.test .bin/gpu/api/"
