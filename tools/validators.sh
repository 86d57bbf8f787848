#!/usr/bin/env bash
# Make sure jing, the RELAX NG validator of the TEI tests (CONTRIBUTING.md, "Validators"), is
# installed and runs; `make setup` calls it through the `validators` target.
#
# - jing on PATH and running: nothing to do.
# - missing, and root on a Debian-like system (CI): install Debian's package, without prompts
#   and without recommended packages. jing's package *depends* on a Java runtime
#   (default-jre | java-runtime), so one comes with it anyway. The package lists are
#   refreshed (apt-get update) only when they offer no jing (a fresh image ships none) or when
#   the install fails on stale lists, and then once.
# - otherwise: say what to install and fail.
#
# Usage: tools/validators.sh [JING]   (JING: the command to look for, default jing)
set -euo pipefail

jing=${1:-jing}
package=jing

fail() {
  echo "make validators: $*" >&2
  exit 1
}

# jing validates a one-element document against a one-element schema: the JRE works.
runs() {
  local dir status
  dir=$(mktemp -d)
  printf '<element name="a" xmlns="http://relaxng.org/ns/structure/1.0"><empty/></element>\n' >"$dir/a.rng"
  printf '<a/>\n' >"$dir/a.xml"
  status=0
  "$jing" "$dir/a.rng" "$dir/a.xml" >"$dir/out" 2>&1 || status=$?
  if [ "$status" != 0 ]; then
    sed 's/^/  /' "$dir/out" >&2
  fi
  rm -rf "$dir"
  return "$status"
}

if command -v "$jing" >/dev/null 2>&1; then
  runs || fail "$jing is installed but does not run (a Java runtime missing or broken?); see the output above."
  exit 0
fi

how="as root:  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $package
  (run apt-get update first if apt-get cannot find it), or put a jing on PATH."
if [ "$(id -u)" != 0 ]; then
  fail "jing (RELAX NG validator, for the TEI tests) is missing. Install the Debian package $how"
fi
if ! command -v apt-get >/dev/null 2>&1; then
  fail "jing is missing and there is no apt-get here: install jing (with a Java runtime) by this system's means and put it on PATH."
fi

export DEBIAN_FRONTEND=noninteractive
updated=no
update() {
  echo "make validators: apt-get update ($1)"
  apt-get update || fail "apt-get update failed: the package lists cannot be refreshed (network or sources.list?)."
  updated=yes
}
candidate() {
  apt-cache policy "$package" 2>/dev/null | awk '$1 == "Candidate:" { print $2 }'
}
install() {
  apt-get install -y --no-install-recommends "$package"
}

case "$(candidate)" in
  "" | "(none)") update "the package lists offer no $package" ;;
esac
if [ -z "$(candidate)" ] || [ "$(candidate)" = "(none)" ]; then
  fail "no Debian package '$package' in the package lists, even after apt-get update: is this Debian or Ubuntu with the main (universe) component?"
fi
echo "make validators: apt-get install $package $(candidate) (no recommends)"
if ! install; then
  [ "$updated" = no ] || fail "apt-get install $package failed (see above)."
  update "the install failed: stale package lists?"
  install || fail "apt-get install $package failed, also after apt-get update (see above)."
fi

command -v "$jing" >/dev/null 2>&1 || fail "$package is installed but '$jing' is not on PATH."
runs || fail "$jing was installed but does not run (see the output above)."
echo "make validators: $({ "$jing" 2>&1 || true; } | grep -m 1 -i 'version' || echo "$jing") installed, and it runs."
