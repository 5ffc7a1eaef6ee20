#!/usr/bin/env bash
# Installs the Debian packages Orderly needs, only those missing; silent when all are present.
# Deliberately not libboost-dev (1.74, conflicts with 1.81) and not python3-scipy (pulls it in).
# chromium is for the report's browser test only: if it cannot be installed, one line says so and
# the rest goes on (the browser test then fails, naming the missing browser).
set -euo pipefail
packages=(build-essential cmake ninja-build ccache clang-format libboost1.81-dev libgtest-dev libgmock-dev libbenchmark-dev libeigen3-dev
          libcli11-dev nlohmann-json3-dev libgsl-dev python3-matplotlib python3-numpy python3-jinja2)
optional=(chromium)
# --cluster: also what the cluster test needs (a single-node Slurm and GNU parallel).
if [ "${1:-}" = "--cluster" ]; then packages+=(slurm-wlm munge parallel); fi
missing=() missing_optional=()
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done
for p in "${optional[@]}"; do installed "$p" || missing_optional+=("$p"); done
[ ${#missing[@]} -eq 0 ] && [ ${#missing_optional[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages (${missing[*]} ${missing_optional[*]}); run as root or install them with apt-get" >&2
  [ ${#missing[@]} -eq 0 ] && exit 0
  exit 2
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ ${#missing_optional[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing_optional[*]} (the report's browser test)"
  apt-get install -y -qq --no-install-recommends "${missing_optional[@]}" >/dev/null ||
    echo "install-deps: ${missing_optional[*]} could not be installed; the report's browser test will fail naming it" >&2
fi
