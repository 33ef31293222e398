#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Build QEMU 7.2 (Debian's source package) with the e1klab PCI device
# (hw/qemu/ glue + hw/net/ models and their common layer) for x86_64
# guests only.
#
# Usage: scripts/build-qemu.sh [--print-binary]
#   QEMU_BUILD=DIR   build area (default: <repo>/qemu-build, gitignored)
#   JOBS=N           ninja parallelism (default 2)
#
# Layout of the build area:
#   src/     apt-get source --download-only cache (.dsc, orig + debian tarballs)
#   tree/    unpacked source with Debian's patches, edk2 unpack disabled,
#            PAUSE without a loop exit for one vCPU (target/i386), an
#            icount timer expiry without a main-loop wake-up (accel/tcg)
#            and the idle warp run in the main loop (softmmu/icount.c),
#            the e1klab device (hw/net/ with hw/net/common/ and hw/net/ixgbe/
#            flattened, hw/qemu/ and the traffic library
#            testbench/traffic/trf*) copied to hw/net/e1klab/ and hooked into
#            hw/net/meson.build, hw/net/Kconfig, the top-level
#            trace_events_subdirs (its trace-events) and a reduced device
#            config
#   build/   meson/ninja build; the binary is build/qemu-system-x86_64
#   stamp    hash of every input; when it matches, nothing is rebuilt
#
# The deb-src entry is derived from the machine's own apt sources (the
# "deb" stanzas of /etc/apt/sources.list.d/*.sources and the "deb" lines of
# sources.list), written to /etc/apt/sources.list.d/e1klab-deb-src.*; no
# mirror name is kept in this repository.
#
# Exits non-zero with a one-line message on the first failure.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
B=${QEMU_BUILD:-$top/qemu-build}
JOBS=${JOBS:-2}
QEMU_SRC_PKG=qemu
QEMU_WANT_VERSION=7.2
say() { echo "build-qemu: $*" >&2; }
die() { echo "build-qemu: error: $*" >&2; exit 1; }

mkdir -p "$B/src"

# ---------------------------------------------------------------- packages
"$top/scripts/install-deps.sh" build qemu || die "installing packages failed"

# ---------------------------------------------------------------- deb-src
have_debsrc() {
  grep -rqsE '^[[:space:]]*(Types:.*deb-src|deb-src[[:space:]])' \
    /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null
}
if ! ls "$B"/src/${QEMU_SRC_PKG}_*.dsc >/dev/null 2>&1 && ! have_debsrc; then
  say "adding a deb-src entry derived from the machine's apt sources"
  if ls /etc/apt/sources.list.d/*.sources >/dev/null 2>&1; then
    python3 - /etc/apt/sources.list.d/e1klab-deb-src.sources \
        /etc/apt/sources.list.d/*.sources <<'EOF'
import re, sys
out = []
for path in sys.argv[2:]:
    if path == sys.argv[1]:
        continue
    text = open(path).read()
    for stanza in re.split(r'\n\s*\n', text.strip()):
        lines = [l for l in stanza.splitlines() if not l.lstrip().startswith('#')]
        types = [l for l in lines if l.startswith('Types:')]
        if not types or 'deb' not in types[0].split()[1:]:
            continue
        if any(l.startswith('Enabled:') and 'no' in l for l in lines):
            continue
        out.append('\n'.join('Types: deb-src' if l.startswith('Types:') else l
                             for l in lines))
if out:
    open(sys.argv[1], 'w').write('\n\n'.join(out) + '\n')
EOF
  fi
  if [ -f /etc/apt/sources.list ] && grep -qE '^deb[[:space:]]' /etc/apt/sources.list; then
    sed -n 's/^deb\([[:space:]]\)/deb-src\1/p' /etc/apt/sources.list \
      > /etc/apt/sources.list.d/e1klab-deb-src.list
  fi
  have_debsrc || die "could not derive a deb-src entry from /etc/apt/sources*"
  apt-get update -qq || die "apt-get update failed"
fi

# ---------------------------------------------------------------- source
dsc=$(ls "$B"/src/${QEMU_SRC_PKG}_*.dsc 2>/dev/null | head -n 1 || true)
if [ -z "$dsc" ]; then
  say "downloading the ${QEMU_SRC_PKG} source package"
  (cd "$B/src" && apt-get source --download-only -qq "$QEMU_SRC_PKG") \
    || die "apt-get source --download-only $QEMU_SRC_PKG failed"
  dsc=$(ls "$B"/src/${QEMU_SRC_PKG}_*.dsc | head -n 1)
fi
pkgver=$(sed -n 's/^Version: //p' "$dsc" | head -n 1)
case "$pkgver" in
  *:"$QEMU_WANT_VERSION"*|"$QEMU_WANT_VERSION"*) ;;
  *) die "source package version $pkgver is not QEMU $QEMU_WANT_VERSION" ;;
esac

T=$B/tree
if [ ! -f "$T/.e1klab-unpacked" ] || [ "$(cat "$T/.e1klab-unpacked")" != "$pkgver" ]; then
  say "unpacking $pkgver"
  rm -rf "$T" "$B/build" "$B/stamp"
  dpkg-source -x "$dsc" "$T" >"$B/unpack.log" 2>&1 \
    || { tail -n 5 "$B/unpack.log" >&2; die "dpkg-source -x $dsc failed"; }
  echo "$pkgver" > "$T/.e1klab-unpacked"
fi

# ---------------------------------------------------------------- patches
# 1. The +dfsg tarball lacks the edk2 blobs; never try to unpack them.
if grep -q 'unpack_edk2_blobs = bzip2.found()' "$T/meson.build"; then
  sed -i 's/unpack_edk2_blobs = bzip2.found()/unpack_edk2_blobs = false # e1klab/' \
    "$T/meson.build"
fi
grep -q 'unpack_edk2_blobs = bzip2.found()' "$T/meson.build" \
  && die "could not disable the edk2 unpack step in $T/meson.build"
# 2. Kconfig symbol for the device.
if ! grep -q '^config E1KLAB' "$T/hw/net/Kconfig"; then
  cat >> "$T/hw/net/Kconfig" <<'EOF'

config E1KLAB
    bool
    default y if PCI_DEVICES
    depends on PCI
EOF
fi
# 3. Build the device directory.
if ! grep -q "subdir('e1klab')" "$T/hw/net/meson.build"; then
  printf "\nsubdir('e1klab')\n" >> "$T/hw/net/meson.build"
fi
# 4. The device directory's trace events (hw/qemu/trace-events, copied
#    below) are generated like every other directory's.
if ! grep -q "'hw/net/e1klab'," "$T/meson.build"; then
  sed -i "s|^\(    'hw/net/can',\)\$|\1\n    'hw/net/e1klab',|" "$T/meson.build"
fi
grep -q "'hw/net/e1klab'," "$T/meson.build" \
  || die "could not add hw/net/e1klab to trace_events_subdirs in $T/meson.build"
# 5. Reduced device set for x86_64 (-M pc needs i440fx + its selects).
cat > "$B/e1klab.mak.new" <<'EOF'
# e1klab: an i440fx PC with the e1000 and e1klab NICs only.
CONFIG_PCI_DEVICES=n
CONFIG_ISAPC=n
CONFIG_Q35=n
CONFIG_MICROVM=n
CONFIG_I440FX=y
CONFIG_E1000_PCI=y
CONFIG_E1KLAB=y
CONFIG_VGA_PCI=y
CONFIG_AMD_IOMMU=n
CONFIG_APPLESMC=n
CONFIG_HYPERV=n
CONFIG_ISA_IPMI_BT=n
CONFIG_ISA_IPMI_KCS=n
CONFIG_PCI_IPMI_KCS=n
CONFIG_PCI_IPMI_BT=n
CONFIG_IPMI_SSIF=n
CONFIG_QXL=n
CONFIG_SEV=n
CONFIG_SGX=n
CONFIG_TEST_DEVICES=n
CONFIG_TPM_CRB=n
CONFIG_TPM_TIS_ISA=n
CONFIG_VTD=n
CONFIG_VIRTIO_VGA=n
CONFIG_NVDIMM=n
CONFIG_PARALLEL=n
CONFIG_VMPORT=n
CONFIG_VMMOUSE=n
EOF
mak=$T/configs/devices/x86_64-softmmu/e1klab.mak
cmp -s "$B/e1klab.mak.new" "$mak" 2>/dev/null || cp "$B/e1klab.mak.new" "$mak"
rm -f "$B/e1klab.mak.new"

# 6. PAUSE: x86 TCG leaves its execution loop on
#    every PAUSE "to let another CPU run".  Our guests have one vCPU, and
#    Linux's udelay (delay_tsc) executes PAUSE per iteration, so the stock
#    e1000 driver's EEPROM probe (udelay(50) per clock edge) cost about 9 s
#    of host CPU per run.  With one vCPU, stay in cpu_exec: the same
#    instructions at the same virtual times (the same report bytes), a
#    fraction of the CPU (docs/full-system.md "Boot once").
mh=$T/target/i386/tcg/misc_helper.c
if ! grep -q 'e1klab: with one vCPU' "$mh"; then
  sed -i 's|^    /\* Just let another CPU run.  \*/$|    /* e1klab: with one vCPU there is no other CPU to run: stay in\n     * cpu_exec (scripts/build-qemu.sh) */\n    if (CPU_NEXT(first_cpu) == NULL) {\n        cpu_loop_exit_noexc(cs);\n    }\n    /* Just let another CPU run.  */|' "$mh"
fi
grep -q 'cpu_loop_exit_noexc(cs);' "$mh" \
  || die "could not patch do_pause in $mh"

# 7. icount: a QEMU_CLOCK_VIRTUAL deadline reached while the vCPU runs is
#    handled in the vCPU thread (icount_notify_aio_contexts runs the main
#    loop's timers there), but it first wakes every AioContext, i.e. the
#    main loop thread (an eventfd write), which then competes for the BQL
#    with the vCPU thread: two context switches per timer expiry, whether
#    or not an AioContext has a timer due.  Wake them only when one has:
#    run the main loop's timers, then notify if any VIRTUAL timer is still
#    due (the same timers at the same virtual times; record/replay keeps
#    the unconditional notify).  docs/full-system.md "Device cost in QEMU".
ic=$T/accel/tcg/tcg-accel-ops-icount.c
if ! grep -q 'e1klab: wake other AioContexts' "$ic"; then
  perl -0pi -e 's|    /\* Wake up other AioContexts.  \*/\n    qemu_clock_notify\(QEMU_CLOCK_VIRTUAL\);\n    qemu_clock_run_timers\(QEMU_CLOCK_VIRTUAL\);\n|    /* e1klab: wake other AioContexts only if a timer of theirs is due\n     * (scripts/build-qemu.sh) */\n    qemu_clock_run_timers(QEMU_CLOCK_VIRTUAL);\n    if (replay_mode != REPLAY_MODE_NONE \|\|\n        qemu_clock_deadline_ns_all(QEMU_CLOCK_VIRTUAL,\n                                   QEMU_TIMER_ATTR_ALL) == 0) {\n        qemu_clock_notify(QEMU_CLOCK_VIRTUAL);\n    }\n|' "$ic"
fi
grep -q 'e1klab: wake other AioContexts' "$ic" \
  || die "could not patch icount_notify_aio_contexts in $ic"

# 8. icount sleep=off with the vCPU halted: every timer expiry is a round
#    trip between the threads (the main loop warps the clock to the next
#    deadline and kicks the vCPU thread, which runs the timers, finds
#    itself idle and wakes the main loop for the next warp).  Instead, the
#    main loop warps from deadline to deadline and runs the main loop's
#    QEMU_CLOCK_VIRTUAL timers itself while every vCPU stays idle, and
#    kicks the vCPU once when one has work (an interrupt), another timer
#    list has a timer due, no timer is left, or after 10,000 steps.  The
#    same timers run at the same virtual times.  Record/replay and
#    sleep=on are untouched.
ik=$T/softmmu/icount.c
if ! grep -q 'e1klab: idle warp' "$ik"; then
  perl -0pi -e 's|\nvoid icount_start_warp_timer\(void\)\n\{\n    int64_t clock;\n    int64_t deadline;\n\n    assert\(icount_enabled\(\)\);\n|
/* e1klab: idle warp (scripts/build-qemu.sh step 8); read by
 * qemu_timer_notify_cb (step 9) */
bool icount_idle_warp_active;

static void icount_idle_warp_run(void)
{
    int steps = 0;

    if (!qemu_mutex_iothread_locked() \|\| replay_mode != REPLAY_MODE_NONE) {
        qemu_clock_notify(QEMU_CLOCK_VIRTUAL);
        return;
    }
    icount_idle_warp_active = true;
    for (;;) {
        int64_t deadline;

        qemu_clock_run_timers(QEMU_CLOCK_VIRTUAL);
        if (!runstate_is_running() \|\| !all_cpu_threads_idle() \|\|
            ++steps >= 10000) {
            break;
        }
        deadline = qemu_clock_deadline_ns_all(QEMU_CLOCK_VIRTUAL,
                                              ~QEMU_TIMER_ATTR_EXTERNAL);
        if (deadline <= 0) {
            break;
        }
        seqlock_write_lock(&timers_state.vm_clock_seqlock,
                           &timers_state.vm_clock_lock);
        qatomic_set_i64(&timers_state.qemu_icount_bias,
                        timers_state.qemu_icount_bias + deadline);
        seqlock_write_unlock(&timers_state.vm_clock_seqlock,
                             &timers_state.vm_clock_lock);
    }
    icount_idle_warp_active = false;
    qemu_clock_notify(QEMU_CLOCK_VIRTUAL);
}

void icount_start_warp_timer(void)
{
    int64_t clock;
    int64_t deadline;

    assert(icount_enabled());
    if (icount_idle_warp_active) {
        return;
    }
|' "$ik"
  perl -0pi -e 's|(timers_state.qemu_icount_bias \+ deadline\);\n            seqlock_write_unlock\(&timers_state.vm_clock_seqlock,\n                                 &timers_state.vm_clock_lock\);\n)            qemu_clock_notify\(QEMU_CLOCK_VIRTUAL\);|${1}            icount_idle_warp_run();|' "$ik"
fi
grep -q 'e1klab: idle warp' "$ik" && grep -q '            icount_idle_warp_run();' "$ik" \
  || die "could not patch icount_start_warp_timer in $ik"

# 9. With step 8, a timer re-armed from a callback the idle warp runs
#    must not kick the halted vCPU (qemu_timer_notify_cb queues a
#    do-nothing work item on it, which wakes its thread and ends the warp):
#    the warp itself runs the next deadline.
ct=$T/softmmu/cpu-timers.c
if ! grep -q 'e1klab: idle warp' "$ct"; then
  perl -0pi -e 's|(void qemu_timer_notify_cb\(void \*opaque, QEMUClockType type\)\n\{\n)|/* e1klab: idle warp (scripts/build-qemu.sh step 8, softmmu/icount.c) */\nextern bool icount_idle_warp_active;\n\n${1}|; s|    \} else if \(first_cpu\) \{\n        /\*\n         \* qemu_cpu_kick is not enough|    } else if (first_cpu && !icount_idle_warp_active) {\n        /*\n         * qemu_cpu_kick is not enough|' "$ct"
fi
grep -q 'first_cpu && !icount_idle_warp_active' "$ct" \
  || die "could not patch qemu_timer_notify_cb in $ct"

# 10-12: guests with several vCPUs under -icount.  QEMU 7.2 runs every
#    vCPU of a TCG guest in one thread, in turn (accel/tcg/tcg-accel-ops-
#    rr.c); with -icount each turn gets a budget of guest instructions.
#    These steps make a -smp N guest boot, and run to the same bytes on
#    every run, under -icount shift=N,sleep=off (docs/full-system.md
#    "Several vCPUs").  With one vCPU none of them changes anything.
#
# 10. The budget of a turn.  7.2 gives the vCPU whose turn it is every
#     instruction left until the next QEMU_CLOCK_VIRTUAL deadline.  A vCPU
#     that spins without leaving the execution loop (Linux's CPU 0 waiting
#     for CPU 1 to answer during SMP bring-up) uses all of them, the clock
#     is then at the deadline, the next vCPU's budget is 0, the timers run
#     and a new deadline is set -- and the spinning vCPU, first again,
#     takes the whole of it again: CPU 1 never executes another
#     instruction.  Give each turn a share instead: the instructions to
#     the deadline divided by the number of vCPUs, rounded up (a share is
#     never 0 while the deadline is ahead).  One vCPU: the whole budget,
#     as before.  Record/replay keeps the whole budget (its log holds it).
ic=$T/accel/tcg/tcg-accel-ops-icount.c
if ! grep -q 'e1klab: several vCPUs share' "$ic"; then
  IFS= read -r -d '' share_c <<'EOF' || true
/*
 * e1klab: several vCPUs share the instructions to the next deadline
 * (scripts/build-qemu.sh step 10): the share of one turn of the
 * round-robin loop is @limit divided by the number of vCPUs, rounded up.
 */
static int64_t e1klab_icount_share(int64_t limit)
{
    CPUState *c;
    int64_t n = 0;

    CPU_FOREACH(c) {
        n++;
    }
    if (n <= 1 || replay_mode != REPLAY_MODE_NONE) {
        return limit;
    }
    return (limit + n - 1) / n;
}

EOF
  E1K_C="$share_c" perl -0pi -e 's|\nvoid icount_prepare_for_run\(CPUState \*cpu\)\n|\n$ENV{E1K_C}\nvoid icount_prepare_for_run(CPUState *cpu)\n|; s|    cpu->icount_budget = icount_get_limit\(\);\n|    cpu->icount_budget = e1klab_icount_share(icount_get_limit());\n|' "$ic"
fi
grep -q 'e1klab: several vCPUs share' "$ic" &&
  grep -q 'cpu->icount_budget = e1klab_icount_share(icount_get_limit());' "$ic" \
  || die "could not patch icount_prepare_for_run in $ic"

# 11. Who moves the clock while every vCPU is halted.  Under sleep=off
#     7.2's main loop thread warps QEMU_CLOCK_VIRTUAL to the next deadline
#     (icount_start_warp_timer; with step 8 it also runs the timers) at
#     whatever moment it wakes up -- also while the vCPU thread is in the
#     middle of a round, between two halted vCPUs.  A timer that then
#     raises an interrupt kicks every vCPU from that thread (cpu_exit on
#     each), and the round goes on from wherever the vCPU thread was: the
#     order of the turns after an idle period, hence the guest's
#     interleaving, follows host timing.  With several vCPUs the vCPU
#     thread itself warps instead, at the end of a round in which every
#     vCPU was halted, and runs the main loop's QEMU_CLOCK_VIRTUAL timers
#     there (their callbacks then raise interrupts from the vCPU thread,
#     which only flags the target vCPU); icount_start_warp_timer (main
#     loop, timer re-arms) does nothing then.  The same timers at the same
#     virtual times, in a fixed place of the loop.  One vCPU keeps steps 8
#     and 9; sleep=on, record/replay and qtest are untouched.
ik=$T/softmmu/icount.c
if ! grep -q 'e1klab: several vCPUs: the vCPU thread warps' "$ik"; then
  IFS= read -r -d '' warp_c <<'EOF' || true
/*
 * e1klab: several vCPUs: the vCPU thread warps (scripts/build-qemu.sh
 * step 11).  True when it does: precise -icount with sleep=off, no
 * record/replay, no qtest, more than one vCPU.
 */
bool e1klab_icount_vcpu_warps(void)
{
    return icount_enabled() == 1 && !icount_sleep &&
           replay_mode == REPLAY_MODE_NONE && !qtest_enabled() &&
           first_cpu && CPU_NEXT(first_cpu);
}

/* Every vCPU halted, waiting for an interrupt; none stopped or asked to. */
static bool e1klab_all_vcpus_halted(void)
{
    CPUState *cpu;

    CPU_FOREACH(cpu) {
        if (cpu->stop || cpu->stopped || !cpu_thread_is_idle(cpu)) {
            return false;
        }
    }
    return true;
}

/*
 * Called by the round-robin vCPU thread with the BQL held when a round
 * found every vCPU halted: move QEMU_CLOCK_VIRTUAL from deadline to
 * deadline and run the main loop's timers, until one of them gives a
 * vCPU work, the VM stops, or no timer is left (the thread then waits
 * for an outside event).  A timer of another AioContext that falls due
 * is left to its own thread (notified).
 */
void e1klab_icount_vcpu_idle_warp(void)
{
    unsigned int steps = 0;

    while (runstate_is_running() && e1klab_all_vcpus_halted()) {
        int64_t deadline = qemu_clock_deadline_ns_all(QEMU_CLOCK_VIRTUAL,
                                                      ~QEMU_TIMER_ATTR_EXTERNAL);

        if (deadline < 0) {
            return;
        }
        if (deadline > 0) {
            seqlock_write_lock(&timers_state.vm_clock_seqlock,
                               &timers_state.vm_clock_lock);
            qatomic_set_i64(&timers_state.qemu_icount_bias,
                            timers_state.qemu_icount_bias + deadline);
            seqlock_write_unlock(&timers_state.vm_clock_seqlock,
                                 &timers_state.vm_clock_lock);
        }
        qemu_clock_run_timers(QEMU_CLOCK_VIRTUAL);
        if (qemu_clock_deadline_ns_all(QEMU_CLOCK_VIRTUAL,
                                       QEMU_TIMER_ATTR_ALL) == 0) {
            qemu_clock_notify(QEMU_CLOCK_VIRTUAL);
            return;
        }
        if (++steps % 1024 == 0) {
            /* let the main loop in now and then (monitor, quit) */
            qemu_mutex_unlock_iothread();
            qemu_mutex_lock_iothread();
        }
    }
}

EOF
  E1K_C="$warp_c" perl -0pi -e 's|\nvoid icount_start_warp_timer\(void\)\n|\n$ENV{E1K_C}\nvoid icount_start_warp_timer(void)\n|; s|(void icount_start_warp_timer\(void\)\n\{\n    int64_t clock;\n    int64_t deadline;\n\n    assert\(icount_enabled\(\)\);\n    if \(icount_idle_warp_active)\) \{|$1 \|\| e1klab_icount_vcpu_warps()) {|' "$ik"
fi
grep -q 'e1klab: several vCPUs: the vCPU thread warps' "$ik" &&
  grep -q 'if (icount_idle_warp_active || e1klab_icount_vcpu_warps()) {' "$ik" \
  || die "could not patch the idle warp for several vCPUs in $ik"
rr=$T/accel/tcg/tcg-accel-ops-rr.c
if ! grep -q 'e1klab: several vCPUs' "$rr"; then
  IFS= read -r -d '' rrw_c <<'EOF' || true
/* e1klab: several vCPUs (scripts/build-qemu.sh step 11, softmmu/icount.c) */
bool e1klab_icount_vcpu_warps(void);
void e1klab_icount_vcpu_idle_warp(void);

EOF
  E1K_C="$rrw_c" perl -0pi -e 's|\n(/\* Kick all RR vCPUs \*/\n)|\n$ENV{E1K_C}\n$1|; s|(\n        )(if \(icount_enabled\(\) && all_cpu_threads_idle\(\)\) \{\n            /\*\n             \* When all cpus are sleeping)|$1/* e1klab: several vCPUs: this thread warps (step 11) */$1if (icount_enabled() \&\& all_cpu_threads_idle() \&\&$1    e1klab_icount_vcpu_warps()) {$1    rr_stop_kick_timer();$1    e1klab_icount_vcpu_idle_warp();$1} else $2|' "$rr"
fi
grep -q 'e1klab_icount_vcpu_idle_warp();' "$rr" \
  || die "could not patch the round-robin loop in $rr"

# 12. A watchdog pause (the snapshot point, docs/full-system.md "Boot
#     once") is carried out by the main loop thread, which stops the vCPUs
#     whenever it gets the BQL: meanwhile the round-robin loop goes on
#     running vCPUs for a number of instructions that follows host timing.
#     With several vCPUs (step 11's mode), a pause requested from the vCPU
#     thread stops every vCPU there and then, at the end of the current
#     translation block, so the saved state is the same on every boot.
wd=$T/hw/watchdog/watchdog.c
if ! grep -q 'e1klab: several vCPUs' "$wd"; then
  IFS= read -r -d '' wdh_c <<'EOF' || true
#include "hw/core/cpu.h"
#include "sysemu/cpus.h"

/* e1klab: several vCPUs (scripts/build-qemu.sh step 12, softmmu/icount.c) */
bool e1klab_icount_vcpu_warps(void);
EOF
  IFS= read -r -d '' wds_c <<'EOF' || true
        /* e1klab: several vCPUs: stop them all now (step 12) */
        if (e1klab_icount_vcpu_warps() && qemu_in_vcpu_thread()) {
            CPUState *cs;

            CPU_FOREACH(cs) {
                cs->stop = true;
                cpu_exit(cs);
            }
        }
EOF
  E1K_H="$wdh_c" E1K_C="$wds_c" perl -0pi -e 's|(#include "qemu/help_option.h"\n)|$1$ENV{E1K_H}\n|; s|(        qemu_system_vmstop_request\(RUN_STATE_WATCHDOG\);\n)(        break;\n)|$1$ENV{E1K_C}\n$2|' "$wd"
fi
grep -q 'e1klab: several vCPUs: stop them all now' "$wd" \
  || die "could not patch the watchdog pause in $wd"

# 13. x86 CMPXCHG8B/CMPXCHG16B: their helpers (target/i386/tcg/
#     mem_helper.c) start from the flags of the previous instruction,
#     computed from env->cc_op -- but the translator keeps the current
#     CC_OP in its own state and writes it to env only when asked
#     (gen_update_cc_op), which every other helper that reads CC_OP gets
#     first and these two do not.  After a flag-setting instruction in the
#     same translation block (Linux's SLUB fast path: xor, then
#     cmpxchg16b on the per-CPU freelist) the helper computes EFLAGS from
#     a stale CC_OP and a discarded CC_SRC: every bit but ZF is garbage
#     until the next flag-setting instruction.  An interrupt taken in that
#     gap saves the garbage (TF, DF, AC, IOPL, bits above 21) in its frame
#     and IRET loads it: a debug trap in kmem_cache_alloc, a backwards
#     string copy, slab corruption, general protection faults.  With one
#     vCPU, interrupts arrive at timer deadlines and hit that one-
#     instruction gap rarely; with several (step 10) every turn of the
#     round-robin loop ends at an arbitrary instruction and a vCPU takes
#     its pending interrupts there, so a 4-vCPU guest forwarding traffic
#     crashed within 40 ms.  Write CC_OP before calling them.
tr=$T/target/i386/tcg/translate.c
if ! grep -q 'e1klab: the helper reads CC_OP' "$tr"; then
  perl -0pi -e 's|(\n( +)gen_lea_modrm\(env, s, modrm\);\n)( +if \(\(s->prefix & PREFIX_LOCK\) &&\n +\(tb_cflags\(s->base\.tb\) & CF_PARALLEL\)\) \{\n +gen_helper_cmpxchg(?:8\|16)b\()|$1$2/* e1klab: the helper reads CC_OP (scripts/build-qemu.sh step 13) */\n$2gen_update_cc_op(s);\n$3|g' "$tr"
fi
[ "$(grep -c 'e1klab: the helper reads CC_OP' "$tr")" = 2 ] \
  || die "could not patch cmpxchg8b/16b in $tr"

# 14. Host time in the budget.  7.2 also ends a vCPU's turn at the next
#     QEMU_CLOCK_REALTIME deadline (icount_get_limit, "they help with
#     input processing"), converted into instructions: a turn then ends
#     wherever the host clock happens to be.  With one vCPU that only adds
#     a pass through the loop; with several it decides which vCPU runs
#     when.  A guest resumed from a snapshot has such timers (the NICs'
#     self-announcement after an incoming migration, qemu_announce_self,
#     50 ms apart), and half of the 4-vCPU runs from one snapshot file
#     came out different.  In step 11's mode (several vCPUs) only
#     QEMU_CLOCK_VIRTUAL deadlines bound a turn; the main loop still runs
#     the realtime timers on time.
if ! grep -q 'e1klab: several vCPUs: no host time' "$ic"; then
  IFS= read -r -d '' rtd_c <<'EOF' || true
/* e1klab: several vCPUs (scripts/build-qemu.sh step 11, softmmu/icount.c) */
bool e1klab_icount_vcpu_warps(void);

EOF
  E1K_C="$rtd_c" perl -0pi -e 's|\n(static int64_t icount_get_limit\(void\)\n)|\n$ENV{E1K_C}$1|; s|(        /\* Check realtime timers, because they help with input processing \*/\n)(        deadline = qemu_soonest_timeout\(deadline,\n                qemu_clock_deadline_ns_all\(QEMU_CLOCK_REALTIME,\n                                           QEMU_TIMER_ATTR_ALL\)\);\n)|$1        /* e1klab: several vCPUs: no host time in a turn (step 14) */\n        if (!e1klab_icount_vcpu_warps()) {\n    $2        }\n|' "$ic"
fi
grep -q 'e1klab: several vCPUs: no host time in a turn' "$ic" \
  || die "could not patch icount_get_limit in $ic"

# ---------------------------------------------------------------- device
# Copy the models (hw/net: the e1000 files, the family's common layer
# hw/net/common and the 82598EB hw/net/ixgbe, flattened into one folder:
# file names are unique across them), the glue and the traffic library
# (testbench/traffic/trf*: plain C11 + libpcap, the very files the
# testbench builds), touching only files whose content changed so ninja
# rebuilds the minimum.
D=$T/hw/net/e1klab
mkdir -p "$D"
want_files=()
for f in "$top"/hw/net/*.c "$top"/hw/net/*.h \
         "$top"/hw/net/common/*.c "$top"/hw/net/common/*.h \
         "$top"/hw/net/ixgbe/*.c "$top"/hw/net/ixgbe/*.h \
         "$top"/hw/qemu/*.c "$top"/hw/qemu/*.h \
         "$top"/testbench/traffic/trf*.c "$top"/testbench/traffic/trf*.h; do
  [ -e "$f" ] || continue
  # the folders are flattened: a name may occur only once
  # (grep reads a here-string, not a pipe: under pipefail, grep -q
  # leaving early makes printf die of SIGPIPE and the test fail at random)
  grep -qxF "$(basename "$f")" <<<"$(printf '%s\n' "${want_files[@]}")" \
    && die "two sources named $(basename "$f"): cannot flatten into $D"
  want_files+=("$(basename "$f")")
  cmp -s "$f" "$D/$(basename "$f")" || cp "$f" "$D/"
done
# trace-events (the device's events) and trace.h (QEMU's per-directory
# include of the generated header, docs/devel/tracing.rst)
cmp -s "$top/hw/qemu/trace-events" "$D/trace-events" \
  || cp "$top/hw/qemu/trace-events" "$D/trace-events"
echo '#include "trace/trace-hw_net_e1klab.h"' > "$B/trace.h.new"
cmp -s "$B/trace.h.new" "$D/trace.h" || cp "$B/trace.h.new" "$D/trace.h"
rm -f "$B/trace.h.new"
want_files+=(trace-events trace.h)
for f in "$D"/*.c "$D"/*.h; do
  [ -e "$f" ] || continue
  b=$(basename "$f")
  grep -qxF "$b" <<<"$(printf '%s\n' "${want_files[@]}")" || rm -f "$f"
done
{
  echo "# Generated by e1klab scripts/build-qemu.sh: do not edit."
  echo "e1klab_pcap = dependency('libpcap', required: true)"
  printf "softmmu_ss.add(when: 'CONFIG_E1KLAB', if_true: [e1klab_pcap, files(\n"
  for b in $(printf '%s\n' "${want_files[@]}" | grep '\.c$' | LC_ALL=C sort); do
    printf "  '%s',\n" "$b"
  done
  printf ")])\n"
} > "$B/e1klab.meson.new"
cmp -s "$B/e1klab.meson.new" "$D/meson.build" || cp "$B/e1klab.meson.new" "$D/meson.build"
rm -f "$B/e1klab.meson.new"

# ---------------------------------------------------------------- stamp
inputs_hash=$( { echo "$pkgver"; cat "$0"; cat "$mak";
                 for b in $(printf '%s\n' "${want_files[@]}" | LC_ALL=C sort); do
                   echo "== $b"; cat "$D/$b"; done; } | sha256sum | cut -d' ' -f1)
bin=$B/build/qemu-system-x86_64
if [ -x "$bin" ] && [ -f "$B/stamp" ] && [ "$(cat "$B/stamp")" = "$inputs_hash" ]; then
  say "up to date ($bin)"
  [ "${1:-}" = "--print-binary" ] && echo "$bin"
  exit 0
fi

# ---------------------------------------------------------------- configure
if [ ! -f "$B/build/build.ninja" ]; then
  say "configuring"
  mkdir -p "$B/build"
  (cd "$B/build" && "$T/configure" --target-list=x86_64-softmmu \
      --without-default-features --enable-tcg --enable-slirp \
      --disable-docs --disable-werror --disable-install-blobs \
      --disable-tools --disable-guest-agent --enable-fdt=system \
      --with-devices-x86_64=e1klab >"$B/configure.log" 2>&1) \
    || { tail -n 20 "$B/configure.log" >&2; die "configure failed (see $B/configure.log)"; }
fi

# ---------------------------------------------------------------- build
say "building with ninja -j$JOBS (log: $B/ninja.log)"
if ! ninja -C "$B/build" -k 0 -j"$JOBS" qemu-system-x86_64 >"$B/ninja.log" 2>&1; then
  grep -E 'error|FAILED' "$B/ninja.log" | head -n 20 >&2
  die "ninja failed (see $B/ninja.log)"
fi
[ -x "$bin" ] || die "no binary at $bin after the build"
echo "$inputs_hash" > "$B/stamp"
say "built $bin"
[ "${1:-}" = "--print-binary" ] && echo "$bin"
exit 0
