// The console's Plan Management screen against the real server: the plan and contact details editors,
// in create and update mode, and the public pages that show what they save. The database is shared by
// every spec of a run, so each test reads the saved state first and works from there.
import type { ContactDetails, Plan, PlanInput } from '@waybill/domain';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import {
  giveBack,
  launchBrowser,
  newContext,
  screenshotViewport,
  takeTab,
  VIEWPORTS,
  type ViewportName,
} from '../support/browser.ts';
import { newConsoleContext, openConsolePage } from '../support/console-page.ts';

let browser: Browser;
/** The operator's contexts for the whole file (one sign-in): each test opens its own page. */
const operator = {} as Record<ViewportName, BrowserContext>;
beforeAll(async () => {
  browser = await launchBrowser();
  operator.desktop = await newConsoleContext(browser);
  operator.mobile = await newConsoleContext(browser, { viewport: 'mobile' });
});
afterAll(async () => {
  await browser?.close();
});

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const TIERS = [1, 2, 3] as const;

const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });
const region = (scope: Page | Locator, name: string) => scope.getByRole('region', { name });

async function readPlan(context: BrowserContext): Promise<Plan | undefined> {
  return (await callApi<Plan[]>(context, 'GET', '/api/plans')).body[0];
}

async function readDetails(context: BrowserContext): Promise<ContactDetails | undefined> {
  return (await callApi<ContactDetails[]>(context, 'GET', '/api/details')).body[0];
}

async function openPlanScreen(viewport: ViewportName = 'desktop') {
  const opened = await openConsolePage(operator[viewport], '/plan');
  await opened.page.getByRole('heading', { level: 1, name: 'Plan Management' }).waitFor();
  // Both cards have their data once their buttons or messages show.
  await opened.page.getByRole('button', { name: /^(Add|Edit) Details$/ }).waitFor();
  return opened;
}

/** Types a plan into the form inside `scope`, tier by tier ("Plan N" groups). */
async function fillPlan(scope: Locator, plan: PlanInput) {
  for (const tier of TIERS) {
    const group = scope.getByRole('group', { name: `Plan ${tier}` });
    await group.getByLabel(/^Name/).fill(plan[`name${tier}`]);
    await group.getByLabel(/^Price per package/).fill(String(plan[`price${tier}`]));
    await group.getByLabel('Description').fill(plan[`description${tier}`]);
  }
}

/** The plan's tiers as the Current Plan table shows them. */
function planRows(plan: PlanInput): string[][] {
  return TIERS.map((tier) => [
    plan[`name${tier}`],
    usd.format(plan[`price${tier}`]),
    plan[`description${tier}`] || 'No description',
  ]);
}

async function readTableRows(card: Locator): Promise<string[][]> {
  return card
    .getByRole('row')
    .evaluateAll((rows) => rows.slice(1).map((row) => Array.from(row.children, (cell) => cell.textContent ?? '')));
}

/** /pricing in the same context shows every tier's name and price (layout aside). */
async function expectPricingShows(context: BrowserContext, plan: PlanInput) {
  const page = await takeTab(context);
  await page.goto('/pricing');
  for (const tier of TIERS) {
    await page
      .getByRole('heading', { level: 3, name: plan[`name${tier}`], exact: true })
      .first()
      .waitFor();
    await page
      .getByText(usd.format(plan[`price${tier}`]), { exact: false })
      .first()
      .waitFor();
  }
  await giveBack(context, page);
}

/** Waits out a dialog's opening transition: axe measures contrast on half-faded text otherwise. */
async function waitForDialogOpen(dialog: Locator) {
  await dialog.waitFor();
  await expect
    .poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity + getComputedStyle(element).transform))
    .toMatch(/^1(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
}

/** A height that fills the screen: full-screen drawers and modals on a phone. */
async function expectFullScreen(locator: Locator, viewport: ViewportName) {
  const box = await locator.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(VIEWPORTS[viewport].height - 2);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(VIEWPORTS[viewport].width - 2);
}

const FIRST_PLAN: PlanInput = {
  name1: 'Basic Shipping',
  name2: 'Express Shipping',
  name3: 'Same Day Rush',
  price1: 9.5,
  price2: 19.5,
  price3: 39.5,
  description1: 'Everyday parcels in 3-5 business days.',
  description2: 'Priority routes in 1-2 business days.',
  description3: '',
};

/** Values that differ from `saved` in every tier, so the change is visible wherever it shows. */
function nextPlan(saved: PlanInput): PlanInput {
  const bump = (price: number) => Math.round((price + 2.25) * 100) / 100;
  return {
    name1: saved.name1 === 'Standard' ? 'Basic Shipping' : 'Standard',
    name2: saved.name2 === 'Express Plus' ? 'Express Shipping' : 'Express Plus',
    name3: saved.name3 === 'Same Day Rush' ? 'Same Day Priority' : 'Same Day Rush',
    price1: bump(saved.price1),
    price2: bump(saved.price2),
    price3: bump(saved.price3),
    description1: 'Everyday parcels in 3-5 business days, insured up to $100.',
    description2: 'Priority routes in 1-2 business days, insured up to $500.',
    description3: 'A dedicated courier the same day, within 6 hours.',
  };
}

describe('console plan management', () => {
  it('with no plan saved: a Create Plan card on desktop, an Add Plan drawer at 375 px', async (test) => {
    const probe = await newContext(browser);
    const saved = await readPlan(probe);
    await probe.close();
    test.skip(saved !== undefined, 'a plan was saved earlier in this run: create mode cannot be shown');

    const desktop = await openPlanScreen('desktop');
    const card = region(desktop.page, 'Create Plan');
    await card.getByRole('button', { name: 'Create Plan' }).waitFor();
    await expect(desktop.page.getByRole('button', { name: 'Add Plan' }).count()).resolves.toBe(0);
    await desktop.close();

    const mobile = await openPlanScreen('mobile');
    await expect(region(mobile.page, 'Create Plan').count()).resolves.toBe(0);
    await mobile.page.getByRole('button', { name: 'Add Plan' }).click();
    const drawer = mobile.page.getByRole('dialog', { name: 'Add Plan' });
    await drawer.getByRole('button', { name: 'Create Plan' }).waitFor();
    await waitForDialogOpen(drawer);
    await expectFullScreen(drawer, 'mobile');
    await screenshotViewport(mobile.page, 'console-plan-add-drawer-mobile-light');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(mobile.errors).toEqual([]);
    await mobile.close();
  });

  it('creates the plan (when none is saved), edits it in a modal, and /pricing follows each save', async () => {
    const { page, context, errors } = await openPlanScreen('desktop');
    let saved = await readPlan(context);
    const current = region(page, 'Current Plan');

    if (!saved) {
      const card = region(page, 'Create Plan');
      await fillPlan(card, FIRST_PLAN);
      await card.getByRole('button', { name: 'Create Plan' }).click();
      await toast(page, 'Plan created successfully').waitFor();
      await current.waitFor();
      await expect.poll(() => readTableRows(current)).toEqual(planRows(FIRST_PLAN));
      saved = await readPlan(context);
      expect(saved).toEqual({ _id: expect.any(String), ...FIRST_PLAN });
      await expectPricingShows(context, FIRST_PLAN);
    }
    if (!saved) throw new Error('No plan after creating one');
    await expect.poll(() => readTableRows(current)).toEqual(planRows(saved));

    const next = nextPlan(saved);
    await current.getByRole('button', { name: 'Edit Plan' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Plan' });
    await modal.getByRole('button', { name: 'Update Plan' }).waitFor();
    await waitForDialogOpen(modal);
    await expect(modal.getByRole('group', { name: 'Plan 1' }).getByLabel(/^Name/).inputValue()).resolves.toBe(
      saved.name1,
    );
    await screenshotViewport(page, 'console-plan-edit-modal-desktop-light');

    // A blank name is refused beside the field, and nothing is sent.
    await modal.getByRole('group', { name: 'Plan 2' }).getByLabel(/^Name/).fill('');
    await modal.getByRole('button', { name: 'Update Plan' }).click();
    await modal.getByText('Plan 2 name is required').waitFor();
    await expect(readPlan(context)).resolves.toEqual(saved);

    await fillPlan(modal, next);
    await modal.getByRole('button', { name: 'Update Plan' }).click();
    await toast(page, 'Plan updated successfully').waitFor();
    await modal.waitFor({ state: 'hidden' });
    await expect.poll(() => readTableRows(current)).toEqual(planRows(next));
    await expect(readPlan(context)).resolves.toEqual({ _id: saved._id, ...next });
    await expectPricingShows(context, next);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('at 375 px folds the saved plan into a card and edits it in a full-screen bottom drawer', async () => {
    const { page, context, errors } = await openPlanScreen('mobile');
    const saved = await readPlan(context);
    if (!saved) throw new Error('The previous test leaves a plan saved');
    const current = region(page, 'Current Plan');
    await expect(current.getByRole('table').count()).resolves.toBe(0);
    await current.getByText(saved.name3, { exact: true }).waitFor();

    await current.getByRole('button', { name: 'Hide plan tiers' }).click();
    await current.getByText(saved.name3, { exact: true }).waitFor({ state: 'hidden' });
    await current.getByRole('button', { name: 'Show plan tiers' }).click();
    await current.getByText(saved.name3, { exact: true }).waitFor();

    await current.getByRole('button', { name: 'Edit Plan' }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit Plan' });
    await drawer.getByRole('button', { name: 'Update Plan' }).waitFor();
    await waitForDialogOpen(drawer);
    await expectFullScreen(drawer, 'mobile');
    await screenshotViewport(page, 'console-plan-edit-drawer-mobile-light');

    const description = 'Same-day pickup and delivery within 6 hours.';
    await drawer.getByRole('group', { name: 'Plan 3' }).getByLabel('Description').fill(description);
    await drawer.getByRole('button', { name: 'Update Plan' }).click();
    await toast(page, 'Plan updated successfully').waitFor();
    await drawer.waitFor({ state: 'hidden' });
    await current.getByText(description).waitFor();
    await expect(readPlan(context)).resolves.toEqual({ ...saved, description3: description });
    expect(errors).toEqual([]);
    await page.close();
  });
});

const FIRST_DETAILS = {
  phone: '+1 (555) 010-2040',
  email: 'dispatch@waybill.example',
  watsapp: 'https://wa.me/15550102040',
  address: ['100 Harbor Way', 'Oakland, CA 94607'],
};

/** Values that differ from `saved` in every field. */
function nextDetails(saved: Omit<ContactDetails, '_id'>): Omit<ContactDetails, '_id'> {
  const first = saved.phone === '+1 (555) 010-3090';
  return {
    phone: first ? '+1 (555) 010-3091' : '+1 (555) 010-3090',
    email: first ? 'desk@waybill.example' : 'help@waybill.example',
    watsapp: first ? 'https://wa.me/15550103091' : 'https://wa.me/15550103090',
    address: ['Pier 9, Suite 200', 'San Francisco, CA 94111'],
  };
}

/** The value beside a label in the contact details card's description list. */
function shownValue(card: Locator, label: string): Promise<string | null> {
  return card
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .evaluate((term) => term.nextElementSibling?.textContent ?? null);
}

/** Home "Ready to Ship?", /contact and the floating WhatsApp button show `details`. */
async function expectPublicPagesShow(context: BrowserContext, details: Omit<ContactDetails, '_id'>) {
  const page = await takeTab(context);
  await page.goto('/');
  const ready = region(page, 'Ready to Ship?');
  await ready.getByRole('link', { name: details.phone }).waitFor();
  await ready.getByRole('link', { name: details.email }).waitFor();
  const whatsapp = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
  await expect.poll(() => whatsapp.getAttribute('href')).toBe(details.watsapp);

  await page.goto('/contact');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByText(details.phone).first().waitFor();
  await page.getByText(details.email).first().waitFor();
  await expect.poll(() => whatsapp.getAttribute('href')).toBe(details.watsapp);
  await giveBack(context, page);
}

describe('console contact details', () => {
  it('creates the details (when none are saved), edits them, and the public pages follow', async () => {
    const { page, context, errors } = await openPlanScreen('desktop');
    let saved = await readDetails(context);
    const card = region(page, 'Contact Details');

    if (!saved) {
      await card.getByText('No contact details saved yet').waitFor();
      await card.getByRole('button', { name: 'Add Details' }).click();
      const modal = page.getByRole('dialog', { name: 'Add Details' });
      await modal.getByLabel('Phone').fill(FIRST_DETAILS.phone);
      await modal.getByLabel('Email').fill(FIRST_DETAILS.email);
      await modal.getByLabel('WhatsApp link').fill(FIRST_DETAILS.watsapp);
      await modal.getByLabel('Address line 1', { exact: true }).fill(FIRST_DETAILS.address[0]!);
      await modal.getByRole('button', { name: 'Add address line' }).click();
      await modal.getByLabel('Address line 2', { exact: true }).fill(FIRST_DETAILS.address[1]!);
      await modal.getByRole('button', { name: 'Save Details' }).click();
      await toast(page, 'Details created successfully').waitFor();
      await modal.waitFor({ state: 'hidden' });
      saved = await readDetails(context);
      expect(saved).toEqual({ _id: expect.any(String), ...FIRST_DETAILS });
      await expectPublicPagesShow(context, FIRST_DETAILS);
    }
    if (!saved) throw new Error('No contact details after creating them');
    await expect.poll(() => shownValue(card, 'Phone')).toBe(saved.phone || 'Not provided');

    const next = nextDetails(saved);
    await card.getByRole('button', { name: 'Edit Details' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Details' });
    await modal.getByRole('button', { name: 'Update Details' }).waitFor();
    await waitForDialogOpen(modal);
    await screenshotViewport(page, 'console-contact-modal-desktop-light');

    await modal.getByLabel('Phone').fill(next.phone);
    await modal.getByLabel('Email').fill(next.email);
    await modal.getByLabel('WhatsApp link').fill(next.watsapp);
    // Down to one line (its remove button then disappears), then the new lines.
    const removeButtons = modal.getByRole('button', { name: /^Remove address line/ });
    while ((await removeButtons.count()) > 0) await removeButtons.first().click();
    await expect(modal.getByRole('textbox', { name: /^Address line/ }).count()).resolves.toBe(1);
    await modal.getByLabel('Address line 1', { exact: true }).fill(next.address[0]!);
    await modal.getByRole('button', { name: 'Add address line' }).click();
    await modal.getByLabel('Address line 2', { exact: true }).fill(next.address[1]!);
    await modal.getByRole('button', { name: 'Update Details' }).click();
    await toast(page, 'Details updated successfully').waitFor();
    await modal.waitFor({ state: 'hidden' });

    await expect.poll(() => shownValue(card, 'Phone')).toBe(next.phone);
    await expect(shownValue(card, 'Email')).resolves.toBe(next.email);
    await expect(shownValue(card, 'Address')).resolves.toBe(next.address.join(''));
    await expect(card.getByRole('link', { name: next.watsapp }).getAttribute('href')).resolves.toBe(next.watsapp);
    await expect(readDetails(context)).resolves.toEqual({ _id: saved._id, ...next });
    await expectPublicPagesShow(context, next);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('at 375 px edits the details in a full-screen modal and refuses a bad e-mail', async () => {
    const { page, context, errors } = await openPlanScreen('mobile');
    const saved = await readDetails(context);
    if (!saved) throw new Error('The previous test leaves contact details saved');
    await region(page, 'Contact Details').getByRole('button', { name: 'Edit Details' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit Details' });
    await modal.getByRole('button', { name: 'Update Details' }).waitFor();
    await waitForDialogOpen(modal);
    await expectFullScreen(modal, 'mobile');
    await screenshotViewport(page, 'console-contact-modal-mobile-light');

    await modal.getByLabel('Email').fill('dispatch-at-waybill');
    await modal.getByRole('button', { name: 'Update Details' }).click();
    await modal.getByText('Invalid email address').waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'hidden' });
    await expect(readDetails(context)).resolves.toEqual(saved);
    expect(errors).toEqual([]);
    await page.close();
  });
});
