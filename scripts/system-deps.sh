#!/usr/bin/env bash
# Debian packages the tests use: poppler-utils (pdftoppm, pdffonts, pdfimages), qpdf,
# chromium for the companion's browser tests (Playwright drives it; it downloads no browser), and
# postgresql, whose initdb and pg_ctl the store's tests use to run a throwaway cluster (Debian keeps
# them off PATH, under /usr/lib/postgresql/<version>/bin; the package also makes the `postgres` user
# the cluster runs as when the tests run as root).
# Extra packages may be named as arguments: `make art` runs `bash scripts/system-deps.sh npm` when a
# card names a Game Icons picture not fetched yet (scripts/fetch_art.py fetches it with npm).
# Installs only what is missing; needs root (as on CI and the team's machines) to install.
set -euo pipefail
need=()
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || need+=(postgresql)
for pkg in "$@"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "system-deps: missing ${need[*]}; install them with: sudo apt-get install ${need[*]}" >&2
  exit 1
fi
echo "system-deps: installing ${need[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
