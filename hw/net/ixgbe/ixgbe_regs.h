/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 82598EB register offsets, bit fields and descriptor layouts, named as
 * in the Intel 82598EB 10 GbE Controller Datasheet ([82598-DS] in
 * docs/references.md; section 4.4 register descriptions, 3.5 receive and
 * transmit, 3.5.4 interrupts) and, where the datasheet was not at hand,
 * as Linux 6.1's ixgbe driver names them (ixgbe_type.h).  Offsets are
 * byte offsets in the memory BAR (BAR0); all registers are 32-bit
 * little-endian.  Shared by the device model and, later, the driver core.
 */
#ifndef IXG_IXGBE_REGS_H
#define IXG_IXGBE_REGS_H

#include <stdint.h>

/* ---- General (datasheet 4.4.3.1) ---- */
#define IXG_CTRL       0x00000u
#define IXG_STATUS     0x00008u
#define IXG_CTRL_EXT   0x00018u
#define IXG_ESDP       0x00020u
#define IXG_EODSDP     0x00028u
#define IXG_LEDCTL     0x00200u
#define IXG_FRTIMER    0x00048u
#define IXG_TCPTIMER   0x0004Cu

#define IXG_CTRL_GIO_DIS   (1u << 2)   /* PCIe master disable */
#define IXG_CTRL_LRST      (1u << 3)   /* link reset, self-clearing */
#define IXG_CTRL_RST       (1u << 26)  /* device reset, self-clearing */

#define IXG_STATUS_LAN_ID_SHIFT 2
#define IXG_STATUS_LAN_ID  (3u << 2)   /* function number */
#define IXG_STATUS_GIO     (1u << 19)  /* PCIe master enable status */

#define IXG_CTRL_EXT_NS_DIS   (1u << 16)
#define IXG_CTRL_EXT_RO_DIS   (1u << 17)
#define IXG_CTRL_EXT_DRV_LOAD (1u << 28)

/* ---- Interrupts (datasheet 3.5.4, 4.4.3.3) ---- */
#define IXG_EICR       0x00800u
#define IXG_EICS       0x00808u
#define IXG_EIAC       0x00810u
#define IXG_EITR(n)    (0x00820u + 4u * (n))   /* n = 0..23 */
#define IXG_EITR_COUNT 24u
#define IXG_EIMS       0x00880u
#define IXG_EIMC       0x00888u
#define IXG_EIAM       0x00890u
#define IXG_GPIE       0x00898u
#define IXG_IVAR(n)    (0x00900u + 4u * (n))   /* n = 0..24 */
#define IXG_IVAR_REGS  25u

#define IXG_EICR_RTXQ      0x0000FFFFu  /* 16 receive/transmit queue causes */
#define IXG_EICR_RX_MISS   (1u << 17)   /* receive packet buffer overrun */
#define IXG_EICR_PCI       (1u << 18)   /* PCI exception */
#define IXG_EICR_LSC       (1u << 20)   /* link status change */
#define IXG_EICR_MNG       (1u << 22)   /* manageability event */
#define IXG_EICR_GPI_SDP0  (1u << 24)
#define IXG_EICR_GPI_SDP1  (1u << 25)
#define IXG_EICR_GPI_SDP2  (1u << 26)
#define IXG_EICR_GPI_SDP3  (1u << 27)
#define IXG_EICR_PBUR      (1u << 28)   /* packet buffer handler error */
#define IXG_EICR_DHER      (1u << 29)   /* descriptor handler error */
#define IXG_EICR_TCP_TIMER (1u << 30)
#define IXG_EICR_OTHER     (1u << 31)   /* interrupt cause active */
/** The other causes: what sets EICR.OTHER (bits 16-29). */
#define IXG_EICR_OTHER_CAUSES 0x3FFF0000u

#define IXG_EITR_INTERVAL_MASK 0x0000FFFFu  /* 256 ns units */
#define IXG_EITR_COUNTER_SHIFT 16           /* counter, 256 ns units */

#define IXG_GPIE_SDP_GPIEN 0x0000000Fu   /* SDP0-3 general purpose int */
#define IXG_GPIE_MSIX_MODE (1u << 4)
#define IXG_GPIE_OCD       (1u << 5)     /* other clear disable */
#define IXG_GPIE_EIMEN     (1u << 6)     /* immediate interrupt enable */
#define IXG_GPIE_EIAME     (1u << 30)    /* auto mask on MSI-X message */
#define IXG_GPIE_PBA_SUPPORT (1u << 31)

/* IVAR entries (INT_Alloc[0..97], one byte each, datasheet 4.4.3.3.8):
 * 0..63 RX queues, 64..95 TX queues, 96 TCP timer, 97 other causes. */
#define IXG_IVAR_TX_BASE   64u
#define IXG_IVAR_TCP_TIMER 96u
#define IXG_IVAR_OTHER     97u
#define IXG_IVAR_ENTRIES   98u
#define IXG_IVAR_ALLOC_MASK 0x1Fu     /* vector / RTxQ bit */
#define IXG_IVAR_VALID      0x80u     /* INT_Alloc_val */

/* ---- EEPROM, flash, semaphores (datasheet 3.1.3, 4.4.3.2) ---- */
#define IXG_EEC        0x10010u
#define IXG_EERD       0x10014u
#define IXG_FLA        0x1001Cu
#define IXG_EEMNGCTL   0x10110u
#define IXG_EEMNGDATA  0x10114u
#define IXG_FLMNGCTL   0x10118u
#define IXG_FLMNGDATA  0x1011Cu
#define IXG_FLMNGCNT   0x10120u
#define IXG_FLOP       0x1013Cu
#define IXG_GRC        0x10200u
#define IXG_SWSM       0x10140u
#define IXG_FWSM       0x10148u
#define IXG_FACTPS     0x10150u
#define IXG_GSSR       0x10160u
#define IXG_GCR        0x11000u
#define IXG_DCA_ID     0x11070u
#define IXG_DCA_CTRL   0x11074u
#define IXG_GHECCR     0x110B0u

#define IXG_EEC_SK     (1u << 0)
#define IXG_EEC_CS     (1u << 1)
#define IXG_EEC_DI     (1u << 2)
#define IXG_EEC_DO     (1u << 3)
#define IXG_EEC_FWE    (3u << 4)
#define IXG_EEC_REQ    (1u << 6)
#define IXG_EEC_GNT    (1u << 7)
#define IXG_EEC_PRES   (1u << 8)
#define IXG_EEC_ARD    (1u << 9)      /* auto-read done */
#define IXG_EEC_ADDR_SIZE (1u << 10)
#define IXG_EEC_SIZE_SHIFT 11         /* bits 14:11: 2^(SIZE + 6) words */

#define IXG_EERD_START      (1u << 0)
#define IXG_EERD_DONE       (1u << 1)
#define IXG_EERD_ADDR_SHIFT 2         /* bits 15:2 */
#define IXG_EERD_ADDR_MASK  0x3FFFu
#define IXG_EERD_DATA_SHIFT 16

#define IXG_SWSM_SMBI    (1u << 0)   /* software semaphore, set on read */
#define IXG_SWSM_SWESMBI (1u << 1)   /* software/firmware semaphore */
#define IXG_SWSM_WMNG    (1u << 2)
#define IXG_GSSR_SW_MASK 0x001Fu     /* EEP, PHY0, PHY1, MAC_CSR, FLASH */
#define IXG_GSSR_FW_MASK 0x03E0u     /* the same for firmware (none) */

#define IXG_GCR_CMPL_TMOUT  0x0000F000u
#define IXG_GCR_TMOUT_RESEND (1u << 16)
#define IXG_GCR_CAP_VER2    (1u << 18)

/* ---- MAC (datasheet 4.4.3.12) ---- */
#define IXG_PCS1GCFIG  0x04200u
#define IXG_PCS1GLCTL  0x04208u
#define IXG_PCS1GLSTA  0x0420Cu
#define IXG_PCS1GANA   0x04218u
#define IXG_PCS1GANLP  0x0421Cu
#define IXG_PCS1GANNP  0x04220u
#define IXG_PCS1GANLPNP 0x04224u
#define IXG_HLREG0     0x04240u
#define IXG_HLREG1     0x04244u
#define IXG_PAP        0x04248u
#define IXG_MSCA       0x0425Cu
#define IXG_MSRWD      0x04260u
#define IXG_MHADD      0x04268u
#define IXG_PCSS1      0x04288u
#define IXG_PCSS2      0x0428Cu
#define IXG_XPCSS      0x04290u
#define IXG_SERDESC    0x04298u
#define IXG_MACS       0x0429Cu
#define IXG_AUTOC      0x042A0u
#define IXG_LINKS      0x042A4u
#define IXG_AUTOC2     0x042A8u
#define IXG_AUTOC3     0x042ACu
#define IXG_ANLP1      0x042B0u
#define IXG_ANLP2      0x042B4u
#define IXG_ATLASCTL   0x04800u

#define IXG_HLREG0_TXCRCEN   (1u << 0)
#define IXG_HLREG0_RXCRCSTRP (1u << 1)
#define IXG_HLREG0_JUMBOEN   (1u << 2)
#define IXG_HLREG0_TXPADEN   (1u << 10)
#define IXG_HLREG0_TXPAUSEEN (1u << 12)
#define IXG_HLREG0_RXPAUSEEN (1u << 14)
#define IXG_HLREG0_LPBK      (1u << 15)
#define IXG_MHADD_MFS_SHIFT  16

#define IXG_MSCA_REGADDR_MASK 0x0000FFFFu /* MDI address (clause 45) */
#define IXG_MSCA_DEVTYPE_SHIFT 16         /* bits 20:16 */
#define IXG_MSCA_PHYADDR_SHIFT 21         /* bits 25:21 */
#define IXG_MSCA_OPCODE_SHIFT 26          /* bits 27:26 */
#define IXG_MSCA_OP_ADDR  0u              /* address cycle */
#define IXG_MSCA_OP_WRITE 1u
#define IXG_MSCA_OP_READ_INC 2u
#define IXG_MSCA_OP_READ  3u
#define IXG_MSCA_STCODE_SHIFT 28          /* bits 29:28: 00 clause 45 */
#define IXG_MSCA_MDI_COMMAND (1u << 30)   /* start; clears when done */
#define IXG_MSCA_MDI_IN_PROG_EN (1u << 31)
#define IXG_MSRWD_READ_SHIFT 16

#define IXG_AUTOC_FLU          (1u << 0)  /* force link up */
#define IXG_AUTOC_10G_PMA_SHIFT 7         /* bits 8:7 */
#define IXG_AUTOC_10G_XAUI     (0u << 7)
#define IXG_AUTOC_10G_KX4      (1u << 7)
#define IXG_AUTOC_10G_CX4      (2u << 7)
#define IXG_AUTOC_AN_RESTART   (1u << 12)
#define IXG_AUTOC_LMS_SHIFT    13         /* bits 15:13 */
#define IXG_AUTOC_LMS_MASK     (7u << 13)
#define IXG_AUTOC_LMS_1G_NO_AN  (0u << 13)
#define IXG_AUTOC_LMS_10G_NO_AN (1u << 13)
#define IXG_AUTOC_LMS_1G_AN     (2u << 13)
#define IXG_AUTOC_LMS_KX4_AN    (4u << 13)
#define IXG_AUTOC_LMS_KX4_AN_1G (6u << 13)
#define IXG_AUTOC_KX_SUPP      (1u << 30)
#define IXG_AUTOC_KX4_SUPP     (1u << 31)

#define IXG_LINKS_KX_AN_COMP (1u << 31)
#define IXG_LINKS_UP         (1u << 30)
#define IXG_LINKS_SPEED_10G  (1u << 29)   /* 1: 10 Gb/s, 0: 1 Gb/s */
#define IXG_LINKS_10G_ALIGN  (1u << 17)   /* 10G lanes aligned */
#define IXG_LINKS_10G_LANE_SYNC 0x0000F000u /* XAUI lanes 3:0 synced */
#define IXG_LINKS_SIGNAL     0x00000F00u  /* signal detect, lanes 3:0 */
#define IXG_LINKS_LINK_STATUS (1u << 7)

#define IXG_ATLASCTL_READ_CMD (1u << 16)  /* a read of ATLASCTL's reg */
#define IXG_ATLASCTL_REG_SHIFT 8          /* bits 15:8 analog register */

/* ---- Receive (datasheet 3.5.2, 4.4.3.5-4.4.3.7) ---- */
#define IXG_RX_QUEUES   64u
#define IXG_RDBAL(q)    (0x01000u + 0x40u * (q))
#define IXG_RDBAH(q)    (0x01004u + 0x40u * (q))
#define IXG_RDLEN(q)    (0x01008u + 0x40u * (q))
#define IXG_DCA_RXCTRL_HI(q) (0x0100Cu + 0x40u * (q)) /* q = 16..63 */
#define IXG_RDH(q)      (0x01010u + 0x40u * (q))
#define IXG_SRRCTL_HI(q) (0x01014u + 0x40u * (q))     /* q = 16..63 */
#define IXG_RDT(q)      (0x01018u + 0x40u * (q))
#define IXG_RXDCTL(q)   (0x01028u + 0x40u * (q))
#define IXG_QPRC(n)     (0x01030u + 0x40u * (n))      /* n = 0..15 */
#define IXG_QBRC(n)     (0x01034u + 0x40u * (n))
#define IXG_RXQ_BASE    0x01000u
#define IXG_RXQ_END     0x02000u
#define IXG_SRRCTL(n)   (0x02100u + 4u * (n))         /* n = 0..15 */
#define IXG_DCA_RXCTRL(n) (0x02200u + 4u * (n))       /* n = 0..15 */
#define IXG_RDRXCTL     0x02F00u
#define IXG_RXCTRL      0x03000u
#define IXG_PFCTOP      0x03008u
#define IXG_FCTTV(n)    (0x03200u + 4u * (n))         /* n = 0..3 */
#define IXG_FCRTL(n)    (0x03220u + 8u * (n))         /* n = 0..7 */
#define IXG_FCRTH(n)    (0x03260u + 8u * (n))
#define IXG_FCRTV       0x032A0u
#define IXG_RXPBSIZE(n) (0x03C00u + 4u * (n))         /* n = 0..7 */
#define IXG_RMCS        0x03D00u
#define IXG_DROPEN      0x03D04u
#define IXG_RXCSUM      0x05000u
#define IXG_RFCTL       0x05008u
#define IXG_FCTRL       0x05080u
#define IXG_VLNCTRL     0x05088u
#define IXG_MCSTCTRL    0x05090u
#define IXG_MTA(n)      (0x05200u + 4u * (n))         /* n = 0..127 */
#define IXG_RAL(n)      (0x05400u + 8u * (n))         /* n = 0..15 */
#define IXG_RAH(n)      (0x05404u + 8u * (n))
#define IXG_PSRTYPE(n)  (0x05480u + 4u * (n))         /* n = 0..15 */
#define IXG_MRQC        0x05818u
#define IXG_VMD_CTL     0x0581Cu
#define IXG_IMIR(n)     (0x05A80u + 4u * (n))         /* n = 0..7 */
#define IXG_IMIREXT(n)  (0x05AA0u + 4u * (n))
#define IXG_IMIRVP      0x05AC0u
#define IXG_RETA(n)     (0x05C00u + 4u * (n))         /* n = 0..31 */
#define IXG_RSSRK(n)    (0x05C80u + 4u * (n))         /* n = 0..9 */
#define IXG_VFTA(n)     (0x0A000u + 4u * (n))         /* n = 0..127 */
#define IXG_VFTAVIND(j, n) (0x0A200u + 0x200u * (j) + 4u * (n)) /* j 0..3 */

#define IXG_RA_ENTRIES  16u
#define IXG_MTA_WORDS   128u
#define IXG_VFTA_WORDS  128u
#define IXG_RETA_ENTRIES 128u

#define IXG_RDLEN_MASK   0x000FFF80u   /* bits 19:7, 128-byte units */
#define IXG_RDBAL_MASK   0xFFFFFF80u   /* 128-byte aligned */

#define IXG_RXDCTL_PTHRESH 0x0000007Fu
#define IXG_RXDCTL_HTHRESH_SHIFT 8
#define IXG_RXDCTL_WTHRESH_SHIFT 16
#define IXG_RXDCTL_ENABLE  (1u << 25)
#define IXG_RXDCTL_SWFLSH  (1u << 26)

#define IXG_SRRCTL_BSIZEPKT_MASK 0x0000007Fu  /* 1 KB units */
#define IXG_SRRCTL_BSIZEHDR_SHIFT 8           /* bits 13:8, 64 B units */
#define IXG_SRRCTL_BSIZEHDR_MASK 0x00003F00u
#define IXG_SRRCTL_RDMTS_MASK    0x01C00000u
#define IXG_SRRCTL_DESCTYPE_MASK 0x0E000000u
#define IXG_SRRCTL_DESCTYPE_LEGACY 0x00000000u
#define IXG_SRRCTL_DESCTYPE_ADV_ONEBUF 0x02000000u
#define IXG_SRRCTL_DROP_EN       (1u << 28)

#define IXG_RDRXCTL_MVMEN (1u << 5)

#define IXG_RXCTRL_RXEN   (1u << 0)
#define IXG_RXCTRL_DMBYPS (1u << 1)    /* descriptor monitor bypass */

#define IXG_RXCSUM_IPPCSE (1u << 12)
#define IXG_RXCSUM_PCSD   (1u << 13)   /* RSS hash instead of fragment csum */

#define IXG_FCTRL_SBP  (1u << 1)
#define IXG_FCTRL_MPE  (1u << 8)
#define IXG_FCTRL_UPE  (1u << 9)
#define IXG_FCTRL_BAM  (1u << 10)
#define IXG_FCTRL_PMCF (1u << 12)
#define IXG_FCTRL_DPF  (1u << 13)
#define IXG_FCTRL_RPFCE (1u << 14)
#define IXG_FCTRL_RFCE (1u << 15)

#define IXG_VLNCTRL_VET   0x0000FFFFu
#define IXG_VLNCTRL_CFI   (1u << 28)
#define IXG_VLNCTRL_CFIEN (1u << 29)
#define IXG_VLNCTRL_VFE   (1u << 30)
#define IXG_VLNCTRL_VME   (1u << 31)

#define IXG_MCSTCTRL_MO_MASK 0x3u
#define IXG_MCSTCTRL_MFE (1u << 2)

#define IXG_RAH_AD_MASK  0x0000FFFFu
#define IXG_RAH_VIND_MASK 0x003C0000u
#define IXG_RAH_AV       (1u << 31)

#define IXG_MRQC_MRQE_MASK 0xFu
#define IXG_MRQC_RSSEN     0x1u
#define IXG_MRQC_TCP_IPV4  (1u << 16)
#define IXG_MRQC_IPV4      (1u << 17)
#define IXG_MRQC_TCP_IPV6_EX (1u << 18)
#define IXG_MRQC_IPV6_EX   (1u << 19)
#define IXG_MRQC_IPV6      (1u << 20)
#define IXG_MRQC_TCP_IPV6  (1u << 21)
#define IXG_MRQC_UDP_IPV4  (1u << 22)
#define IXG_MRQC_UDP_IPV6  (1u << 23)
#define IXG_MRQC_UDP_IPV6_EX (1u << 24)

/* ---- Transmit (datasheet 3.5.3, 4.4.3.8) ---- */
#define IXG_TX_QUEUES   32u
#define IXG_TDBAL(q)    (0x06000u + 0x40u * (q))
#define IXG_TDBAH(q)    (0x06004u + 0x40u * (q))
#define IXG_TDLEN(q)    (0x06008u + 0x40u * (q))
#define IXG_TDH(q)      (0x06010u + 0x40u * (q))
#define IXG_TDT(q)      (0x06018u + 0x40u * (q))
#define IXG_TXDCTL(q)   (0x06028u + 0x40u * (q))
#define IXG_QPTC(n)     (0x06030u + 0x40u * (n))      /* n = 0..15 */
#define IXG_QBTC(n)     (0x06034u + 0x40u * (n))
#define IXG_TDWBAL(q)   (0x06038u + 0x40u * (q))
#define IXG_TDWBAH(q)   (0x0603Cu + 0x40u * (q))
#define IXG_TXQ_BASE    0x06000u
#define IXG_TXQ_END     0x06800u
#define IXG_DCA_TXCTRL(n) (0x07200u + 4u * (n))       /* n = 0..15 */
#define IXG_DTXCTL      0x07E00u
#define IXG_TIPG        0x0CB00u
#define IXG_TXPBSIZE(n) (0x0CC00u + 4u * (n))         /* n = 0..7 */
#define IXG_MNGTXMAP    0x0CD10u
#define IXG_TFCS        0x0CE00u

#define IXG_TXDCTL_ENABLE (1u << 25)
#define IXG_TXDCTL_SWFLSH (1u << 26)
#define IXG_TDWBAL_HEAD_WB_EN (1u << 0)

/* ---- Wake-up (datasheet 4.4.3.10) ---- */
#define IXG_WUC        0x05800u
#define IXG_WUFC       0x05808u
#define IXG_WUS        0x05810u
#define IXG_IPAV       0x05838u
#define IXG_IP4AT      0x05840u
#define IXG_IP6AT      0x05880u
#define IXG_WUPL       0x05900u
#define IXG_WUPM       0x05A00u
#define IXG_FHFT       0x09000u

/* ---- Statistics (datasheet 4.4.3.9; all clear on read) ---- */
#define IXG_CRCERRS    0x04000u
#define IXG_ILLERRC    0x04004u
#define IXG_ERRBC      0x04008u
#define IXG_MSPDC      0x04010u
#define IXG_MLFC       0x04034u
#define IXG_MRFC       0x04038u
#define IXG_RLEC       0x04040u
#define IXG_PRC64      0x0405Cu
#define IXG_PRC127     0x04060u
#define IXG_PRC255     0x04064u
#define IXG_PRC511     0x04068u
#define IXG_PRC1023    0x0406Cu
#define IXG_PRC1522    0x04070u
#define IXG_GPRC       0x04074u
#define IXG_BPRC       0x04078u
#define IXG_MPRC       0x0407Cu
#define IXG_GPTC       0x04080u
#define IXG_GORCL      0x04088u
#define IXG_GORCH      0x0408Cu
#define IXG_GOTCL      0x04090u
#define IXG_GOTCH      0x04094u
#define IXG_RUC        0x040A4u
#define IXG_RFC        0x040A8u
#define IXG_ROC        0x040ACu
#define IXG_RJC        0x040B0u
#define IXG_MNGPRC     0x040B4u
#define IXG_MNGPDC     0x040B8u
#define IXG_TORL       0x040C0u
#define IXG_TORH       0x040C4u
#define IXG_TPR        0x040D0u
#define IXG_TPT        0x040D4u
#define IXG_PTC64      0x040D8u
#define IXG_PTC127     0x040DCu
#define IXG_PTC255     0x040E0u
#define IXG_PTC511     0x040E4u
#define IXG_PTC1023    0x040E8u
#define IXG_PTC1522    0x040ECu
#define IXG_MPTC       0x040F0u
#define IXG_BPTC       0x040F4u
#define IXG_XEC        0x04120u
#define IXG_PXONTXC(n)  (0x03F00u + 4u * (n))        /* n = 0..7 */
#define IXG_PXOFFTXC(n) (0x03F20u + 4u * (n))
#define IXG_LXONTXC    0x03F60u
#define IXG_LXOFFTXC   0x03F68u
#define IXG_MPC(n)     (0x03FA0u + 4u * (n))         /* n = 0..7 */
#define IXG_RNBC(n)    (0x03FC0u + 4u * (n))         /* n = 0..7 */
#define IXG_PXONRXC(n)  (0x0CF00u + 4u * (n))
#define IXG_PXOFFRXC(n) (0x0CF20u + 4u * (n))
#define IXG_LXONRXC    0x0CF60u
#define IXG_LXOFFRXC   0x0CF68u
#define IXG_MNGPTC     0x0CF90u
#define IXG_QSTAT_QUEUES 16u         /* QPRC/QPTC/QBRC/QBTC exist for 16 */

/* ---- Descriptors (datasheet 3.5.2.4, 3.5.3.2) ---- */
#define IXG_DESC_SIZE 16u

/* Legacy receive descriptor (datasheet 3.5.2.4.1): buffer address
 * 63:0; write-back length 15:0, fragment checksum 31:16, status 39:32,
 * errors 47:40, VLAN 63:48 of the second quadword. */
#define IXG_LRXD_LENGTH 8u
#define IXG_LRXD_CSUM   10u
#define IXG_LRXD_STATUS 12u
#define IXG_LRXD_ERRORS 13u
#define IXG_LRXD_VLAN   14u

/* Status and error bits (legacy: bytes; advanced: status 19:0 and
 * errors 31:20 of the third dword) */
#define IXG_RXD_STAT_DD    (1u << 0)
#define IXG_RXD_STAT_EOP   (1u << 1)
#define IXG_RXD_STAT_VP    (1u << 3)
#define IXG_RXD_STAT_UDPCS (1u << 4)
#define IXG_RXD_STAT_L4CS  (1u << 5)
#define IXG_RXD_STAT_IPCS  (1u << 6)
#define IXG_RXD_STAT_PIF   (1u << 7)
#define IXG_RXD_ERR_CE     (1u << 0)   /* legacy byte layout */
#define IXG_RXD_ERR_LE     (1u << 1)
#define IXG_RXD_ERR_TCPE   (1u << 6)
#define IXG_RXD_ERR_IPE    (1u << 7)
#define IXG_RXDADV_ERR_SHIFT 20        /* advanced: errors 31:20 */
#define IXG_RXDADV_ERR_TCPE (1u << 30)
#define IXG_RXDADV_ERR_IPE  (1u << 31)

/* Advanced receive write-back (datasheet 3.5.2.4.2): dword0 RSS type
 * 3:0, packet type 16:4, header length 30:21, SPH 31; dword1 RSS hash or
 * fragment checksum; dword2 status/errors; dword3 length 15:0, VLAN
 * 31:16.  Read format: packet buffer address, header buffer address
 * (bit 0 the DD bit in write-back). */
#define IXG_ARXD_RSSTYPE_NONE     0u
#define IXG_ARXD_RSSTYPE_TCP_IPV4 1u
#define IXG_ARXD_RSSTYPE_IPV4     2u
#define IXG_ARXD_RSSTYPE_TCP_IPV6 3u
#define IXG_ARXD_RSSTYPE_IPV6_EX  4u
#define IXG_ARXD_RSSTYPE_IPV6     5u
#define IXG_ARXD_RSSTYPE_TCP_IPV6_EX 6u
#define IXG_ARXD_RSSTYPE_UDP_IPV4 7u
#define IXG_ARXD_RSSTYPE_UDP_IPV6 8u
#define IXG_ARXD_RSSTYPE_UDP_IPV6_EX 9u
#define IXG_ARXD_PKT_IPV4    0x0010u  /* packet type bits (dword0 16:4) */
#define IXG_ARXD_PKT_IPV4_EX 0x0020u
#define IXG_ARXD_PKT_IPV6    0x0040u
#define IXG_ARXD_PKT_IPV6_EX 0x0080u
#define IXG_ARXD_PKT_TCP     0x0100u
#define IXG_ARXD_PKT_UDP     0x0200u

/* Legacy transmit descriptor (datasheet 3.5.3.2.1): address 63:0;
 * length 15:0, CSO 23:16, CMD 31:24, STA 35:32, CSS 47:40, VLAN 63:48. */
#define IXG_LTXD_LENGTH 8u
#define IXG_LTXD_CSO    10u
#define IXG_LTXD_CMD    11u
#define IXG_LTXD_STA    12u
#define IXG_LTXD_CSS    13u
#define IXG_LTXD_VLAN   14u
#define IXG_TXD_CMD_EOP  (1u << 0)    /* in the CMD byte */
#define IXG_TXD_CMD_IFCS (1u << 1)
#define IXG_TXD_CMD_IC   (1u << 2)
#define IXG_TXD_CMD_RS   (1u << 3)
#define IXG_TXD_CMD_DEXT (1u << 5)
#define IXG_TXD_CMD_VLE  (1u << 6)
#define IXG_TXD_CMD_TSE  (1u << 7)    /* advanced data descriptors */
#define IXG_TXD_STAT_DD  (1u << 0)

/* Advanced transmit descriptors (datasheet 3.5.3.2.2-3): the second
 * dword pair holds DTALEN 15:0, DTYP 23:20, DCMD 31:24 (data) or
 * TUCMD 18:9, DTYP 23:20, DCMD 31:24 (context). */
#define IXG_ATXD_DTYP_SHIFT 20
#define IXG_ATXD_DTYP_MASK  (0xFu << 20)
#define IXG_ATXD_DTYP_CTXT  2u
#define IXG_ATXD_DTYP_DATA  3u
#define IXG_ATXD_DTALEN_MASK 0xFFFFu
#define IXG_ATXD_POPTS_IXSM (1u << 8)  /* olinfo_status */
#define IXG_ATXD_POPTS_TXSM (1u << 9)
#define IXG_ATXD_IDX_SHIFT  4          /* context index, bits 6:4 */
#define IXG_ATXD_PAYLEN_SHIFT 14       /* bits 31:14 */
#define IXG_ACTX_IPLEN_MASK  0x1FFu    /* vlan_macip_lens 8:0 */
#define IXG_ACTX_MACLEN_SHIFT 9        /* 15:9 */
#define IXG_ACTX_VLAN_SHIFT  16        /* 31:16 */
#define IXG_ACTX_TUCMD_IPV4  (1u << 10) /* type_tucmd_mlhl */
#define IXG_ACTX_TUCMD_L4T_MASK (3u << 11)
#define IXG_ACTX_TUCMD_L4T_UDP (0u << 11)
#define IXG_ACTX_TUCMD_L4T_TCP (1u << 11)
#define IXG_ACTX_L4LEN_SHIFT 8         /* mss_l4len_idx 15:8 */
#define IXG_ACTX_MSS_SHIFT   16        /* 31:16 */

#endif /* IXG_IXGBE_REGS_H */
