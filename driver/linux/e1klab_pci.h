/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab Linux modules: a port's PCI resources, for both chips' probe and
 * remove (e1klab_main.c, e1klab_ixgbe_main.c).  Defined here as static
 * functions because each module (e1klab.ko, e1klab_ixgbe.ko) takes its
 * own copy: Kbuild gives an object file to one module only, and the two
 * modules share no symbols (e1klab.h).
 */
#ifndef E1KLAB_LINUX_E1KLAB_PCI_H
#define E1KLAB_LINUX_E1KLAB_PCI_H

#include <linux/dma-mapping.h>
#include <linux/pci.h>

#include "e1klab.h"

/**
 * Set up @pdev for a port: memory decoding enabled, 64-bit DMA (32-bit if
 * the platform cannot), BAR0 (the registers) requested under the
 * module's name, bus mastering on.  Returns 0, or a negative errno after
 * logging one line, with the device disabled again;
 * e1klab_pci_release undoes a successful call.
 */
static int e1klab_pci_setup(struct pci_dev *pdev)
{
	int err = pci_enable_device_mem(pdev);

	if (err)
		return err;
	err = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (err)
		err = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (!err)
		err = pci_request_selected_regions(pdev, BIT(0), E1KLAB_NAME);
	if (err) {
		dev_err(&pdev->dev, "PCI resources unavailable (%d)\n", err);
		pci_disable_device(pdev);
		return err;
	}
	pci_set_master(pdev);
	return 0;
}

/** Release what e1klab_pci_setup took (BAR0, the enabled device). */
static void e1klab_pci_release(struct pci_dev *pdev)
{
	pci_release_selected_regions(pdev, BIT(0));
	pci_disable_device(pdev);
}

#endif /* E1KLAB_LINUX_E1KLAB_PCI_H */
