# SPDX-License-Identifier: GPL-2.0-or-later
#
# Sourced by guest-images/init (/lib/e1klab/irq-affinity.sh in the image)
# when the words hold e1klab.affinity=IF,CPU[,CPU...] ($affinity: those
# values, space separated), after the driver's probe and the renames and
# before the interfaces come up: the vectors exist from the probe on, so
# every interrupt of a NIC lands on its CPUs.  A NIC's vectors are its
# MSI/MSI-X vectors in IRQ order (device/msi_irqs), else its INTx line
# (device/irq); the k-th goes to the k-th CPU given, round robin when
# there are more vectors than CPUs (/proc/irq/N/smp_affinity_list).  A
# line two NICs share follows one CPU only: the second NIC asking for
# another one gets "shared:IRQ:CPU" (CPU: the one the line follows)
# instead of IRQ:CPU.  Result per NIC (res, init's): affinity.IF=IRQ:CPU
# ... (or shared:IRQ:CPU, failed:IRQ).  It also replaces init's cpu_snap
# (below).
irq_vectors() {  # IF: its IRQ numbers, vector order
  if [ -n "$(ls "/sys/class/net/$1/device/msi_irqs" 2>/dev/null)" ]; then
    ls "/sys/class/net/$1/device/msi_irqs" | sort -n
  else
    cat "/sys/class/net/$1/device/irq" 2>/dev/null
  fi
}
pinned=" "
for a in $affinity; do
  i=${a%%,*}; cpus=$(echo "${a#*,}" | tr ',' ' '); out=""; left=""
  for q in $(irq_vectors "$i"); do
    [ -n "$left" ] || left=$cpus
    c=${left%% *}; left=${left#"$c"}; left=${left# }
    case "$pinned" in
      *" $q:$c "*) out="$out $q:$c" ;;
      *" $q:"*) p=${pinned#*" $q:"}; out="$out shared:$q:${p%% *}" ;;
      *) if echo "$c" > "/proc/irq/$q/smp_affinity_list"; then
           pinned="$pinned$q:$c "; out="$out $q:$c"
         else
           out="$out failed:$q"
         fi ;;
    esac
  done
  res "affinity.$i=${out# }"
done

# With several CPUs the CPU time counters (init's cpu_snap) need each
# CPU's idle time up to the reading: /proc/timer_list's .idle_sleeptime
# of a CPU grows only when it leaves idle, and the CPUs other than the
# reader's are idle when the counters are read (before and after the
# traffic).  So the reading runs on CPU 0 and also takes .idle_entrytime
# (the start of an idle CPU's current idle time), which the qemu backend
# adds up to "now at" for CPUs 1.. (testbench/qemu/qemu_guest.c).
cpu_snap() {
  hardirq=""
  for f in /sys/class/net/*/hardirq_ns; do
    [ -e "$f" ] && hardirq="$hardirq $f"
  done
  # shellcheck disable=SC2086
  taskset -c 0 grep -H -E '^[0-9]|^cpu|^now at|_sleeptime|idle_entrytime' \
    $ksoftirqd /proc/schedstat /proc/timer_list $hardirq
}
