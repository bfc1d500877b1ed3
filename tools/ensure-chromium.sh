#!/usr/bin/env bash
# Installs Debian's Chromium (the browser the end-to-end suites drive) when it is missing and we may.
set -u
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "› installing Debian's chromium for the browser suites"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null 2>&1
  apt-get install -y -qq chromium fonts-dejavu-core >/dev/null 2>&1 || echo "  chromium could not be installed; browser suites will be skipped"
else
  echo "  /usr/bin/chromium is missing: install Debian's chromium to run the browser suites"
fi
