/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * EEPROM: the 64-word image, Microwire bit-banging through EECD and the
 * EERD read register (SDM 5, 13.4.3 EECD, 13.4.4 EERD).
 *
 * Microwire (EECD, SDM 5.3): software sets REQ and waits for GNT (granted
 * at once here; without REQ/GNT the pins are ignored), raises CS, then
 * shifts bits in on DI, sampled on each rising edge of SK.  Leading 0s
 * before the start bit are ignored.  After 3 opcode bits (READ = 110b,
 * the leading 1 being the start bit) and 6 address bits the part drives a
 * dummy 0 on DO, then one data bit per rising SK edge, MSB first; while CS
 * stays high the read continues with the next word (address wraps at 64).
 * Dropping CS ends the command.
 *
 * WRITE (101b), ERASE (111b) and EWEN/EWDS/ERAL/WRAL (100b) are accepted
 * and ignored: the model's EEPROM is write-protected, so its contents are
 * always the image built from the configuration.  After such a command DO
 * reads 1 (ready) while CS stays high, so a driver polling for completion
 * sees it done.
 *
 * EERD (8254x layout): writing START with an address reads that word at
 * once: DONE b4 is set and the data lands in b31:16.  Addresses >= 64 give
 * DONE with data 0.
 */
#include "e1000_core.h"

/** Microwire command states (E1kEeprom.reading). */
enum {
    UW_CMD = 0,     /* shifting in start bit, opcode, address */
    UW_READ = 1,    /* shifting data out on DO */
    UW_IGNORE = 2,  /* write-type command accepted and ignored: DO = 1 */
};

/** Number of opcode+address bits (3 + 6 for a 64-word part). */
#define UW_CMD_BITS 9u

/** EECD bits software may write: SK, CS, DI, FWE b5:4, REQ. */
#define EECD_WMASK (E1K_EECD_SK | E1K_EECD_CS | E1K_EECD_DI | (3u << 4) | \
                    E1K_EECD_REQ)

/** Subsystem ID per chip ([PCIIDS]). */
static uint16_t subsystem_id(E1kChip chip)
{
    return chip == E1K_CHIP_82545EM ? 0x1001u : 0x001Eu;
}

/**
 * Build the 64-word image of @cfg into @w (SDM 5.6 field meanings).  The
 * words the Linux e1000 driver reads carry the values of the image QEMU's
 * e1000 has presented since 2008 ([QEMU-E1000] e1000_eeprom_template);
 * docs/model.md "EEPROM" decodes each:
 *   0x04 ID LED settings 0xFFFF: "use the defaults" (e1000_id_led_init);
 *   0x0A init control 1 0x6403: load vendor/subsystem IDs (b0, b1), full
 *        duplex (b10), b13, signature 01b (b15:14);
 *   0x0F init control 2 0x3040: PAUSE and ASM_DIR (b13:12 = 11b, flow
 *        control "full" for e1000_setup_link), SWDPIO_EXT b6;
 *   0x24 init control 3 (port A) 0x4D01: APM enable b10 (WUC.APME at
 *        reset; e1000_probe's eeprom_wol: magic packet).
 */
static void build_image(const E1kConfig *cfg, uint16_t *w)
{
    uint16_t sum = 0;
    for (unsigned i = 0; i < E1K_EEPROM_WORDS; i++) {
        w[i] = 0;
    }
    for (unsigned i = 0; i < 3; i++) {
        w[E1K_EE_MAC0 + i] = (uint16_t)(cfg->mac[2 * i] |
                                        cfg->mac[2 * i + 1] << 8);
    }
    w[E1K_EE_LED] = 0xFFFFu;
    w[E1K_EE_INIT1] = 0x6403u;
    w[E1K_EE_SUBSYS] = subsystem_id(cfg->chip);
    w[E1K_EE_SUBVEN] = E1K_PCI_VENDOR_INTEL;
    w[E1K_EE_DEVID] = cfg->chip == E1K_CHIP_82545EM ? E1K_PCI_DEVICE_82545EM
                                                    : E1K_PCI_DEVICE_82540EM;
    w[E1K_EE_VENID] = E1K_PCI_VENDOR_INTEL;
    w[E1K_EE_INIT2] = 0x3040u;
    w[E1K_EE_INIT3] = 0x4D01u;
    for (unsigned i = 0; i < E1K_EE_CHECKSUM; i++) {
        sum = (uint16_t)(sum + w[i]);
    }
    w[E1K_EE_CHECKSUM] = (uint16_t)(E1K_EEPROM_SUM - sum);
}

void e1k_eeprom_init(E1kDev *s)
{
    build_image(&s->cfg, s->ee.words);
}

/** Back to the idle state (CS low). */
static void uw_idle(E1kEeprom *ee)
{
    ee->bits_in = 0;
    ee->in_val = 0;
    ee->out_bit = -1;
    ee->reading = UW_CMD;
}

/** One rising edge of SK with CS high; @di is the DI pin. */
static void uw_clock(E1kEeprom *ee, uint32_t di)
{
    switch (ee->reading) {
    case UW_READ:
        if (ee->out_bit == 16) {        /* dummy bit done: D15 next */
            ee->out_bit = 15;
        } else if (ee->out_bit <= 0) {  /* sequential read: next word */
            ee->addr = (ee->addr + 1) % E1K_EEPROM_WORDS;
            ee->out_val = ee->words[ee->addr];
            ee->out_bit = 15;
        } else {
            ee->out_bit--;
        }
        return;
    case UW_IGNORE:
        return;
    default:
        break;
    }
    if (ee->bits_in == 0 && !di) {
        return; /* waiting for the start bit */
    }
    ee->in_val = (ee->in_val << 1) | (di ? 1u : 0u);
    ee->bits_in++;
    if (ee->bits_in < UW_CMD_BITS) {
        return;
    }
    if (((ee->in_val >> 6) & 7u) == E1K_UWIRE_READ) {
        ee->addr = ee->in_val & 0x3Fu;
        ee->out_val = ee->words[ee->addr];
        ee->out_bit = 16; /* dummy 0 first */
        ee->reading = UW_READ;
    } else {
        ee->reading = UW_IGNORE;
    }
}

void e1k_eecd_write(E1kDev *s, uint32_t val)
{
    E1kEeprom *ee = &s->ee;
    uint32_t old = e1k_reg(s, E1K_EECD);
    uint32_t v = val & EECD_WMASK;

    if (v & E1K_EECD_REQ) {
        v |= E1K_EECD_GNT; /* no other EEPROM user: grant at once */
    }
    v |= E1K_EECD_PRES; /* SIZE = 0: 64 words, 6 address bits */
    e1k_reg_set(s, E1K_EECD, v);
    ee->old_eecd = v;

    if (!(v & E1K_EECD_GNT) || !(v & E1K_EECD_CS)) {
        uw_idle(ee);
        return;
    }
    if ((v & E1K_EECD_SK) && !(old & E1K_EECD_SK) && (old & E1K_EECD_CS)) {
        uint32_t was = ee->reading;
        uw_clock(ee, v & E1K_EECD_DI);
        if (was != UW_IGNORE && ee->reading == UW_IGNORE) {
            e1k_trace(s, E1K_TRACE_EEPROM_OPCODE, (ee->in_val >> 6) & 7u,
                      ee->in_val & 0x3Fu);
        }
    }
}

uint32_t e1k_eecd_read(E1kDev *s)
{
    const E1kEeprom *ee = &s->ee;
    uint32_t v = e1k_reg(s, E1K_EECD) & ~E1K_EECD_DO;
    if ((v & E1K_EECD_GNT) && (v & E1K_EECD_CS)) {
        if (ee->reading == UW_READ && ee->out_bit >= 0 && ee->out_bit <= 15 &&
            ((ee->out_val >> ee->out_bit) & 1u)) {
            v |= E1K_EECD_DO;
        } else if (ee->reading == UW_IGNORE) {
            v |= E1K_EECD_DO;
        }
    }
    return v;
}

void e1k_eerd_write(E1kDev *s, uint32_t val)
{
    uint32_t addr = (val & E1K_EERD_ADDR_MASK) >> E1K_EERD_ADDR_SHIFT;
    uint32_t data;
    if (!(val & E1K_EERD_START)) {
        e1k_reg_set(s, E1K_EERD, val & E1K_EERD_ADDR_MASK);
        return;
    }
    if (addr >= E1K_EEPROM_WORDS) {
        e1k_trace(s, E1K_TRACE_EEPROM_ADDR, addr, 0);
    }
    data = addr < E1K_EEPROM_WORDS ? s->ee.words[addr] : 0;
    e1k_reg_set(s, E1K_EERD, E1K_EERD_DONE | addr << E1K_EERD_ADDR_SHIFT |
                                 data << E1K_EERD_DATA_SHIFT);
}

int e1k_eeprom_validate(const E1kDev *s)
{
    uint16_t w[E1K_EEPROM_WORDS];
    const E1kEeprom *ee = &s->ee;
    build_image(&s->cfg, w);
    for (unsigned i = 0; i < E1K_EEPROM_WORDS; i++) {
        if (w[i] != ee->words[i]) {
            return -1;
        }
    }
    if (ee->reading > UW_IGNORE || ee->bits_in > UW_CMD_BITS ||
        ee->addr >= E1K_EEPROM_WORDS || ee->out_val > 0xFFFFu ||
        ee->out_bit < -1 || ee->out_bit > 16 || ee->in_val >= (1u << 9)) {
        return -1;
    }
    if (ee->reading == UW_READ && ee->out_bit < 0) {
        return -1;
    }
    if (e1k_reg(s, E1K_EECD) & ~(EECD_WMASK | E1K_EECD_GNT | E1K_EECD_PRES)) {
        return -1;
    }
    return 0;
}
