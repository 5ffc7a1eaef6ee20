#!/usr/bin/env bash
# Installs the Debian packages Orderly needs, only those missing; silent when all are present.
# Deliberately not libboost-dev (1.74, conflicts with 1.81) and not python3-scipy (pulls it in).
set -euo pipefail
packages=(build-essential cmake libboost1.81-dev libgtest-dev libgmock-dev libbenchmark-dev libeigen3-dev
          libcli11-dev nlohmann-json3-dev python3-matplotlib python3-numpy python3-jinja2)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages (${missing[*]}); run as root or install them with apt-get" >&2
  exit 2
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
