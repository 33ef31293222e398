/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 82540EM/82545EM register offsets, bit fields and descriptor layouts,
 * named as in the SDM (doc 317453006EN rev 4.0) chapter 13 and section 3.
 * Offsets are byte offsets in the memory BAR; all registers are 32-bit
 * little-endian.  Shared by the device model and the driver core.
 */
#ifndef E1K_E1000_REGS_H
#define E1K_E1000_REGS_H

#include <stdint.h>

/* ---- General (SDM 13.4.1-13.4.9) ---- */
#define E1K_CTRL      0x00000u
#define E1K_CTRL_DUP  0x00004u
#define E1K_STATUS    0x00008u
#define E1K_EECD      0x00010u
#define E1K_EERD      0x00014u
#define E1K_CTRL_EXT  0x00018u
#define E1K_FLA       0x0001Cu
#define E1K_MDIC      0x00020u
#define E1K_FCAL      0x00028u
#define E1K_FCAH      0x0002Cu
#define E1K_FCT       0x00030u
#define E1K_VET       0x00038u
#define E1K_ICR       0x000C0u
#define E1K_ITR       0x000C4u
#define E1K_ICS       0x000C8u
#define E1K_IMS       0x000D0u
#define E1K_IMC       0x000D8u
#define E1K_RCTL      0x00100u
#define E1K_FCTTV     0x00170u
#define E1K_TXCW      0x00178u
#define E1K_RXCW      0x00180u
#define E1K_TCTL      0x00400u
#define E1K_TIPG      0x00410u
#define E1K_AIT       0x00458u
#define E1K_LEDCTL    0x00E00u
#define E1K_PBA       0x01000u
#define E1K_FCRTL     0x02160u
#define E1K_FCRTH     0x02168u
#define E1K_RDFH      0x02410u
#define E1K_RDFT      0x02418u
#define E1K_RDFHS     0x02420u
#define E1K_RDFTS     0x02428u
#define E1K_RDFPC     0x02430u
#define E1K_RDBAL     0x02800u
#define E1K_RDBAH     0x02804u
#define E1K_RDLEN     0x02808u
#define E1K_RDH       0x02810u
#define E1K_RDT       0x02818u
#define E1K_RDTR      0x02820u
#define E1K_RXDCTL    0x02828u
#define E1K_RADV      0x0282Cu
#define E1K_RSRPD     0x02C00u
#define E1K_TDFH      0x03410u
#define E1K_TDFT      0x03418u
#define E1K_TDFHS     0x03420u
#define E1K_TDFTS     0x03428u
#define E1K_TDFPC     0x03430u
#define E1K_TDBAL     0x03800u
#define E1K_TDBAH     0x03804u
#define E1K_TDLEN     0x03808u
#define E1K_TDH       0x03810u
#define E1K_TDT       0x03818u
#define E1K_TIDV      0x03820u
#define E1K_TXDCTL    0x03828u
#define E1K_TADV      0x0382Cu
#define E1K_TSPMT     0x03830u
#define E1K_RXCSUM    0x05000u
#define E1K_MTA       0x05200u /* 128 dwords */
#define E1K_RAL(n)    (0x05400u + 8u * (n)) /* n = 0..15 */
#define E1K_RAH(n)    (0x05404u + 8u * (n))
#define E1K_VFTA      0x05600u /* 128 dwords */
#define E1K_WUC       0x05800u
#define E1K_WUFC      0x05808u
#define E1K_WUS       0x05810u
#define E1K_MANC      0x05820u
#define E1K_IPAV      0x05838u
#define E1K_IP4AT     0x05840u
#define E1K_IP6AT     0x05880u
#define E1K_WUPL      0x05900u
#define E1K_WUPM      0x05A00u
#define E1K_FFLT      0x05F00u
#define E1K_FFMT      0x09000u
#define E1K_FFVT      0x09800u
#define E1K_MTA_WORDS  128u
#define E1K_VFTA_WORDS 128u
#define E1K_RA_ENTRIES 16u

/* ---- Statistics (SDM 13.7) ---- */
#define E1K_CRCERRS  0x04000u
#define E1K_ALGNERRC 0x04004u
#define E1K_SYMERRS  0x04008u
#define E1K_RXERRC   0x0400Cu
#define E1K_MPC      0x04010u
#define E1K_SCC      0x04014u
#define E1K_ECOL     0x04018u
#define E1K_MCC      0x0401Cu
#define E1K_LATECOL  0x04020u
#define E1K_COLC     0x04028u
#define E1K_DC       0x04030u
#define E1K_TNCRS    0x04034u
#define E1K_SEC      0x04038u
#define E1K_CEXTERR  0x0403Cu
#define E1K_RLEC     0x04040u
#define E1K_XONRXC   0x04048u
#define E1K_XONTXC   0x0404Cu
#define E1K_XOFFRXC  0x04050u
#define E1K_XOFFTXC  0x04054u
#define E1K_FCRUC    0x04058u
#define E1K_PRC64    0x0405Cu
#define E1K_PRC127   0x04060u
#define E1K_PRC255   0x04064u
#define E1K_PRC511   0x04068u
#define E1K_PRC1023  0x0406Cu
#define E1K_PRC1522  0x04070u
#define E1K_GPRC     0x04074u
#define E1K_BPRC     0x04078u
#define E1K_MPRC     0x0407Cu
#define E1K_GPTC     0x04080u
#define E1K_GORCL    0x04088u
#define E1K_GORCH    0x0408Cu
#define E1K_GOTCL    0x04090u
#define E1K_GOTCH    0x04094u
#define E1K_RNBC     0x040A0u
#define E1K_RUC      0x040A4u
#define E1K_RFC      0x040A8u
#define E1K_ROC      0x040ACu
#define E1K_RJC      0x040B0u
#define E1K_MGTPRC   0x040B4u
#define E1K_MGTPDC   0x040B8u
#define E1K_MGTPTC   0x040BCu
#define E1K_TORL     0x040C0u
#define E1K_TORH     0x040C4u
#define E1K_TOTL     0x040C8u
#define E1K_TOTH     0x040CCu
#define E1K_TPR      0x040D0u
#define E1K_TPT      0x040D4u
#define E1K_PTC64    0x040D8u
#define E1K_PTC127   0x040DCu
#define E1K_PTC255   0x040E0u
#define E1K_PTC511   0x040E4u
#define E1K_PTC1023  0x040E8u
#define E1K_PTC1522  0x040ECu
#define E1K_MPTC     0x040F0u
#define E1K_BPTC     0x040F4u
#define E1K_TSCTC    0x040F8u
#define E1K_TSCTFC   0x040FCu
#define E1K_STATS_FIRST E1K_CRCERRS
#define E1K_STATS_LAST  E1K_TSCTFC

/* ---- CTRL (SDM 13.4.1) ---- */
#define E1K_CTRL_FD      (1u << 0)
#define E1K_CTRL_LRST    (1u << 3)
#define E1K_CTRL_ASDE    (1u << 5)
#define E1K_CTRL_SLU     (1u << 6)
#define E1K_CTRL_ILOS    (1u << 7)
#define E1K_CTRL_SPEED_SHIFT 8
#define E1K_CTRL_SPEED_MASK  (3u << 8)
#define E1K_CTRL_FRCSPD  (1u << 11)
#define E1K_CTRL_FRCDPX  (1u << 12)
#define E1K_CTRL_RST     (1u << 26)
#define E1K_CTRL_RFCE    (1u << 27)
#define E1K_CTRL_TFCE    (1u << 28)
#define E1K_CTRL_VME     (1u << 30)
#define E1K_CTRL_PHY_RST (1u << 31)

/* ---- STATUS (SDM 13.4.2) ---- */
#define E1K_STATUS_FD        (1u << 0)
#define E1K_STATUS_LU        (1u << 1)
#define E1K_STATUS_TXOFF     (1u << 4)
#define E1K_STATUS_SPEED_SHIFT 6
#define E1K_STATUS_SPEED_10   (0u << 6)
#define E1K_STATUS_SPEED_100  (1u << 6)
#define E1K_STATUS_SPEED_1000 (2u << 6)
#define E1K_STATUS_SPEED_MASK (3u << 6)
#define E1K_STATUS_PCI66     (1u << 11)
#define E1K_STATUS_BUS64     (1u << 12)
#define E1K_STATUS_PCIX_MODE (1u << 13)

/* ---- EECD / EERD (SDM 13.4.3-13.4.4; 8254x EERD layout) ---- */
#define E1K_EECD_SK   (1u << 0)
#define E1K_EECD_CS   (1u << 1)
#define E1K_EECD_DI   (1u << 2)
#define E1K_EECD_DO   (1u << 3)
#define E1K_EECD_REQ  (1u << 6)
#define E1K_EECD_GNT  (1u << 7)
#define E1K_EECD_PRES (1u << 8)
#define E1K_EECD_SIZE (1u << 9)
#define E1K_EERD_START (1u << 0)
#define E1K_EERD_DONE  (1u << 4)
#define E1K_EERD_ADDR_SHIFT 8
#define E1K_EERD_ADDR_MASK  (0xFFu << 8)
#define E1K_EERD_DATA_SHIFT 16
#define E1K_EEPROM_WORDS 64u
#define E1K_EEPROM_SUM   0xBABAu
/* EEPROM word map (SDM 5.6; [DPDK-E1000]). */
#define E1K_EE_MAC0      0x00u
#define E1K_EE_INIT1     0x0Au
#define E1K_EE_SUBSYS    0x0Bu
#define E1K_EE_SUBVEN    0x0Cu
#define E1K_EE_DEVID     0x0Du
#define E1K_EE_VENID     0x0Eu
#define E1K_EE_INIT2     0x0Fu
#define E1K_EE_LED       0x04u   /* ID LED settings (0xFFFF: defaults) */
#define E1K_EE_INIT3     0x24u   /* init control 3 (port A) */
#define E1K_EE_INIT3_APME 0x0400u /* APM enable: WUC.APME at reset */
#define E1K_EE_CHECKSUM  0x3Fu
/* Microwire opcodes, 3 bits (SDM 5.3; [DPDK-E1000]). */
#define E1K_UWIRE_READ  0x6u
#define E1K_UWIRE_WRITE 0x5u
#define E1K_UWIRE_ERASE 0x7u

/* ---- MDIC (SDM 13.4.5) ---- */
#define E1K_MDIC_DATA_MASK   0xFFFFu
#define E1K_MDIC_REG_SHIFT   16
#define E1K_MDIC_REG_MASK    (0x1Fu << 16)
#define E1K_MDIC_PHY_SHIFT   21
#define E1K_MDIC_PHY_MASK    (0x1Fu << 21)
#define E1K_MDIC_OP_WRITE    (1u << 26)
#define E1K_MDIC_OP_READ     (2u << 26)
#define E1K_MDIC_OP_MASK     (3u << 26)
#define E1K_MDIC_READY       (1u << 28)
#define E1K_MDIC_INT_EN      (1u << 29)
#define E1K_MDIC_ERROR       (1u << 30)

/* ---- PHY registers ([DPDK-E1000]; M88E1011 at MDIO address 1) ---- */
#define E1K_PHY_ADDR        1u
#define E1K_PHY_BMCR        0x00u
#define E1K_PHY_BMSR        0x01u
#define E1K_PHY_ID1         0x02u
#define E1K_PHY_ID2         0x03u
#define E1K_PHY_ANAR        0x04u
#define E1K_PHY_ANLPAR      0x05u
#define E1K_PHY_ANER        0x06u
#define E1K_PHY_1000T_CTRL  0x09u
#define E1K_PHY_1000T_STAT  0x0Au
#define E1K_PHY_EXT_STATUS  0x0Fu
#define E1K_PHY_M88_SCTRL   0x10u
#define E1K_PHY_M88_SSTAT   0x11u
#define E1K_PHY_M88_EXT_CTRL 0x14u
#define E1K_PHY_ID1_VAL     0x0141u
#define E1K_PHY_ID2_VAL     0x0C20u
#define E1K_BMCR_RESET      0x8000u
#define E1K_BMCR_LOOPBACK   0x4000u
#define E1K_BMCR_ANENABLE   0x1000u
#define E1K_BMCR_ANRESTART  0x0200u
#define E1K_BMCR_FD         0x0100u /* duplex when forced */
#define E1K_BMCR_SPEED_MASK 0x2040u /* b6 speed MSB, b13 speed LSB */
#define E1K_BMSR_LSTATUS    0x0004u
#define E1K_BMSR_ANCOMPLETE 0x0020u
#define E1K_M88_SSTAT_LINK     0x0400u
#define E1K_M88_SSTAT_RESOLVED 0x0800u
#define E1K_M88_SSTAT_DUPLEX   0x2000u
#define E1K_M88_SSTAT_1000     0x8000u

/* ---- Interrupt causes: ICR/ICS/IMS/IMC bits (SDM 13.4.17, Table 13-63) ---- */
#define E1K_ICR_TXDW    (1u << 0)
#define E1K_ICR_TXQE    (1u << 1)
#define E1K_ICR_LSC     (1u << 2)
#define E1K_ICR_RXSEQ   (1u << 3)
#define E1K_ICR_RXDMT0  (1u << 4)
#define E1K_ICR_RXO     (1u << 6)
#define E1K_ICR_RXT0    (1u << 7)
#define E1K_ICR_MDAC    (1u << 9)
#define E1K_ICR_RXCFG   (1u << 10)
#define E1K_ICR_GPI_EN0 (1u << 11)
#define E1K_ICR_GPI_EN1 (1u << 12)
#define E1K_ICR_GPI_EN2 (1u << 13)
#define E1K_ICR_GPI_EN3 (1u << 14)
#define E1K_ICR_TXD_LOW (1u << 15)
#define E1K_ICR_SRPD    (1u << 16)
/** Cause bits ICR latches on the 82540EM/82545EM: 0-16 (bit 31 stays
 *  0).  The SDM marks bits 5 and 8 reserved, but Intel's diagnostic
 *  (Linux e1000_ethtool.c e1000_intr_test) forces each of bits 0-9 with
 *  ICS, enabled in IMS, and requires it to reach the handler: the
 *  silicon latches them (docs/model.md "Where the diagnostic and the
 *  SDM differ"). */
#define E1K_ICR_VALID   0x0001FFFFu

/* ---- ITR, RDTR, RADV, TIDV, TADV (SDM 13.4.18, 13.4.30-31, 13.4.41, 13.4.44) ---- */
#define E1K_ITR_INTERVAL_MASK 0xFFFFu /* 256 ns units */
#define E1K_ITR_UNIT_NS       256u
#define E1K_RDTR_DELAY_MASK   0xFFFFu /* 1.024 us units */
#define E1K_RDTR_FPD          (1u << 31)
#define E1K_DELAY_UNIT_NS     1024u   /* RDTR/RADV/TIDV/TADV tick */

/* ---- RCTL (SDM 13.4.22) ---- */
#define E1K_RCTL_RST     (1u << 0)
#define E1K_RCTL_EN      (1u << 1)
#define E1K_RCTL_SBP     (1u << 2)
#define E1K_RCTL_UPE     (1u << 3)
#define E1K_RCTL_MPE     (1u << 4)
#define E1K_RCTL_LPE     (1u << 5)
#define E1K_RCTL_LBM_MASK (3u << 6)
#define E1K_RCTL_LBM_MAC  (1u << 6) /* LBM 01b: MAC loopback */
#define E1K_RCTL_RDMTS_SHIFT 8
#define E1K_RCTL_RDMTS_MASK (3u << 8)
#define E1K_RCTL_MO_SHIFT 12
#define E1K_RCTL_MO_MASK (3u << 12)
#define E1K_RCTL_BAM     (1u << 15)
#define E1K_RCTL_BSIZE_SHIFT 16
#define E1K_RCTL_BSIZE_MASK (3u << 16)
#define E1K_RCTL_VFE     (1u << 18)
#define E1K_RCTL_CFIEN   (1u << 19)
#define E1K_RCTL_CFI     (1u << 20)
#define E1K_RCTL_DPF     (1u << 22)
#define E1K_RCTL_PMCF    (1u << 23)
#define E1K_RCTL_BSEX    (1u << 25)
#define E1K_RCTL_SECRC   (1u << 26)

/* ---- RXCSUM (SDM 13.4.x; DPDK defines) ---- */
#define E1K_RXCSUM_PCSS_MASK 0xFFu
#define E1K_RXCSUM_IPOFL (1u << 8)
#define E1K_RXCSUM_TUOFL (1u << 9)

/* ---- TCTL / TIPG (SDM 13.4.33-34) ---- */
#define E1K_TCTL_EN   (1u << 1)
#define E1K_TCTL_PSP  (1u << 3)
#define E1K_TCTL_CT_SHIFT 4
#define E1K_TCTL_COLD_SHIFT 12
#define E1K_TCTL_SWXOFF (1u << 22)
#define E1K_TCTL_RTLC (1u << 24)
#define E1K_TIPG_IPGT_MASK 0x3FFu

/* ---- PBA (SDM 13.4.16) ---- */
#define E1K_PBA_RXA_MASK 0x7Fu   /* KB, writable bits 6:0 */
#define E1K_PBA_TOTAL_KB 64u
#define E1K_PBA_DEFAULT  0x00100030u /* RXA 48 KB, TXA 16 KB */

/* ---- RXDCTL / TXDCTL (SDM 13.4.42, 13.4.46) ---- */
#define E1K_TXDCTL_WTHRESH_SHIFT 16
#define E1K_TXDCTL_WTHRESH_MASK  (0x3Fu << 16)
#define E1K_TXDCTL_LWTHRESH_SHIFT 25
#define E1K_TXDCTL_GRAN (1u << 24)

/* ---- Wake-up (SDM 13.6.1-3) ---- */
#define E1K_WUC_APME       (1u << 0)
#define E1K_WUC_PME_EN     (1u << 1)
#define E1K_WUC_PME_STATUS (1u << 2)
#define E1K_WUC_APMPME     (1u << 3)
#define E1K_WUC_WMASK      0x0000000Fu
/* WUFC filters and WUS status bits: LNKC b0, MAG b1, EX b2, MC b3, BC b4,
 * ARP b5, IPV4 b6, IPV6 b7, FLX0-3 b19:16. */
#define E1K_WUFC_MAG       (1u << 1)
#define E1K_WUFC_EX        (1u << 2)
#define E1K_WUFC_MC        (1u << 3)
#define E1K_WUFC_BC        (1u << 4)
#define E1K_WUFC_WMASK     0x000F00FFu

/* ---- RAH (SDM 13.5.3) ---- */
#define E1K_RAH_AV (1u << 31)

/* ---- Ring length register: LEN field bits 19:7 (SDM 13.4.27) ---- */
#define E1K_xDLEN_MASK 0x000FFF80u
#define E1K_DESC_SIZE  16u

/* ---- Receive descriptor (SDM 3.2.3) ---- */
#define E1K_RXD_STAT_DD    (1u << 0)
#define E1K_RXD_STAT_EOP   (1u << 1)
#define E1K_RXD_STAT_IXSM  (1u << 2)
#define E1K_RXD_STAT_VP    (1u << 3)
#define E1K_RXD_STAT_UDPCS (1u << 4)
#define E1K_RXD_STAT_TCPCS (1u << 5)
#define E1K_RXD_STAT_IPCS  (1u << 6)
#define E1K_RXD_STAT_PIF   (1u << 7)
#define E1K_RXD_ERR_CE     (1u << 0)
#define E1K_RXD_ERR_SE     (1u << 1)
#define E1K_RXD_ERR_SEQ    (1u << 2)
#define E1K_RXD_ERR_CXE    (1u << 4)
#define E1K_RXD_ERR_TCPE   (1u << 5)
#define E1K_RXD_ERR_IPE    (1u << 6)
#define E1K_RXD_ERR_RXE    (1u << 7)
/* Byte offsets inside a 16-byte legacy RX descriptor. */
#define E1K_RXD_ADDR    0
#define E1K_RXD_LENGTH  8
#define E1K_RXD_CSUM    10
#define E1K_RXD_STATUS  12
#define E1K_RXD_ERRORS  13
#define E1K_RXD_SPECIAL 14

/* ---- Transmit descriptors (SDM 3.3.3, 3.3.6-3.3.7) ---- */
/* Legacy: addr(8) length(2) cso(1) cmd(1) sta(1) css(1) special(2). */
#define E1K_TXD_ADDR    0
#define E1K_TXD_LENGTH  8
#define E1K_TXD_CSO     10
#define E1K_TXD_CMD     11
#define E1K_TXD_STA     12
#define E1K_TXD_CSS     13
#define E1K_TXD_SPECIAL 14
/* CMD byte bits (legacy) / DCMD (data descriptor), SDM Table 3-10. */
#define E1K_TXD_CMD_EOP  (1u << 0)
#define E1K_TXD_CMD_IFCS (1u << 1)
#define E1K_TXD_CMD_IC   (1u << 2) /* legacy: insert checksum */
#define E1K_TXD_CMD_TSE  (1u << 2) /* data descriptor: TCP segmentation */
#define E1K_TXD_CMD_RS   (1u << 3)
#define E1K_TXD_CMD_RPS  (1u << 4)
#define E1K_TXD_CMD_DEXT (1u << 5)
#define E1K_TXD_CMD_VLE  (1u << 6)
#define E1K_TXD_CMD_IDE  (1u << 7)
/* STA nibble bits (SDM Table 3-11). */
#define E1K_TXD_STA_DD (1u << 0)
#define E1K_TXD_STA_EC (1u << 1)
#define E1K_TXD_STA_LC (1u << 2)
#define E1K_TXD_STA_TU (1u << 3)
/* Extended descriptors: dword 2 (cmd_and_length) fields. */
#define E1K_TXD_DTYP_SHIFT 20
#define E1K_TXD_DTYP_MASK  (0xFu << 20)
#define E1K_TXD_DTYP_CTX   0x0u
#define E1K_TXD_DTYP_DATA  0x1u
#define E1K_TXD_LEN_MASK   0x000FFFFFu /* PAYLEN / DTALEN bits 19:0 */
/* Context descriptor TUCMD bits (in dword 2 bits 31:24). */
#define E1K_TXC_TUCMD_TCP (1u << 0) /* dword bit 24 */
#define E1K_TXC_TUCMD_IP  (1u << 1) /* dword bit 25: IPv4 */
#define E1K_TXC_TUCMD_TSE (1u << 2) /* dword bit 26 */
#define E1K_TXC_TUCMD_RS  (1u << 3)
#define E1K_TXC_TUCMD_DEXT (1u << 5)
#define E1K_TXC_TUCMD_IDE (1u << 7)
/* Data descriptor POPTS (dword 3 bits 15:8). */
#define E1K_TXD_POPTS_IXSM (1u << 0)
#define E1K_TXD_POPTS_TXSM (1u << 1)
/** Maximum bytes in one TX descriptor buffer (SDM 3.3.3). */
#define E1K_TXD_MAX_BUF 16288u

/* ---- Frame sizes (IEEE 802.3; SDM 13.7.36) ---- */
#define E1K_ETH_FCS      4u
#define E1K_ETH_MIN_NOFCS 60u   /* 64 with FCS */
#define E1K_ETH_MAX_NOFCS 1518u /* 1522 with FCS: largest tagged frame */
#define E1K_LPE_MAX_NOFCS 16380u /* 16384 with FCS with RCTL.LPE */
#define E1K_WIRE_OVERHEAD 20u   /* preamble+SFD 8, IFG 12 ([IEEE-802.3]) */

#endif /* E1K_E1000_REGS_H */
