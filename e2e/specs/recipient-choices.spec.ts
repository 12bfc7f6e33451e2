// The recipient decides, on a phone (390 px) and a desktop (1280 px), light and dark, checked with axe:
// they confirm who they are with the end of their phone number on the tracking page, choose a
// neighbour and write instructions, and (on another package) move the day; the driver's stop and the
// console's details show their choices; after the delivery they rate it 2 stars with a comment, and
// the console's Feedback page lists it first.
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAsOperator } from '../support/api.ts';
import {
  collectErrors,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  gotoApp,
  launchBrowser,
  newContext,
  screenshot,
  switchColourMode,
  waitForApp,
} from '../support/browser.ts';
import { openConsolePage } from '../support/console-page.ts';
import { acceptedPackages, inviteDriver, newPhoneContext, planRun } from '../support/driver.ts';
import { readE2eEnvironment } from '../support/environment.ts';

const word = randomBytes(3).toString('hex');
const DRIVER = {
  email: `esi.driver.${word}@example.com`,
  name: 'Esi Mensah',
  password: 'Road-ready 2026 van keys',
};
// What the e2e packages' receiver phone (+233 20 000 0000) ends with.
const RECEIVER_DIGITS = '0000';
const INSTRUCTIONS = `Blue gate ${word}. Ring twice.`;
const COMMENT = `Left in the rain ${word}`;

let browser: Browser;
let admin: BrowserContext;
let recipient: BrowserContext;
let driverPhone: BrowserContext;
/** The package the recipient manages, is delivered and rates; the one whose day moves. */
let chosen: string;
let moved: string;
const contexts: BrowserContext[] = [];

const manageSection = (page: Page) => page.getByRole('region', { name: 'Manage this delivery' });
const rateSection = (page: Page) => page.getByRole('region', { name: 'Rate the delivery' });

/** The console's record of the wrong digits tried on purpose (the browser logs every refused request). */
const wrongDigits = (error: string) => error.includes('status of 403') && error.endsWith('/verify');
const unexpected = (errors: string[]) => errors.filter((error) => !wrongDigits(error));

/** axe, no sideways scroll and a screenshot, in the look the page shows now and then in the other. */
async function checkBothLooks(page: Page, what: string, screenshotName: string): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    if (mode === 'dark') await switchColourMode(page, 'dark');
    await expectNoSeriousA11yViolations(page, { what: `${what}, ${mode}` });
    await expectNoSidewaysScroll(page, `${what}, ${mode}`);
    await screenshot(page, `${screenshotName}-${mode}`);
  }
  await switchColourMode(page, 'light');
}

async function confirmAsRecipient(section: Locator): Promise<void> {
  const digits = section.getByRole('textbox', { name: 'Last four digits of your phone number' });
  await digits.fill('1234');
  await section.getByRole('button', { name: 'Confirm' }).click();
  await section.getByText('Those digits do not match this package').waitFor();
  await digits.fill(RECEIVER_DIGITS);
  await section.getByRole('button', { name: 'Confirm' }).click();
}

beforeAll(async () => {
  const { baseUrl } = readE2eEnvironment();
  browser = await launchBrowser();
  admin = await newContext(browser);
  contexts.push(admin);
  await signInAsOperator(admin);
  const driver = await inviteDriver(admin, () => newPhoneContext(browser, baseUrl), DRIVER);
  driverPhone = driver.context;
  contexts.push(driverPhone);
  [chosen, moved] = (await acceptedPackages(admin, 2, `Choice ${word}`)) as [string, string];
  await planRun(admin, driver.id, [chosen]);
  recipient = await newPhoneContext(browser, baseUrl);
  contexts.push(recipient);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('the recipient decides', () => {
  it('on a phone: confirms with the end of their number, chooses a neighbour and writes instructions', async () => {
    const page = await recipient.newPage();
    const errors = collectErrors(page);
    await gotoApp(page, `/track/${chosen}`);
    const section = manageSection(page);
    await confirmAsRecipient(section);
    await section.getByRole('textbox', { name: 'Delivery instructions' }).fill(INSTRUCTIONS);
    await section.getByRole('radio', { name: 'A neighbour' }).check();
    await section.getByRole('textbox', { name: "Neighbour's name" }).fill('Mrs Adu');
    await section.getByRole('textbox', { name: 'Their house number or name' }).fill('No. 14');
    await checkBothLooks(page, 'the delivery choices at 390 px', 'recipient-choices-phone');
    await section.getByRole('button', { name: 'Save choices' }).click();
    await page.getByText('Your delivery choices are saved.', { exact: false }).first().waitFor();
    await section.getByText('Last changed by the recipient.').waitFor();
    // Kept on the server: a reload finds them, the browser still confirmed.
    await page.reload();
    await waitForApp(page);
    await expect
      .poll(() => manageSection(page).getByRole('textbox', { name: 'Delivery instructions' }).inputValue())
      .toBe(INSTRUCTIONS);
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it('on a desktop: moves the day, and the estimated delivery shown to everyone follows', async () => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    const errors = collectErrors(page);
    await gotoApp(page, `/track/${moved}`);
    const section = manageSection(page);
    await confirmAsRecipient(section);
    const day = section.getByRole('combobox', { name: 'Delivery day' });
    await day.waitFor();
    const second = (await day.locator('option').nth(2).getAttribute('value'))!;
    const secondWords = (await day.locator('option').nth(2).textContent())!;
    await day.selectOption(second);
    await checkBothLooks(page, 'the delivery choices at 1280 px', 'recipient-choices-desktop');
    await section.getByRole('button', { name: 'Save choices' }).click();
    await page.getByText('Your delivery choices are saved.', { exact: false }).first().waitFor();
    // The public answer and the page's estimate: the chosen day (noon there).
    const answer = await callApi<{ estimatedDelivery: string }>(admin, 'GET', `/api/track/${moved}`);
    const estimate = new Date(answer.body.estimatedDelivery);
    expect(estimate.getDate()).toBe(Number(second.slice(8, 10)));
    expect(estimate.getMonth() + 1).toBe(Number(second.slice(5, 7)));
    expect(secondWords).toContain(String(estimate.getDate()));
    expect(unexpected(errors)).toEqual([]);
    await page.close();
  });

  it("shows the choices on the driver's stop and in the console's details", async () => {
    const { consolePath } = readE2eEnvironment();
    const stop = await driverPhone.newPage();
    await stop.goto(`${consolePath}/driver`);
    const atTheDoor = stop.getByRole('note', { name: 'At the door' });
    await atTheDoor.getByText('Leave with a neighbour: Mrs Adu, No. 14').waitFor();
    await atTheDoor.getByText(INSTRUCTIONS).waitFor();
    await stop.close();

    const console = await openConsolePage(browser, `/?q=${chosen}`);
    const card = console.page.getByRole('article', { name: `Package ${chosen}` });
    await card.getByRole('button', { name: /, open details$/ }).click();
    const details = console.page.getByRole('dialog', { name: `Package ${chosen}` });
    const choices = details.getByRole('region', { name: 'Delivery choices' });
    await choices.getByText('Leave with a neighbour: Mrs Adu, No. 14').waitFor();
    await choices.getByText(INSTRUCTIONS).waitFor();
    await choices.getByText(/Set by the recipient/).waitFor();
    expect(console.errors).toEqual([]);
    await console.close();
  });

  it('after the delivery: the recipient rates it 2 stars with a comment, and Feedback lists it first', async () => {
    const delivered = await callApi<{ results: { status: string }[] }>(driverPhone, 'POST', '/api/driver/events', {
      events: [
        {
          id: crypto.randomUUID(),
          type: 'delivered',
          trackingCode: chosen,
          at: new Date().toISOString(),
          receivedBy: 'Mrs Adu',
        },
      ],
    });
    expect(delivered.body.results.map((result) => result.status)).toEqual(['applied']);

    const page = await recipient.newPage();
    const errors = collectErrors(page);
    await gotoApp(page, `/track/${chosen}`);
    expect(await manageSection(page).count()).toBe(0);
    const section = rateSection(page);
    await section.getByRole('radio', { name: '2 stars' }).check();
    await section.getByRole('textbox', { name: 'Comment (optional)' }).fill(COMMENT);
    await switchColourMode(page, 'dark');
    await expectNoSeriousA11yViolations(page, { what: 'the rating form at 390 px, dark' });
    await expectNoSidewaysScroll(page, 'the rating form at 390 px');
    await screenshot(page, 'recipient-rating-phone-dark');
    await section.getByRole('button', { name: 'Send rating' }).click();
    await section.getByText('You rated this delivery 2 of 5 stars.', { exact: false }).waitFor();
    await switchColourMode(page, 'light');
    expect(errors).toEqual([]);
    await page.close();

    const feedback = await openConsolePage(browser, '/feedback');
    const ratings = feedback.page.getByRole('region', { name: 'Ratings' }).getByRole('listitem');
    await ratings.first().getByText(COMMENT).waitFor();
    await ratings.first().getByText(`Driver: ${DRIVER.name}`).waitFor();
    expect(await ratings.first().getByText('2 of 5 stars').count()).toBe(1);
    await checkBothLooks(feedback.page, 'the Feedback page at 1280 px', 'feedback-desktop');
    expect(feedback.errors).toEqual([]);
    await feedback.close();
  });
});
