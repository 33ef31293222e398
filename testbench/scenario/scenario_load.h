/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Scenario files: INI (GKeyFile) -> a TbScenario per host (loaded by
 * tb_topology_load, scenario/topology.h), and what the rest of the
 * testbench asks of a host's scenario.  Every section and key is
 * documented in docs/scenarios.md with its unit and default.
 *
 * Errors are one line naming the file, the line and the key, e.g.
 *   forward.ini:12: [traffic] pps: 'abc' is not a number
 * or, for a value given on the command line,
 *   --set traffic.pps=abc: [traffic] pps: 'abc' is not a number
 * Unknown sections and keys, bad values, missing required keys and bad
 * references (a NIC name that no [nic.NAME] defines) are errors.
 */
#ifndef TB_SCENARIO_LOAD_H
#define TB_SCENARIO_LOAD_H

#include <stddef.h>

#include "scenario/scenario.h"

/**
 * The files a run of @sc reads, for output checks (cli_out.h
 * tb_out_check): sc->file, the CPU cost profile (host.profile_path, or
 * the file tb_profile_find() gives for host.profile; "" if none) and
 * the capture of every pcap source.  NULL-terminated, g_strfreev.
 */
char **tb_scenario_inputs(const TbScenario *sc);

/**
 * Simulated time of @sc from host ready to its end, ns, for progress
 * bars: run.duration_ns if set, else the latest end of a source (start +
 * its frames at their pace: frames / pps, frames x largest frame at mbps
 * or at link speed, the capture's span / multiplier; an upper bound) plus
 * run.drain_ns.  Reads each capture through libpcap.
 */
uint64_t tb_scenario_expected_ns(const TbScenario *sc);

/**
 * Whether the testbench backend can run @sc: it always runs e1klab's
 * driver core, so `[guest] driver = stock` (Linux's own e1000, which it
 * does not model) is refused rather than run as something else, and
 * `host.cpus` CPUs, so a `[guest] cpus` other than that is refused too.
 * Returns 0, or -1 with *err set to a one-line message naming the key's
 * file:line (g_malloc'd).
 */
int tb_scenario_testbench_check(const TbScenario *sc, char **err);

/** The guest's vCPUs: [guest] cpus if given, else host.cpus (>= 1). */
uint32_t tb_guest_cpus(const TbScenario *sc);

/**
 * The CPU NIC @i's interrupt vectors are pinned to in the guest: its
 * `cpu` if given, else the NIC's index modulo tb_guest_cpus()
 * (docs/scenarios.md).  Below tb_guest_cpus() (the loader checks a given
 * one).
 */
uint32_t tb_guest_nic_cpu(const TbScenario *sc, uint32_t i);

/**
 * The defaults of a scenario named by the file @name: sc zeroed, then
 * sc->file = @name, sc->name = its base name without ".ini", every
 * [host], [run] and [guest] default of the key registry (docs/scenarios.md) and
 * host.netdev_budget_usecs = two jiffies (2e6 / host.hz).  No NIC, route
 * or source (nnics = nroutes = nsources = 0).  The loader starts every
 * host from this.
 */
void tb_scenario_defaults(TbScenario *sc, const char *name);

/**
 * The length of the decimal number at the start of @s (0: none): digits
 * with an optional fraction and exponent ("970000", "1.5", "1e-6"), as
 * docs/scenarios.md writes numbers; never hexadecimal ("0x10", which
 * strtod would take), "inf" or "nan".  No sign.
 */
size_t tb_decimal_len(const char *s);

/**
 * Parse a time with a unit ("10ms", "2s", "1.5us", "250ns"; "0" alone
 * without unit) into *ns.  Returns 0, or -1 if malformed, negative or
 * over the ceiling of simulated time (TRF_TIME_MAX_NS, 10^7 s).
 */
int tb_parse_time_ns(const char *s, uint64_t *ns);

/** Parse "aa:bb:cc:dd:ee:ff" (hex): trf_parse_mac() of traffic/trf.h.
 *  0 or -1. */
int tb_parse_mac(const char *s, uint8_t mac[6]);

/** Parse dotted-quad IPv4 "a.b.c.d" into host byte order:
 *  trf_parse_ipv4() of traffic/trf.h.  0 or -1. */
int tb_parse_ipv4(const char *s, uint32_t *ip);

/**
 * @s made printable on one line: newline and tab as "\\n" and "\\t",
 * other control characters and bytes that are not UTF-8 as "\\xNN"; the
 * rest (valid UTF-8) kept.  g_malloc'd.  Every one-line message that
 * quotes user text goes through it.
 */
char *tb_text_one_line(const char *s);

/** Format a MAC address into @buf (18 bytes). */
void tb_format_mac(const uint8_t mac[6], char buf[18]);

/** Format an IPv4 address (host byte order) into @buf (16 bytes). */
void tb_format_ipv4(uint32_t ip, char buf[16]);

#endif /* TB_SCENARIO_LOAD_H */
