// The driver app on a phone (Chromium at 390 × 844, touch): a driver loads today's run online, loses the
// connection, records five deliveries (photo and signature) and two failed attempts, reloads the page
// offline (the app and what waits on the phone survive), comes back online, and every action reaches
// the server once, with the time it happened on the road; the third failed attempt of a package sends
// it back to its sender.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAsOperator } from '../support/api.ts';
import {
  collectErrors,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  launchBrowser,
  newContext,
  screenshotViewport,
  waitForApp,
} from '../support/browser.ts';
import { acceptedPackages, inviteDriver, localDayOf, newPhoneContext, planRun } from '../support/driver.ts';
import { readE2eEnvironment } from '../support/environment.ts';
import { sign } from '../support/signature.ts';

/** A 1 × 1 PNG: a photo the server reads, re-encodes and keeps. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const DOOR_PHOTO = { name: 'door.png', mimeType: 'image/png', buffer: PHOTO };
/**
 * A camera's photo, in small: 2000 × 1500 pixels stored sideways with EXIF orientation 6 (upright it is
 * 1500 × 2000). The phone sends it at 720 × 960; sent whole, the server would keep 1200 × 1600.
 */
const CAMERA_PHOTO = sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#8a6d3b' } })
  .jpeg({ quality: 90 })
  .withMetadata({ orientation: 6 })
  .toBuffer();

const DRIVER = { email: 'kwame.driver@example.com', name: 'Kwame Driver', password: 'Road-ready 2026 van keys' };

let browser: Browser;
let admin: BrowserContext;
let phone: BrowserContext;
let codes: string[];
const contexts: BrowserContext[] = [];

interface StoredAction {
  id: string;
  event: { type: string; trackingCode: string; at: string };
  state: string;
}

/** What the phone holds in its outbox, read from IndexedDB as the app stores it. */
function readOutbox(page: Page): Promise<StoredAction[]> {
  return page.evaluate(
    () =>
      new Promise<StoredAction[]>((resolve, reject) => {
        const opening = indexedDB.open('waybill-driver');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const all = opening.result.transaction('actions').objectStore('actions').getAll();
          all.onsuccess = () => resolve(all.result as StoredAction[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

const stopHeading = (page: Page) => page.getByRole('heading', { level: 2 });
const status = (page: Page) => page.getByTestId('outbox-status');

async function deliver(page: Page, receiver: string, photo = DOOR_PHOTO): Promise<void> {
  await page.getByRole('button', { name: 'Delivered', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delivered' });
  await dialog.getByRole('textbox', { name: 'Received by' }).fill(receiver);
  await dialog.getByLabel('Or choose a photo').setInputFiles(photo);
  await dialog.getByTestId('proof-photo-preview').waitFor();
  await sign(page, dialog);
  await dialog.getByRole('button', { name: 'Save delivery' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A word of a driver's note that only operators may read: never on a public page. */
const NOTE_WORD = 'Quokkaberry';

async function attempt(page: Page, reason: string, withNoteAndPhoto = false): Promise<void> {
  await page.getByRole('button', { name: 'Could not deliver' }).click();
  const dialog = page.getByRole('dialog', { name: 'Could not deliver' });
  await dialog.getByRole('radio', { name: reason }).click();
  if (withNoteAndPhoto) {
    await dialog.getByRole('textbox', { name: 'Note' }).fill(`Card left under the ${NOTE_WORD} pot`);
    await dialog.getByLabel('Or choose a photo').setInputFiles(DOOR_PHOTO);
    await dialog.getByTestId('proof-photo-preview').waitFor();
  }
  await dialog.getByRole('button', { name: 'Save attempt' }).click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  const { baseUrl } = readE2eEnvironment();
  browser = await launchBrowser();
  admin = await newContext(browser);
  contexts.push(admin);
  await signInAsOperator(admin);
  const driver = await inviteDriver(admin, () => newPhoneContext(browser, baseUrl), DRIVER);
  phone = driver.context;
  contexts.push(phone);
  codes = await acceptedPackages(admin, 8, 'Road');
  await planRun(admin, driver.id, codes);
  // The first stop's recipient, checked by the end of their phone number, chose a neighbour and wrote
  // instructions on the tracking page.
  expect((await callApi(admin, 'POST', `/api/track/${codes[0]}/verify`, { phoneLast4: '0000' })).status).toBe(204);
  const chosen = await callApi(admin, 'PUT', `/api/track/${codes[0]}/preferences`, {
    instructions: 'Blue gate.\nRing twice.',
    safePlace: { kind: 'neighbour', neighbourName: 'Mrs Adu', neighbourHouse: 'No. 14' },
  });
  expect(chosen.status).toBe(200);
  // Two failed attempts at the seventh stop yesterday, on the driver's run of that day (an admin may act
  // on any run): the driver's today will be the third.
  const yesterday = new Date();
  yesterday.setDate(yesterday.getDate() - 1);
  yesterday.setHours(11, 0, 0, 0);
  await planRun(admin, driver.id, [codes[6]!], localDayOf(yesterday));
  const seeded = await callApi<{ results: { status: string }[] }>(admin, 'POST', '/api/driver/events', {
    events: [0, 1].map((hours) => ({
      id: crypto.randomUUID(),
      type: 'attempt_failed',
      trackingCode: codes[6],
      at: new Date(yesterday.getTime() + hours * 60 * 60 * 1000).toISOString(),
      reason: 'Business closed',
    })),
  });
  expect(seeded.body.results.map((result) => result.status)).toEqual(['applied', 'applied']);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe('driver app', () => {
  it('works a run offline: the actions survive a reload and arrive once, with their road times', async () => {
    const { consolePath } = readE2eEnvironment();
    const page = await phone.newPage();
    const errors = collectErrors(page);
    await page.goto(`${consolePath}/driver`);
    await waitForApp(page, { wakeIslands: false });
    await expect.poll(() => stopHeading(page).textContent()).toBe('Road receiver 1');
    await page.getByText('Stop 1 of 8').waitFor();
    // What the recipient chose, on their stop.
    const atTheDoor = page.getByRole('note', { name: 'At the door' });
    await atTheDoor.getByText('Leave with a neighbour: Mrs Adu, No. 14').waitFor();
    expect(await atTheDoor.getByText(/^Blue gate\./).textContent()).toBe('Blue gate.\nRing twice.');
    // The service worker controls the page: from here on it answers without the network.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await screenshotViewport(page, 'driver-stop-phone-light');
    await expectNoSeriousA11yViolations(page, { what: 'the driver app, light' });
    await expectNoSidewaysScroll(page, 'the driver app');

    // Loaded, online, by a tap on the stop and by the codes of the labels: each goes Out for Delivery.
    for (let stop = 1; stop <= 3; stop++) {
      await page.getByRole('button', { name: 'Loaded' }).click();
      // Stored on the phone (the stop shows it), then sent.
      await page.getByRole('button', { name: 'Loaded' }).waitFor({ state: 'detached' });
      await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toBe('All sent');
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('button', { name: 'All stops' }).click();
    await page.getByRole('button', { name: 'Scan to load' }).click();
    const scan = page.getByRole('dialog', { name: 'Scan to load' });
    // No camera in this browser: it says so, and the typed code works as a scan.
    await scan.getByRole('alert').waitFor();
    for (const [index, code] of codes.slice(3).entries()) {
      await scan.getByRole('textbox', { name: 'Tracking code' }).fill(code.toLowerCase());
      await scan.getByRole('button', { name: 'Load', exact: true }).click();
      await scan.getByText(`Loaded stop ${index + 4}: Road receiver ${index + 4}.`).waitFor();
    }
    await scan.getByText('Every stop is loaded.').waitFor();
    await scan.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => status(page).textContent(), { timeout: 15_000 }).toBe('All sent');
    // The last stop's recipient sees how far the courier is, and nothing else of the run.
    const tracking = await admin.newPage();
    await tracking.goto(`/track/${codes[7]}`);
    await tracking.getByText('Your courier is 7 stops away').waitFor();
    expect(await tracking.content()).not.toContain(DRIVER.name);
    await page.getByRole('button', { name: 'All stops' }).click();

    await phone.setOffline(true);
    await page.getByText('Offline', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'All stops' }).click();
    await page.getByRole('button', { name: /^1\. Road receiver 1/ }).click();
    for (let stop = 1; stop <= 5; stop++) {
      await expect.poll(() => stopHeading(page).textContent()).toBe(`Road receiver ${stop}`);
      const camera = { name: 'camera.jpg', mimeType: 'image/jpeg', buffer: await CAMERA_PHOTO };
      await deliver(page, `Receiver at door ${stop}`, stop === 1 ? camera : DOOR_PHOTO);
    }
    await expect.poll(() => stopHeading(page).textContent()).toBe('Road receiver 6');
    await attempt(page, 'Nobody at home', true);
    await expect.poll(() => stopHeading(page).textContent()).toBe('Road receiver 7');
    await attempt(page, 'Nobody at home');
    await expect.poll(() => status(page).textContent()).toBe('7 waiting to send');
    const taken = (await readOutbox(page)).filter((action) => action.state === 'waiting');
    expect(taken).toHaveLength(7);

    // Reloaded without a connection: the app's shell, its run and its outbox come from the phone.
    await page.reload();
    await waitForApp(page, { wakeIslands: false });
    await expect.poll(() => status(page).textContent()).toBe('7 waiting to send');
    await page.getByRole('button', { name: 'All stops' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Stops' }).getByText('Delivered').count()).toBe(5);
    await screenshotViewport(page, 'driver-stops-offline-phone-light');

    // Back online: everything goes, once.
    await phone.setOffline(false);
    await expect.poll(() => status(page).textContent(), { timeout: 30_000 }).toBe('All sent');

    for (const action of taken) {
      const { body: pkg } = await callApi<{
        status: string;
        locationUpdates: { location: string; timestamp: string }[];
      }>(admin, 'GET', `/api/admin/packages/${action.event.trackingCode}`);
      if (action.event.type === 'delivered') {
        expect(pkg.status).toBe('Delivered');
        const { body: proof } = await callApi<{
          deliveredAt: string;
          photoUrl: string | null;
          signatureUrl: string | null;
        }>(admin, 'GET', `/api/admin/packages/${action.event.trackingCode}/proof`);
        expect(Date.parse(proof.deliveredAt)).toBe(Date.parse(action.event.at));
        await expect
          .poll(async () => {
            const { body } = await callApi<{ photoUrl: string | null; signatureUrl: string | null }>(
              admin,
              'GET',
              `/api/admin/packages/${action.event.trackingCode}/proof`,
            );
            return [body.photoUrl !== null, body.signatureUrl !== null];
          })
          .toEqual([true, true]);
      } else {
        const attempts = pkg.locationUpdates.filter(
          (update) => update.location === 'Delivery attempted: Nobody at home',
        );
        expect(attempts).toHaveLength(1);
        expect(Date.parse(attempts[0]!.timestamp)).toBe(Date.parse(action.event.at));
      }
    }
    // The camera's photo left the phone upright and within 960 px: the server kept it at that size.
    const { body: first } = await callApi<{ photoUrl: string }>(admin, 'GET', `/api/admin/packages/${codes[0]}/proof`);
    const stored = await sharp(await (await admin.request.get(first.photoUrl)).body()).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 720, 960]);
    const { body: returning } = await callApi<{ status: string }>(admin, 'GET', `/api/admin/packages/${codes[6]}`);
    expect(returning.status).toBe('Returning to sender');
    const { body: sixth } = await callApi<{ status: string }>(admin, 'GET', `/api/admin/packages/${codes[5]}`);
    expect(sixth.status).toBe('Out for Delivery');
    // The attempt's note and photo reached the office, and only the office.
    await expect
      .poll(async () => {
        const { body } = await callApi<{ entries: { note: string | null; photoUrl: string | null }[] }>(
          admin,
          'GET',
          `/api/admin/packages/${codes[5]}/road`,
        );
        return body.entries.map((entry) => [entry.note, entry.photoUrl !== null]);
      })
      .toEqual([[`Card left under the ${NOTE_WORD} pot`, true]]);
    // The public tracking pages tell the attempts, and the last stop is next.
    await tracking.goto(`/track/${codes[5]}`);
    await tracking
      .getByText(/^Delivery attempted on .+: Nobody at home\. We will try again on the next working day\.$/)
      .waitFor();
    expect(await tracking.content()).not.toContain(NOTE_WORD);
    expect(await (await tracking.request.get(`/track/${codes[5]}`)).text()).not.toContain(NOTE_WORD);
    await tracking.goto(`/track/${codes[6]}`);
    await tracking
      .getByText(/^Delivery attempted on .+: Nobody at home\. The package is being returned to its sender\.$/)
      .waitFor();
    await tracking.goto(`/track/${codes[7]}`);
    await tracking.getByText('Your courier is on the way to you').waitFor();
    await tracking.close();

    // Sent again (another tab, a retry after a cut connection): nothing changes twice.
    const again = await callApi<{ results: { status: string }[] }>(phone, 'POST', '/api/driver/events', {
      events: taken.map((action) => action.event),
    });
    expect(again.body.results.map((result) => result.status)).toEqual(taken.map(() => 'duplicate'));
    expect(errors).toEqual([]);
    await page.close();
  });

  it("goes from the console's sign-in to the app's own page and back: a page load each way, no console", async () => {
    const { consolePath, baseUrl } = readE2eEnvironment();
    const context = await newPhoneContext(browser, baseUrl);
    contexts.push(context);
    const page = await context.newPage();
    const errors = collectErrors(page);
    // No session at the app's address: the console's sign-in, which brings the driver back.
    await page.goto(`${consolePath}/driver`);
    await page.waitForURL((url) => url.pathname === `${consolePath}/sign-in` && url.search === '?next=%2Fdriver');
    await page.getByRole('textbox', { name: 'Email' }).fill(DRIVER.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DRIVER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === `${consolePath}/driver`);
    await page.getByRole('heading', { level: 1, name: "Today's run" }).waitFor();
    expect(await page.title()).toBe('Driver app | Waybill');
    // The app's page loads its own script: none of the console's router or screens.
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(scripts.filter((name) => /\/assets\/(console|layout|dashboard|sign-in)-/.test(name))).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === `${consolePath}/sign-in`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(errors).toEqual([]);
  });

  it.each([
    { name: 'a 375 px phone, dark', viewport: { width: 375, height: 812 }, mode: 'dark' as const },
    { name: 'a desktop, light', viewport: { width: 1280, height: 800 }, mode: 'light' as const },
  ])('reads well on $name', async ({ name, viewport, mode }) => {
    const { consolePath, baseUrl } = readE2eEnvironment();
    const context = await newPhoneContext(browser, baseUrl, mode);
    contexts.push(context);
    await context.addCookies(await phone.cookies());
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    await page.addInitScript((chosen) => window.localStorage.setItem('mantine-color-scheme-value', chosen), mode);
    await page.goto(`${consolePath}/driver`);
    await waitForApp(page, { wakeIslands: false });
    await page.getByText(/^Stop \d of 8$/).waitFor();
    await expectNoSeriousA11yViolations(page, { what: `the driver app's stop on ${name}` });
    await expectNoSidewaysScroll(page, `the driver app on ${name}`);
    await screenshotViewport(page, `driver-stop-${viewport.width}-${mode}`);
    await page.getByRole('button', { name: 'All stops' }).click();
    await page.getByRole('list', { name: 'Stops' }).waitFor();
    await expectNoSeriousA11yViolations(page, { what: `the driver app's stops on ${name}` });
    await screenshotViewport(page, `driver-stops-${viewport.width}-${mode}`);
  });
});
