# Sourced by the launchers: sets JAVA_HOME and JAVA to a JDK 21 or newer, or stops with one line.
# Order: JAVA_HOME if it is 21+, then `java` on the PATH if 21+, then the newest 21+ JDK in the
# usual install folders.

_raglens_java_major() {
  "$1" -version 2>&1 | awk -F'"' '/version/ { split($2, v, "."); print (v[1] == "1" ? v[2] : v[1]); exit }'
}

_raglens_pick_jdk() {
  local candidate major best="" best_major=0
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    major=$(_raglens_java_major "$JAVA_HOME/bin/java")
    if [ "${major:-0}" -ge 21 ]; then echo "$JAVA_HOME"; return; fi
  fi
  if command -v java >/dev/null 2>&1; then
    candidate=$(cd "$(dirname "$(readlink -f "$(command -v java)")")/.." && pwd)
    major=$(_raglens_java_major "$candidate/bin/java")
    if [ "${major:-0}" -ge 21 ] && [ -x "$candidate/bin/javac" ]; then echo "$candidate"; return; fi
  fi
  for candidate in /usr/lib/jvm/* /usr/java/* /opt/java/* /opt/jdk* "$HOME"/.sdkman/candidates/java/* \
      /Library/Java/JavaVirtualMachines/*/Contents/Home; do
    [ -x "$candidate/bin/java" ] || continue
    major=$(_raglens_java_major "$candidate/bin/java")
    if [ "${major:-0}" -ge 21 ] && [ "$major" -gt "$best_major" ]; then best="$candidate"; best_major=$major; fi
  done
  echo "$best"
}

_raglens_jdk=$(_raglens_pick_jdk)
if [ -z "$_raglens_jdk" ]; then
  echo "raglens needs a JDK 21 or newer; install one (e.g. apt-get install openjdk-21-jdk) or set JAVA_HOME to it" >&2
  exit 1
fi
export JAVA_HOME="$_raglens_jdk"
JAVA="$JAVA_HOME/bin/java"
