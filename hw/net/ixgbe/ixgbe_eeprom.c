/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * EEPROM of the 82598 model (datasheet 3.1.3 "Non-Volatile Memory";
 * registers EEC and EERD, 4.4.3.2) and the software semaphores the
 * driver takes around EEPROM and PHY access (SWSM, GSSR).
 *
 * Image (256 words, EEC.SIZE = 2), built from the configuration:
 *   0x03-0x0E  section pointers, 0xFFFF (none) except
 *   0x09       LAN core 0 section at 0x40, 0x0A LAN core 1 at 0x48
 *              (length word 3, then the station address, low byte
 *              first in each word); the hardware loads the function's
 *              address from its section into RAL0/RAH0 at every reset
 *              (datasheet 4.4.3.6.4: "If the EEPROM is present, RAL0 is
 *              loaded from the EEPROM")
 *   0x15-0x16  PBA number, 0xFFFF 0xFFFF (not programmed: Linux prints
 *              "PBA No: FFFFFF-0FF")
 *   0x3F       checksum: words 0x00-0x3E plus every section the pointers
 *              0x03-0x0E point to (its length word, then that many words)
 *              sum to 0xBABA, as Linux's ixgbe computes it
 *              (ixgbe_calc_eeprom_checksum_generic)
 *   others     0
 * Where the 82598 keeps the address is an assumption (the layout of the
 * family's later parts); the checksum walk is the driver's.
 *
 * EEC: PRES and auto-read done set, REQ granted at once; the SPI
 * bit-bang interface (SK/CS/DI/DO) is not modelled (the driver uses EERD
 * when PRES is set; writes through it are not modelled either).  EERD:
 * START with an address returns DONE and the word at once.  SWSM.SMBI is
 * set by a read that finds it clear (the semaphore), SWESMBI and GSSR's
 * software bits are plain storage; no firmware takes them.
 */
#include "ixgbe_core.h"

#define EE_LAN0 0x40u
#define EE_LAN1 0x48u
/** EEC.SIZE: 2^(SIZE + 6) words = 256. */
#define EE_SIZE_FIELD 2u

uint16_t ixg_eeprom_checksum(const uint16_t *w, uint32_t n)
{
    uint16_t sum = 0;

    for (uint32_t i = 0; i < 0x3Fu && i < n; i++) {
        sum = (uint16_t)(sum + w[i]);
    }
    for (uint32_t i = 0x03; i < 0x0Fu; i++) {
        uint32_t p = w[i], len;
        if (p == 0xFFFFu || p == 0 || p >= n) {
            continue;
        }
        len = w[p];
        if (len == 0xFFFFu || len == 0) {
            continue;
        }
        for (uint32_t j = p + 1; j <= p + len && j < n; j++) {
            sum = (uint16_t)(sum + w[j]);
        }
    }
    return (uint16_t)(0xBABAu - sum);
}

/** Write the station address @mac into the section at @at. */
static void put_mac(uint16_t *w, uint32_t at, const uint8_t *mac)
{
    w[at] = 3;
    for (uint32_t i = 0; i < 3; i++) {
        w[at + 1 + i] = (uint16_t)(mac[2 * i] | mac[2 * i + 1] << 8);
    }
}

/** The image of @cfg into @w (IXG_EEPROM_WORDS words). */
static void build_image(const IxgConfig *cfg, uint16_t *w)
{
    uint8_t other[6];

    memset(w, 0, IXG_EEPROM_WORDS * sizeof(*w));
    for (uint32_t i = 0x03; i < 0x10u; i++) {
        w[i] = 0xFFFFu;
    }
    w[0x15] = w[0x16] = 0xFFFFu;
    w[0x2D] = w[0x2E] = 0xFFFFu;    /* no ETrackID */
    /* the other port's address: this one with the last bit flipped */
    memcpy(other, cfg->mac, 6);
    other[5] ^= 1u;
    w[0x09] = EE_LAN0;
    w[0x0A] = EE_LAN1;
    put_mac(w, EE_LAN0, cfg->lan_id == 0 ? cfg->mac : other);
    put_mac(w, EE_LAN1, cfg->lan_id == 1 ? cfg->mac : other);
    w[0x3F] = ixg_eeprom_checksum(w, IXG_EEPROM_WORDS);
}

void ixg_eeprom_init(IxgDev *s)
{
    build_image(&s->cfg, s->eeprom);
}

void ixg_eeprom_load_mac(IxgDev *s)
{
    uint32_t at = (s->cfg.lan_id ? EE_LAN1 : EE_LAN0) + 1u;
    const uint16_t *w = s->eeprom;

    ixg_reg_set(s, IXG_RAL(0), (uint32_t)w[at] | (uint32_t)w[at + 1] << 16);
    ixg_reg_set(s, IXG_RAH(0), (uint32_t)w[at + 2] | IXG_RAH_AV);
}

/** EEC as read: the stored software bits, GNT following REQ, EEPROM
 *  present, auto-read done, the size. */
static uint32_t eec_value(const IxgDev *s)
{
    uint32_t v = ixg_reg(s, IXG_EEC) &
                 (IXG_EEC_SK | IXG_EEC_CS | IXG_EEC_DI | IXG_EEC_FWE |
                  IXG_EEC_REQ);

    if (v & IXG_EEC_REQ) {
        v |= IXG_EEC_GNT;
    }
    return v | IXG_EEC_PRES | IXG_EEC_ARD | (EE_SIZE_FIELD << IXG_EEC_SIZE_SHIFT);
}

/** EERD write: START reads the word at ADDR at once. */
static void eerd_write(IxgDev *s, uint32_t val)
{
    uint32_t addr = (val >> IXG_EERD_ADDR_SHIFT) & IXG_EERD_ADDR_MASK;
    uint32_t data = 0;

    if (!(val & IXG_EERD_START)) {
        ixg_reg_set(s, IXG_EERD, addr << IXG_EERD_ADDR_SHIFT);
        return;
    }
    if (addr < IXG_EEPROM_WORDS) {
        data = s->eeprom[addr];
    } else {
        ixg_trace(s, IXG_TRACE_EEPROM_ADDR, addr, 0);
    }
    ixg_reg_set(s, IXG_EERD, data << IXG_EERD_DATA_SHIFT |
                             addr << IXG_EERD_ADDR_SHIFT | IXG_EERD_DONE);
}

uint32_t ixg_eeprom_read(IxgDev *s, uint32_t off, bool side)
{
    uint32_t v = ixg_reg(s, off);

    switch (off) {
    case IXG_EEC:
        return eec_value(s);
    case IXG_SWSM:
        if (side && !(v & IXG_SWSM_SMBI)) {
            ixg_reg_set(s, IXG_SWSM, v | IXG_SWSM_SMBI);
        }
        return v;
    default:
        return v;   /* EERD, GSSR */
    }
}

void ixg_eeprom_write(IxgDev *s, uint32_t off, uint32_t val)
{
    switch (off) {
    case IXG_EEC:
        ixg_reg_set(s, IXG_EEC, val & (IXG_EEC_SK | IXG_EEC_CS |
                                       IXG_EEC_DI | IXG_EEC_FWE |
                                       IXG_EEC_REQ));
        return;
    case IXG_EERD:
        eerd_write(s, val);
        return;
    case IXG_SWSM:
        ixg_reg_set(s, IXG_SWSM, val & (IXG_SWSM_SMBI | IXG_SWSM_SWESMBI |
                                        IXG_SWSM_WMNG));
        return;
    default: /* GSSR: software bits; firmware bits stay 0 (no firmware) */
        ixg_reg_set(s, IXG_GSSR, val & IXG_GSSR_SW_MASK);
        return;
    }
}

int ixg_eeprom_validate(const IxgDev *s)
{
    uint16_t img[IXG_EEPROM_WORDS];

    /* the image is a function of the config alone: rebuild and compare */
    build_image(&s->cfg, img);
    if (memcmp(img, s->eeprom, sizeof(img)) != 0) {
        return -1;
    }
    return (ixg_reg(s, IXG_EEC) & ~(IXG_EEC_SK | IXG_EEC_CS | IXG_EEC_DI |
                                    IXG_EEC_FWE | IXG_EEC_REQ)) ||
           (ixg_reg(s, IXG_SWSM) & ~7u) ||
           (ixg_reg(s, IXG_GSSR) & ~IXG_GSSR_SW_MASK) ? -1 : 0;
}
