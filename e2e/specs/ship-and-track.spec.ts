import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAsOperator, submitPackage } from '../support/api.ts';
import {
  expectNoSeriousA11yViolations,
  gotoApp,
  launchBrowser,
  newContext,
  openPage as openAppPage,
  screenshot,
  switchColourMode,
  type ViewportName,
} from '../support/browser.ts';
import { readE2eEnvironment } from '../support/environment.ts';
import { shipFormField as field, fillPackage, PACKAGE } from '../support/ship-form.ts';

const SHIP_MESSAGES = [
  'Name is required',
  'Email is required',
  'Phone number is required',
  'Pickup location is required',
  "Receiver's name is required",
  "Receiver's email is required",
  "Receiver's phone number is required",
  'Destination is required',
  'Package description is required',
  'Minimum quantity is 1',
  'Minimum weight is 0.1kg',
  'Minimum length is 1',
  'Minimum width is 1',
  'Minimum height is 1',
];

let browser: Browser;
/** A visitor a width for the whole file (their cache of the app's scripts stays warm); a page a test. */
const visitors = {} as Record<ViewportName, BrowserContext>;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  visitors.desktop = await newContext(browser);
  visitors.mobile = await newContext(browser, { viewport: 'mobile' });
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#e76f51' } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await browser?.close();
});

/** The tabs the running test opened, given back to their visitor when it ends. */
const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0)) await close();
});

/** A page of the app, ready to use (hydrated). */
async function openPage(path: string, viewport: ViewportName = 'desktop'): Promise<Page> {
  const { page, close } = await openAppPage(visitors[viewport], path);
  opened.push(close);
  return page;
}

/** Waits for a toast with this title and returns its text. */
async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.getByRole('alert').filter({ hasText: title }).first();
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}

function imageFile(name: string, kind: 'png' | 'jpeg') {
  return { name, mimeType: `image/${kind}`, buffer: kind === 'png' ? png : jpeg };
}

describe('Ship a Package', () => {
  it('explains every missing or too small value under its field', async () => {
    const page = await openPage('/create');
    for (const label of ['Quantity', 'Weight (kg)', 'Length', 'Width']) await field(page, label).fill('');
    await field(page, 'Height').fill('0');
    await page.getByRole('button', { name: 'Review Package' }).click();

    for (const message of SHIP_MESSAGES) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    expect(await field(page, 'Name').getAttribute('aria-invalid')).toBe('true');
    // Each message sits under its own field: the input points at it.
    const describedBy = await field(page, 'Pickup Location').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy?.split(' ').at(-1)}"]`).textContent()).toBe(
      'Pickup location is required',
    );
    expect(await page.getByRole('dialog').count()).toBe(0);

    await field(page, 'Email').fill('ada@example');
    await field(page, "Receiver's Email").fill('kofi.example.com');
    await page.getByRole('button', { name: 'Review Package' }).click();
    expect(await page.getByText('Invalid email address', { exact: true }).count()).toBe(2);

    await field(page, 'Weight (kg)').fill('0.05');
    await page.getByText('Minimum weight is 0.1kg', { exact: true }).waitFor();
    await field(page, 'Weight (kg)').fill('0.1');
    await page.getByText('Minimum weight is 0.1kg', { exact: true }).waitFor({ state: 'detached' });
  });

  it('keeps every character typed in a number field and explains the value', async () => {
    const page = await openPage('/create');
    const typeInto = async (label: string, text: string) => {
      await field(page, label).fill('');
      // Key by key, as a person types: a formatting input would drop the "." of 1.5 and show 15.
      await field(page, label).pressSequentially(text);
    };
    await typeInto('Quantity', '1.5');
    await typeInto('Weight (kg)', '-2');
    await typeInto('Length', '1,5');
    expect(await field(page, 'Quantity').inputValue()).toBe('1.5');
    expect(await field(page, 'Weight (kg)').inputValue()).toBe('-2');
    expect(await field(page, 'Length').inputValue()).toBe('1,5');
    // Leaving a field keeps the text too.
    await field(page, 'Width').focus();
    expect(await field(page, 'Quantity').inputValue()).toBe('1.5');

    await page.getByRole('button', { name: 'Review Package' }).click();
    await page.getByText('Must be a whole number', { exact: true }).waitFor();
    await page.getByText('Minimum weight is 0.1kg', { exact: true }).waitFor();
    await page.getByText('Minimum length is 1', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await typeInto('Quantity', '2');
    await page.getByText('Must be a whole number', { exact: true }).waitFor({ state: 'detached' });
  });

  it('shows every value and the total volume in the review dialog, and goes back', async () => {
    const page = await openPage('/create');
    await fillPackage(page);
    await field(page, 'Quantity').fill('2');
    await field(page, 'Weight (kg)').fill('1.5');
    await page.getByRole('combobox', { name: 'Dimension unit' }).selectOption('in');
    await field(page, 'Length').fill('12.5');
    await field(page, 'Width').fill('4');
    await field(page, 'Height').fill('3');
    await page.getByRole('button', { name: 'Review Package' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm Package Details' });
    await dialog.waitFor();
    const shown = async (label: string) =>
      dialog
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('+ dd')
        .textContent();
    for (const [label, value] of Object.entries(PACKAGE)) expect(await shown(label)).toBe(value);
    expect(await shown('Quantity')).toBe('2');
    expect(await shown('Weight')).toBe('1.5 kg');
    expect(await shown('Dimensions')).toBe('12.5 × 4 × 3 in');
    expect(await shown('Total volume')).toBe('150.00 in³');
    expect(await shown('Images')).toBe('None');
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('button', { name: 'Go Back' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await field(page, 'Name').inputValue()).toBe('Ada Obi');
    expect(await field(page, 'Length').inputValue()).toBe('12.5');
  });

  it('previews images, removes one, and refuses a sixth or a non-image', async () => {
    const page = await openPage('/create');
    const picker = page.getByLabel('Package images (Max 5)');
    await picker.setInputFiles([
      imageFile('one.png', 'png'),
      imageFile('two.jpg', 'jpeg'),
      imageFile('three.png', 'png'),
    ]);
    await page.getByRole('button', { name: 'Remove image 3' }).waitFor();
    await page.getByRole('button', { name: 'Remove image 2' }).click();
    expect(
      await page
        .getByRole('img', { name: /^Image \d/ })
        .evaluateAll((images) => images.map((i) => i.getAttribute('alt'))),
    ).toEqual(['Image 1: one.png', 'Image 2: three.png']);

    await picker.setInputFiles(['a', 'b', 'c', 'd'].map((name) => imageFile(`${name}.png`, 'png')));
    await page.getByText('You can add at most 5 images. Remove one to add another.').waitFor();
    expect(await page.getByRole('button', { name: /^Remove image/ }).count()).toBe(5);

    await page.getByRole('button', { name: 'Remove image 5' }).click();
    await picker.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') }]);
    await page.getByText('notes.txt is not a supported image (JPEG, PNG, WebP, AVIF or GIF).').waitFor();
    expect(await page.getByRole('button', { name: /^Remove image/ }).count()).toBe(4);
    expect(await picker.getAttribute('accept')).toContain('image/png');
  });

  it('ships a package with two images, then tracks it as Pending', async () => {
    const page = await openPage('/create');
    await fillPackage(page);
    await page
      .getByLabel('Package images (Max 5)')
      .setInputFiles([imageFile('front.png', 'png'), imageFile('side.jpg', 'jpeg')]);
    await page.getByRole('button', { name: 'Remove image 2' }).waitFor();
    await page.getByRole('button', { name: 'Review Package' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Package Details' });
    expect(
      await dialog
        .locator('dt', { hasText: /^Images$/ })
        .locator('+ dd')
        .textContent(),
    ).toBe('2');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/submit-package'));
    await dialog.getByRole('button', { name: 'Confirm & Submit' }).click();
    const submitted = (await (await answer).json()) as { trackingCode: string; packageImages: string[] };

    const toast = await toastText(page, 'Package submitted successfully');
    const code = /Tracking code: ([A-Z0-9]+)/.exec(toast)?.[1];
    expect(code).toMatch(/^[A-Z0-9]{12}$/);
    expect(await page.getByTestId('tracking-code').textContent()).toBe(code);
    await dialog.waitFor({ state: 'detached' });

    expect(submitted.trackingCode).toBe(code);
    // Both images reached the server and are served back.
    expect(submitted.packageImages).toHaveLength(2);
    const image = await page.request.get(new URL(submitted.packageImages[0] ?? '', readE2eEnvironment().baseUrl).href);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/webp');

    // The form is back to its defaults and the previews are gone.
    expect(await field(page, 'Name').inputValue()).toBe('');
    expect(await field(page, 'Description').inputValue()).toBe('');
    expect(await field(page, 'Quantity').inputValue()).toBe('1');
    expect(await field(page, 'Length').inputValue()).toBe('10');
    expect(await page.getByRole('button', { name: /^Remove image/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Copy tracking code' }).waitFor();

    await page.getByRole('link', { name: 'Track this package' }).click();
    await page.waitForURL(`**/track/${code}`);
    await page.getByTestId('tracking-status').getByText('Pending', { exact: true }).waitFor();
    expect(await page.getByTestId('tracking-number').textContent()).toBe(code);
    await page.getByText('No location updates available').waitFor();

    // Tracking by typing the code (any case, stray spaces) and pressing Enter leads to the same place.
    const trackPage = await openPage('/track');
    await field(trackPage, 'Tracking code').fill(`  ${code?.toLowerCase()} `);
    await field(trackPage, 'Tracking code').press('Enter');
    await trackPage.waitForURL(`**/track/${code}`);
    await trackPage.getByTestId('tracking-status').getByText('Pending', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(trackPage);
  });

  it('keeps the dialog open with the server message when the server refuses an image', async () => {
    const page = await openPage('/create');
    await fillPackage(page);
    const fake = { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not a picture') };
    await page.getByLabel('Package images (Max 5)').setInputFiles([fake]);
    await page.getByRole('button', { name: 'Remove image 1' }).waitFor();
    await page.getByRole('button', { name: 'Review Package' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Package Details' });
    await dialog.getByRole('button', { name: 'Confirm & Submit' }).click();

    const toast = await toastText(page, 'Error submitting package');
    expect(toast).toContain('fake.png is not a supported image (JPEG, PNG, WebP, AVIF or GIF)');
    // Nothing was lost: the dialog, the values and the image are still there to retry.
    await dialog.getByRole('button', { name: 'Confirm & Submit' }).waitFor();
    expect(await field(page, 'Name').inputValue()).toBe('Ada Obi');
    await page.getByRole('button', { name: 'Remove image 1' }).waitFor({ state: 'attached' });
  });
});

describe('Track', () => {
  it('asks for a code when the box is blank and sends no request', async () => {
    const page = await openPage('/track');
    const lookups: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/track')) lookups.push(request.url());
    });
    await field(page, 'Tracking code').fill('   ');
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    expect(await toastText(page, 'Please enter a tracking code.')).toContain('Error');
    expect(await page.locator('[data-position="top-center"]').getByText('Please enter a tracking code.').count()).toBe(
      1,
    );
    expect(lookups).toEqual([]);
    await page.getByText('Your tracking number is in the confirmation e-mail', { exact: false }).waitFor();
  });

  it('shows the Tracking Error toast for an unknown code and no result', async () => {
    const page = await openPage('/track/NOSUCHCODE22');
    const toast = await toastText(page, 'Tracking Error');
    expect(toast).toContain('Package not found. Please check the tracking code and try again.');
    expect(await page.getByTestId('tracking-number').count()).toBe(0);
    await page.getByText('Your tracking number is in the confirmation e-mail', { exact: false }).waitFor();
    expect(await field(page, 'Tracking code').inputValue()).toBe('NOSUCHCODE22');
  });
});

describe('Track: history, a rejected package, paper', () => {
  it('adds a history entry per tracked code, so Back returns to the code before', async () => {
    const page = await openPage('/track');
    const [first, second] = [await submitPackage(page.context()), await submitPackage(page.context())];
    const trackByTyping = async (code: string) => {
      await field(page, 'Tracking code').fill(code);
      await field(page, 'Tracking code').press('Enter');
      await page.waitForURL(`**/track/${code}`);
      await page.getByTestId('tracking-number').getByText(code, { exact: true }).waitFor();
    };
    await trackByTyping(first);
    await trackByTyping(second);

    await page.goBack();
    await page.waitForURL(`**/track/${first}`);
    await page.getByTestId('tracking-number').getByText(first, { exact: true }).waitFor();
    expect(await field(page, 'Tracking code').inputValue()).toBe(first);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/track');
    await page.goForward();
    await page.waitForURL(`**/track/${first}`);
  });

  it('shows a rejected package as not accepted, with no stage done', async () => {
    const page = await openPage('/track');
    const code = await submitPackage(page.context());
    await signInAsOperator(page.context());
    expect((await callApi(page.context(), 'POST', '/api/admin/reject', { trackingCode: code })).status).toBe(200);
    await gotoApp(page, `/track/${code}`);
    await page.getByTestId('tracking-status').getByText('Rejected', { exact: true }).waitFor();
    await page.getByText('This package was not accepted for delivery.', { exact: false }).waitFor();
    const contact = page.getByTestId('tracking-description').getByRole('link', { name: 'Contact us', exact: true });
    expect(await contact.getAttribute('href')).toBe('/contact');
    expect(await page.locator('[data-state="done"], [data-state="current"]').count()).toBe(0);
    expect(await page.getByText('Order Placed (done)').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'track-rejected-desktop-light');
  });

  it('prints only the result, white paper with black text, at 1280 and 375 px, light and dark', async () => {
    for (const viewport of ['desktop', 'mobile'] as const) {
      const page = await openPage('/track', viewport);
      const code = await submitPackage(page.context());
      await gotoApp(page, `/track/${code}`);
      await page.getByTestId('tracking-number').waitFor();
      for (const mode of ['light', 'dark'] as const) {
        // The page's own toggle, in place: the same page is printed in each mode.
        if (mode === 'dark') await switchColourMode(page, 'dark');
        await page.getByRole('link', { name: 'Chat with us on WhatsApp' }).waitFor();
        await page.emulateMedia({ media: 'print' });
        for (const hidden of [
          page.getByRole('banner'),
          page.getByRole('contentinfo'),
          page.getByRole('link', { name: 'Chat with us on WhatsApp' }),
          field(page, 'Tracking code'),
          page.getByRole('button', { name: 'Track', exact: true }),
          page.getByRole('heading', { level: 1, name: 'Track Your Package' }),
        ]) {
          expect(await hidden.isVisible(), `${String(hidden)} (${viewport}, ${mode})`).toBe(false);
        }
        expect(await page.getByTestId('tracking-number').isVisible()).toBe(true);
        expect(await page.getByRole('list', { name: 'Delivery stages' }).isVisible()).toBe(true);
        // Nothing sits above the result: it starts at the top of the paper.
        const top = (await page.getByRole('region', { name: 'Tracking number' }).boundingBox())?.y ?? 999;
        expect(top).toBeLessThan(80);
        // Paper stays white with dark text in dark mode too.
        const colours = await page.evaluate(() => {
          const style = getComputedStyle(document.body);
          return { text: style.color, background: style.backgroundColor };
        });
        expect(colours.text, `${viewport}, ${mode}`).toBe('rgb(0, 0, 0)');
        await screenshot(page, `track-print-${viewport}-${mode}`);
        await page.emulateMedia({ media: 'screen' });
        expect(await page.getByRole('banner').isVisible()).toBe(true);
      }
      await switchColourMode(page, 'light');
      await page.close();
    }
  });
});
