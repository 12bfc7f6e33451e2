import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../support/browser.ts';
import { fillPackage } from '../support/ship-form.ts';

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `${String(locator)} is laid out`).not.toBeNull();
  return box!;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('The public site’s layout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lines the top bar, the page and the footer up on one container at 1280 px', async () => {
    const { page, close } = await openPage(browser, '/pricing', { viewport: 'desktop', wakeIslands: false });
    try {
      const bar = await boxOf(
        page
          .getByRole('banner')
          .getByRole('link', { name: /Waybill/ })
          .first(),
      );
      const heading = await boxOf(page.getByRole('heading', { level: 1 }));
      const footer = await boxOf(
        page
          .getByRole('contentinfo')
          .getByRole('link', { name: /Waybill/ })
          .first(),
      );
      expect(Math.round(bar.x)).toBe(Math.round(heading.x));
      expect(Math.round(footer.x)).toBe(Math.round(heading.x));
      // The WhatsApp button floats in the page's right margin, clear of the container's content.
      const whatsapp = await boxOf(page.getByRole('link', { name: 'Chat with us on WhatsApp' }));
      const contentRight = await page.evaluate(() => {
        const container = document.querySelector('main .mantine-Container-root')!;
        const style = getComputedStyle(container);
        return container.getBoundingClientRect().right - Number.parseFloat(style.paddingRight);
      });
      expect(whatsapp.x).toBeGreaterThan(contentRight);
      expect(whatsapp.y + whatsapp.height).toBeGreaterThan(600);
    } finally {
      await close();
    }
  });

  it('fits the top bar, its eight routes and the WhatsApp button, from 992 px (where the routes show) up', async () => {
    const { page, close } = await openPage(browser, '/pricing', { viewport: 'desktop', wakeIslands: false });
    try {
      for (const width of [992, 1024, 1200, 1279]) {
        await page.setViewportSize({ width, height: 800 });
        const sizes = await page.evaluate(() => {
          const bar = document.querySelector('header > div')!;
          return { page: document.documentElement.scrollWidth, bar: bar.scrollWidth, barBox: bar.clientWidth };
        });
        expect(sizes.page, `${width} px`).toBeLessThanOrEqual(width);
        expect(sizes.bar, `${width} px`).toBeLessThanOrEqual(sizes.barBox);
        expect(await page.getByRole('navigation', { name: 'Main' }).first().isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'Chat with us on WhatsApp' }).isVisible()).toBe(true);
      }
    } finally {
      await close();
    }
  });

  it('keeps the WhatsApp button off the ship form at 375 px: it sits in the top bar', async () => {
    const { page, close } = await openPage(browser, '/create', { viewport: 'mobile', wakeIslands: false });
    try {
      const whatsapp = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
      expect(overlaps(await boxOf(whatsapp), await boxOf(page.getByRole('banner')))).toBe(true);
      const quantity = page.getByRole('textbox', { name: /Quantity/ });
      await quantity.scrollIntoViewIfNeeded();
      expect(overlaps(await boxOf(whatsapp), await boxOf(quantity))).toBe(false);
    } finally {
      await close();
    }
  });

  it('shows a toast on a phone below the top bar, never over it', async () => {
    const { page, close } = await openPage(browser, '/track', { viewport: 'mobile' });
    try {
      await page.getByRole('button', { name: 'Track', exact: true }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'Please enter a tracking code.' });
      await toast.waitFor();
      const bar = await boxOf(page.getByRole('banner'));
      // The toast slides down into place: where it comes to rest is what counts.
      await expect
        .poll(async () => (await boxOf(toast)).y, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(bar.y + bar.height);
      const box = await boxOf(toast);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    } finally {
      await close();
    }
  });

  it("shows a toast on a phone clear of an open dialog's close button", async () => {
    const { page, close } = await openPage(browser, '/create', { viewport: 'mobile' });
    try {
      await page.route('**/api/submit-package', (route) =>
        route.fulfill({ status: 503, json: { message: 'The service is busy, please try again' } }),
      );
      await fillPackage(page);
      await page.getByRole('button', { name: 'Review Package' }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Package Details' });
      await dialog.getByRole('button', { name: 'Confirm & Submit' }).click();
      const toast = page.getByRole('alert').filter({ hasText: 'The service is busy' });
      await toast.waitFor();
      const closeButton = dialog.getByRole('button', { name: /^Close/ });
      expect(overlaps(await boxOf(toast), await boxOf(closeButton))).toBe(false);
      // And it is the close button a tap there reaches.
      const reached = await closeButton.evaluate((button) => {
        const { left, top, width, height } = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(left + width / 2, top + height / 2));
      });
      expect(reached).toBe(true);
    } finally {
      await close();
    }
  });
});
