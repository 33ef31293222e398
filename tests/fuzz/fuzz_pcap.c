/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for the capture reader (testbench/traffic/trf_pcap.c
 * through trf_source_new/next; build: scripts/fuzz.sh).
 *
 * The input is a pcap or pcapng file.  It is written into an anonymous
 * in-memory file (memfd_create(2), reached as /proc/self/fd/N, since the
 * traffic library opens captures by path): nothing touches the disk,
 * and the same descriptor is rewritten for every input.  It is replayed twice (loop 2) at the captured pace; the first byte's
 * low bit also selects rewriting the destination MAC.  Checks: an error
 * is one line; frames come in non-decreasing time with a length in
 * 1..65535 and a readable buffer; at most FP_MAX_FRAMES are read.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "traffic/trf.h"

#define FP_MAX_FRAMES 4096u

#define FP_CHECK(cond)                                                    \
    do {                                                                  \
        if (!(cond)) {                                                    \
            fprintf(stderr, "fuzz_pcap: check failed: %s\n", #cond);      \
            abort();                                                      \
        }                                                                 \
    } while (0)

static char scratch_path[64];
static int scratch_fd = -1;

/* Hold @data in the process's in-memory scratch file; returns its path. */
static const char *scratch(const uint8_t *data, size_t size)
{
    if (scratch_fd < 0) {
        scratch_fd = memfd_create("fuzz-pcap", 0);
        FP_CHECK(scratch_fd >= 0);
        snprintf(scratch_path, sizeof(scratch_path), "/proc/self/fd/%d",
                 scratch_fd);
    }
    FP_CHECK(ftruncate(scratch_fd, 0) == 0);
    for (size_t done = 0; done < size;) {
        ssize_t n = pwrite(scratch_fd, data + done, size - done,
                           (off_t)done);
        FP_CHECK(n > 0);
        done += (size_t)n;
    }
    return scratch_path;
}

static void replay(TrfSource *src)
{
    uint64_t t, last = 0;
    const uint8_t *frame;
    uint32_t len;
    char *err = NULL;
    int r;
    for (unsigned n = 0; n < FP_MAX_FRAMES; n++) {
        r = trf_source_next(src, &t, &frame, &len, &err);
        if (r != 1) {
            FP_CHECK(r == 0 || (err && !strchr(err, '\n')));
            free(err);
            return;
        }
        FP_CHECK(t >= last && len >= 1 && len <= 65535u && frame);
        volatile uint8_t sink = frame[0] ^ frame[len - 1];
        (void)sink;
        last = t;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = scratch(data, size);
    TrfCfg cfg;
    TrfSource *src;
    char *err = NULL;
    trf_cfg_default(&cfg);
    cfg.kind = TRF_PCAP;
    cfg.pace = TRF_PACE_CAPTURED;
    cfg.loop = 2;
    cfg.rewrite_dst_mac = size && (data[0] & 1);
    snprintf(cfg.pcap, sizeof(cfg.pcap), "%s", path);
    src = trf_source_new(&cfg, &err);
    if (src) {
        replay(src);
        trf_source_free(src);
    } else {
        FP_CHECK(err != NULL && strchr(err, '\n') == NULL);
        free(err);
    }
    return 0;
}
