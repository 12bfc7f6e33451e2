// Dispatch's Delivery settings dialog against the real server: the admin changes the depot's location,
// the failed attempts before returning, the failure reasons, the working days and the holidays, at 1280
// and 375 px (the days light and dark), and GET /api/admin/delivery-settings shows what was saved. The settings are one row of the worker's database,
// which the driver app's specs read too: the file puts back what it found.
import { randomBytes } from 'node:crypto';
import {
  DEPOT_LOCATION_REQUIRED,
  type DeliverySettings,
  FAILURE_REASONS_REPEATED,
  MAX_ATTEMPTS_RANGE,
} from '@waybill/domain';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import {
  expectNoSeriousA11yViolations,
  launchBrowser,
  screenshotViewport,
  VIEWPORTS,
  type ViewportName,
} from '../support/browser.ts';
import { newConsoleContext, openConsolePage } from '../support/console-page.ts';

const PATH = '/api/admin/delivery-settings';
const TITLE = 'Delivery settings';
const id = randomBytes(3).toString('hex');

let browser: Browser;
/** The admin's contexts for the whole file (one sign-in): each test opens its own page. */
const admin = {} as Record<ViewportName, BrowserContext>;
let found: DeliverySettings;

beforeAll(async () => {
  browser = await launchBrowser();
  admin.desktop = await newConsoleContext(browser);
  admin.mobile = await newConsoleContext(browser, { viewport: 'mobile' });
  found = await readSettings();
});
afterAll(async () => {
  if (found) expect((await callApi(admin.desktop, 'PUT', PATH, found)).status).toBe(200);
  await browser?.close();
});

async function readSettings(): Promise<DeliverySettings> {
  const { status, body } = await callApi<DeliverySettings>(admin.desktop, 'GET', PATH);
  expect(status).toBe(200);
  return body;
}

/** Waits out a dialog's opening transition: axe and screenshots catch it half-faded otherwise. */
async function waitForDialogOpen(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await dialog.evaluate((element) =>
    Promise.allSettled(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}

async function openDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: TITLE }).click();
  const dialog = page.getByRole('dialog', { name: TITLE });
  await dialog.getByRole('button', { name: 'Save settings' }).waitFor();
  await waitForDialogOpen(dialog);
  return dialog;
}

/** Dispatch at `viewport`, once the packages left to plan and the runs have loaded (a day may have none). */
async function openDispatch(viewport: ViewportName) {
  const opened = await openConsolePage(admin[viewport], '/dispatch');
  const { page } = opened;
  await page.getByRole('heading', { level: 1, name: 'Dispatch' }).waitFor();
  await page.getByRole('heading', { level: 2, name: /^Runs of / }).waitFor();
  await page.getByLabel('Loading the packages not on a run').waitFor({ state: 'detached' });
  await page.getByRole('status').filter({ hasText: 'Loading the runs' }).waitFor({ state: 'detached' });
  return opened;
}

/** Dispatch at `viewport` with the settings dialog open. */
async function openSettings(viewport: ViewportName) {
  const opened = await openDispatch(viewport);
  return { ...opened, dialog: await openDialog(opened.page) };
}

const reasonInputs = (dialog: Locator) => dialog.getByRole('textbox', { name: /^Failure reason \d+$/ });
const readReasons = (dialog: Locator) =>
  reasonInputs(dialog).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
/** Shows the page in `mode` with the dialog open (the toggle sits behind the dialog's overlay). */
const showColourMode = (page: Page, mode: 'light' | 'dark') =>
  page.evaluate((scheme) => document.documentElement.setAttribute('data-mantine-color-scheme', scheme), mode);
const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

describe('Delivery settings on Dispatch', () => {
  it('refuses a blank depot, attempts out of range and a repeated reason beside their fields, storing nothing', async () => {
    const { page, dialog, errors, close } = await openSettings('desktop');
    const before = await readSettings();
    expect(await dialog.getByLabel(/^Depot location/).inputValue()).toBe(before.depotLocation);
    expect(await readReasons(dialog)).toEqual(before.failureReasons);

    await dialog.getByLabel(/^Depot location/).fill('   ');
    await dialog.getByLabel(/^Failed attempts before returning/).fill('11');
    await reasonInputs(dialog).nth(1).fill(` ${before.failureReasons[0]}`);
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.getByText(DEPOT_LOCATION_REQUIRED).waitFor();
    await dialog.getByText(MAX_ATTEMPTS_RANGE).waitFor();
    await dialog.getByText(FAILURE_REASONS_REPEATED).waitFor();
    expect(await reasonInputs(dialog).nth(1).getAttribute('aria-invalid')).toBe('true');
    await screenshotViewport(page, 'console-delivery-settings-refused-desktop-light');
    expect(await readSettings()).toEqual(before);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });

  it('saves what the admin changed at 1280 px: GET shows it, and the dialog opens with it again', async () => {
    const { page, dialog, errors, close } = await openSettings('desktop');
    const before = await readSettings();
    const depot = `Central depot ${id}, Accra`;
    await dialog.getByLabel(/^Depot location/).fill(depot);
    await dialog.getByLabel(/^Failed attempts before returning/).fill('4');
    await dialog.getByRole('button', { name: 'Add failure reason' }).click();
    const added = reasonInputs(dialog).nth(before.failureReasons.length);
    // The new reason's field has the focus: the admin types at once.
    await page.keyboard.type(`Gate locked ${id}`);
    expect(await added.inputValue()).toBe(`Gate locked ${id}`);
    await dialog.getByRole('button', { name: `Move failure reason ${before.failureReasons.length + 1} up` }).click();
    await dialog.getByRole('button', { name: 'Remove failure reason 1' }).click();
    const expected = [...before.failureReasons.slice(1)];
    expected.splice(expected.length - 1, 0, `Gate locked ${id}`);
    expect(await readReasons(dialog)).toEqual(expected);

    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await toast(page, 'Delivery settings saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await readSettings()).toEqual({ ...before, depotLocation: depot, maxAttempts: 4, failureReasons: expected });

    await page.reload();
    const again = await openDialog(page);
    expect(await again.getByLabel(/^Depot location/).inputValue()).toBe(depot);
    expect(await again.getByLabel(/^Failed attempts before returning/).inputValue()).toBe('4');
    expect(await readReasons(again)).toEqual(expected);
    expect(errors).toEqual([]);
    await close();
  });

  it('saves from the full-screen dialog at 375 px, moving a reason with its buttons', async () => {
    const { page, dialog, errors, close } = await openSettings('mobile');
    const box = await dialog.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(VIEWPORTS.mobile.width - 2);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(VIEWPORTS.mobile.height - 2);
    const before = await readSettings();
    const depot = `Tema depot ${id}`;
    await dialog.getByLabel(/^Depot location/).fill(depot);
    await dialog.getByLabel(/^Failed attempts before returning/).fill('2');
    await dialog.getByRole('button', { name: 'Move failure reason 1 down' }).click();
    await reasonInputs(dialog).nth(0).fill(`Closed for lunch ${id}`);
    const expected = [`Closed for lunch ${id}`, before.failureReasons[0]!, ...before.failureReasons.slice(2)];
    expect(await readReasons(dialog)).toEqual(expected);
    await screenshotViewport(page, 'console-delivery-settings-editing-mobile-light');

    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await toast(page, 'Delivery settings saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await readSettings()).toEqual({ ...before, depotLocation: depot, maxAttempts: 2, failureReasons: expected });
    expect(errors).toEqual([]);
    await close();
  });

  it.each([
    ['desktop', '2031-12-25'],
    ['mobile', '2031-12-26'],
  ] as const)(
    'sets working days and a holiday at %s, light and dark, with every field named',
    async (viewport, holiday) => {
      const { page, dialog, errors, close } = await openSettings(viewport);
      const before = await readSettings();
      const saturday = dialog.getByRole('checkbox', { name: 'Saturday' });
      expect(await saturday.isChecked()).toBe(before.workingDays.includes(6));
      await saturday.click();
      await dialog.getByLabel('Holiday to add').fill(holiday);
      await dialog.getByRole('button', { name: 'Add holiday' }).click();
      const words = holiday.endsWith('25') ? 'Thursday 25 December 2031' : 'Friday 26 December 2031';
      await dialog.getByRole('button', { name: `Remove holiday ${words}` }).waitFor();
      await dialog.getByRole('checkbox', { name: 'Saturday' }).scrollIntoViewIfNeeded();
      for (const mode of ['light', 'dark'] as const) {
        await showColourMode(page, mode);
        await expectNoSeriousA11yViolations(page, { what: `delivery days, ${viewport} ${mode}` });
        await screenshotViewport(page, `console-delivery-settings-days-${viewport}-${mode}`);
      }
      await showColourMode(page, 'light');

      await dialog.getByRole('button', { name: 'Save settings' }).click();
      await toast(page, 'Delivery settings saved').waitFor();
      await dialog.waitFor({ state: 'detached' });
      const workingDays = before.workingDays.includes(6)
        ? before.workingDays.filter((day) => day !== 6)
        : [...before.workingDays, 6].sort();
      expect(await readSettings()).toEqual({ ...before, workingDays, holidays: [...before.holidays, holiday].sort() });
      expect(errors).toEqual([]);
      await close();
    },
  );
});
