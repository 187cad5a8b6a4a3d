# shellcheck shell=bash
# Sourced by the docker/ scripts.  in_root ROOT CMD...: runs CMD inside the
# root filesystem ROOT, in private mount and PID namespaces, with /proc,
# /sys, /dev/pts and /dev/shm mounted there.  CMD may start with NAME=VALUE
# words (passed to env(1) after its -i).  The mounts belong to the
# namespace, so they disappear on every exit path, crash included; nothing
# is left mounted on the host.

in_root() {
  local root=$1
  shift
  # shellcheck disable=SC2016 # the script is the inner shell's, with $1 = ROOT
  unshare --mount --pid --fork --propagation private -- /bin/sh -euc '
    root=$1; shift
    mount -t proc proc "$root/proc"
    mount -t sysfs sysfs "$root/sys"
    mount -t devpts -o newinstance,ptmxmode=0666,mode=0620 devpts "$root/dev/pts"
    mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"
    exec chroot "$root" /usr/bin/env -i \
      PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      HOME=/root LANG=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive \
      "$@"' in_root "$root" "$@"
}
