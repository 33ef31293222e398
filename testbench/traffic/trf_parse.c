/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Addresses as text: MAC "aa:bb:cc:dd:ee:ff" and dotted IPv4; see trf.h.
 * Locale-independent (no <ctype.h>). */
#include <string.h>

#include "trf.h"

/* Value of hex digit @c, or -1. */
static int hexval(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

int trf_parse_mac(const char *s, uint8_t mac[6])
{
    uint8_t m[6];

    if (!s || strlen(s) != 17) {
        return -1;
    }
    for (int i = 0; i < 6; i++) {
        const char *p = s + 3 * i;
        int hi = hexval(p[0]), lo = hexval(p[1]);
        if (hi < 0 || lo < 0 || (i < 5 && p[2] != ':')) {
            return -1;
        }
        m[i] = (uint8_t)(hi << 4 | lo);
    }
    memcpy(mac, m, 6);
    return 0;
}

int trf_parse_ipv4(const char *s, uint32_t *ip)
{
    uint32_t v = 0;
    const char *p = s;

    if (!s) {
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        uint32_t part = 0;
        int digits = 0;
        while (*p >= '0' && *p <= '9' && digits < 4) {
            part = part * 10 + (uint32_t)(*p++ - '0');
            digits++;
        }
        if (digits == 0 || digits > 3 || part > 255) {
            return -1;
        }
        v = v << 8 | part;
        if (i < 3 && *p++ != '.') {
            return -1;
        }
    }
    if (*p) {
        return -1;
    }
    *ip = v;
    return 0;
}
