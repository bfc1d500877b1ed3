#!/usr/bin/env bash
# Installs the Debian packages some suites drive when they are missing and we may: Chromium (the
# browser suites), nginx-light (the signed-segment nginx suite and bench/segments.ts) and xmltv-util
# (tv_validate_file, the XMLTV validator the guide import tests check their sample file with). Each
# suite that needs one is skipped, and says so, when it is absent.
set -u
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-dejavu-core)
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
[ -x /usr/bin/tv_validate_file ] || missing+=(xmltv-util)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "› installing Debian's ${missing[*]} for the browser, nginx and XMLTV suites"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null 2>&1
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 \
    || echo "  ${missing[*]} could not be installed; the suites needing them will be skipped"
  # nginx-light's package starts a system nginx on port 80; the suites run their own.
  if [ -x /usr/sbin/nginx ] && pgrep -x nginx >/dev/null 2>&1 && command -v service >/dev/null; then
    service nginx stop >/dev/null 2>&1 || true
  fi
else
  echo "  missing ${missing[*]}: install them (Debian) to run the suites that need them"
fi
