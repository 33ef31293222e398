/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for the capture reader (testbench/traffic/trf_pcap.c
 * through trf_source_new/next; build: scripts/fuzz.sh).
 *
 * The input is a pcap or pcapng file.  It is written to a scratch file
 * in the current directory (the traffic library opens captures by path;
 * the file is removed at exit)
 * and replayed twice (loop 2) at the captured pace; the first byte's
 * low bit also selects rewriting the destination MAC.  Checks: an error
 * is one line; frames come in non-decreasing time with a length in
 * 1..65535 and a readable buffer; at most FP_MAX_FRAMES are read.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static void scratch_remove(void)
{
    (void)remove(scratch_path);
}

/* Scratch capture file of this process, removed at exit. */
static const char *scratch(void)
{
    if (!scratch_path[0]) {
        snprintf(scratch_path, sizeof(scratch_path), "fuzz-pcap-%ld.tmp",
                 (long)getpid());
        atexit(scratch_remove);
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
    FILE *fp = fopen(scratch(), "wb");
    TrfCfg cfg;
    TrfSource *src;
    char *err = NULL;
    FP_CHECK(fp != NULL);
    FP_CHECK(fwrite(data, 1, size, fp) == size);
    FP_CHECK(fclose(fp) == 0);
    trf_cfg_default(&cfg);
    cfg.kind = TRF_PCAP;
    cfg.pace = TRF_PACE_CAPTURED;
    cfg.loop = 2;
    cfg.rewrite_dst_mac = size && (data[0] & 1);
    snprintf(cfg.pcap, sizeof(cfg.pcap), "%s", scratch());
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
