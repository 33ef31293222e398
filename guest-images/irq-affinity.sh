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
# ... (or shared:IRQ:CPU, failed:IRQ).
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
