// The screens walk at one width: every public page, the e-mail updates' small pages and every console
// screen (support/screens.ts), each loaded once in a context kept for the width (one for visitors, one
// signed in), then checked light and dark by clicking the page's own "Toggle colour mode" button: axe
// (serious and critical), no sideways scroll, no console error or warning. Each width is a spec file of its own
// (specs/screens-*.spec.ts), so the two workers share the walk. E2E_SCREENSHOTS=1 also writes a PNG of
// each screen and state in each look (support/browser.ts).
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAsOperator, submitPackage } from './api.ts';
import {
  COLOUR_MODE_KEY,
  collectErrors,
  giveBack,
  launchBrowser,
  newContext,
  readColourMode,
  switchColourMode,
  takeTab,
  type ViewportName,
  waitForApp,
} from './browser.ts';
import { readE2eEnvironment } from './environment.ts';
import { readLinkPath } from './outbox.ts';
import { answerFor, SCREENS, type WalkData } from './screens.ts';
import { checkScreenInBothModes, loadScreen } from './walk.ts';

/** A code in the tracking-code alphabet that no package has (a real one is random over 59 bits). */
function unknownCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return [...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

async function seed(operator: BrowserContext, viewport: ViewportName): Promise<WalkData> {
  const word = `walk${randomBytes(4).toString('hex')}`;
  const ok = async (answer: Promise<{ status: number }>) => expect((await answer).status).toBeLessThan(300);
  const accept = (trackingCode: string) => ok(callApi(operator, 'POST', '/api/admin/accept', { trackingCode }));
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toBuffer();

  const pending = await submitPackage(operator, { name: `Walk ${word} one` }, [
    { name: 'box.jpg', type: 'image/jpeg', bytes: photo },
  ]);
  await ok(callApi(operator, 'POST', '/api/admin/location-update', { trackingCode: pending, location: 'Accra hub' }));
  const accepted = await submitPackage(operator, { name: `Walk ${word} two`, rname: 'Ama Owusu' });
  await accept(accepted);
  const delivered = await submitPackage(operator, { name: `Walk ${word} three` });
  await accept(delivered);
  const xsrf = (await operator.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  const proof = await operator.request.post('/api/admin/proof-of-delivery', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    multipart: { trackingCode: delivered, receivedBy: 'Kwame Asante' },
  });
  expect(proof.status()).toBe(200);
  // Rated by its recipient (the receiver's phone ends in 0000), so the Feedback page lists it.
  await ok(callApi(operator, 'POST', `/api/track/${delivered}/verify`, { phoneLast4: '0000' }));
  await ok(
    callApi(operator, 'POST', `/api/track/${delivered}/rating`, { stars: 2, comment: 'Left at the gate in the rain.' }),
  );

  const rejected = await submitPackage(operator, { name: 'Walk rejected' });
  await ok(callApi(operator, 'POST', '/api/admin/reject', { trackingCode: rejected }));
  const shipped = await submitPackage(operator, { name: 'Walk shipped' });
  await accept(shipped);
  await ok(callApi(operator, 'POST', '/api/admin/update-status', { trackingCode: shipped, status: 'Shipped' }));
  const scanned: [string, string] = [
    await submitPackage(operator, { name: 'Walk scan one' }),
    await submitPackage(operator, { name: 'Walk scan two' }),
  ];
  for (const code of scanned) await accept(code);

  // E-mail updates of a package of their own: one address whose confirmation link the walk opens (it
  // works once), and one confirmed here, whose unsubscribe link an update then brings.
  const watched = await submitPackage(operator, { name: 'Walk watched' });
  await accept(watched);
  const address = (role: string) => `${role}.${viewport}.${word}@example.com`;
  for (const role of ['confirm', 'leave']) {
    const asked = callApi(operator, 'POST', `/api/track/${watched}/subscriptions`, { email: address(role) });
    expect((await asked).status).toBe(202);
  }
  // Opening the link only offers a button; its form posts to the same address.
  const link = await readLinkPath(address('leave'), '/api/subscriptions/confirm?token=');
  expect((await operator.request.post(link)).status()).toBe(200);
  await ok(callApi(operator, 'POST', '/api/admin/location-update', { trackingCode: watched, location: 'Leeds hub' }));
  const subscription = {
    confirm: await readLinkPath(address('confirm'), '/api/subscriptions/confirm?token='),
    unsubscribe: await readLinkPath(address('leave'), '/api/subscriptions/unsubscribe?token='),
  };

  // Something in the Inbox.
  const support = await callApi(operator, 'POST', '/api/support-requests', {
    name: 'Walk Visitor',
    email: `visitor.${word}@example.com`,
    subject: 'Parcel has not moved',
    category: 'tracking',
    priority: 'high',
    message: 'Stuck at the sorting hub for three days.',
  });
  expect(support.status).toBe(201);

  return {
    word,
    pending,
    accepted,
    delivered,
    rejected,
    shipped,
    scanned,
    unknown: unknownCode(),
    subscription,
    adminEmail: readE2eEnvironment().adminEmail,
  };
}

/**
 * Defines the walk's tests at `viewport` (each screen a test) in the calling spec file, with the
 * contexts and the data they share; `alsoRemembered` adds the test of the console remembering the mode.
 */
export function walkScreensAt(viewport: ViewportName, { alsoRemembered = false } = {}): void {
  let browser: Browser;
  let data: WalkData;
  let visitor: BrowserContext;
  let operator: BrowserContext;
  /** Where each signed-in console screen's title starts (px from the left). */
  const consoleTitles = new Map<string, number>();

  beforeAll(async () => {
    browser = await launchBrowser();
    visitor = await newContext(browser, { viewport });
    operator = await newContext(browser, { viewport });
    await signInAsOperator(operator);
    data = await seed(operator, viewport);
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe(`every screen at ${viewport === 'desktop' ? '1280' : '375'} px, light and dark`, () => {
    it.each(SCREENS)('$name', async (screen) => {
      const context = screen.as === 'operator' ? operator : visitor;
      // A tab a screen before gave back (support/browser.ts: takeTab): a new document, a warm renderer.
      const page = await takeTab(context);
      const errors = collectErrors(page, { warnings: true });
      let passed = false;
      try {
        if (screen.answers) await answerFor(page, screen.answers);
        const prefix = screen.console ? readE2eEnvironment().consolePath : '';
        await loadScreen(page, `${prefix}${screen.path(data)}`, {
          wakeIslands: viewport === 'desktop' && screen.wakeIslands,
          script: !screen.withoutScript,
        });
        await screen.ready?.(page, data);
        if (screen.as === 'operator' && screen.console && !screen.outsideFrame && !/not found/.test(screen.name)) {
          const title = await page.getByRole('heading', { level: 1 }).first().boundingBox();
          if (title) consoleTitles.set(screen.name, Math.round(title.x));
        }
        await checkScreenInBothModes(page, errors, {
          name: screen.name,
          viewport,
          modeBy: screen.modeBy,
          states: (screen.states ?? [])
            .filter((state) => !state.viewport || state.viewport === viewport)
            .map((state) => ({
              name: state.name,
              enter: (target: Page) => state.enter(target, data),
              exit: (target: Page) => state.exit(target, data),
            })),
          exclude: screen.exclude,
          allowErrors: screen.allowErrors,
        });
        await screen.cleanup?.(page);
        passed = true;
      } finally {
        // A screen that failed half-way may leave dark remembered: the next screen starts light anyway,
        // in a new tab.
        await page.evaluate((key) => window.localStorage.setItem(key, 'light'), COLOUR_MODE_KEY).catch(() => {});
        await (passed ? giveBack(context, page) : page.close());
      }
    });
  });

  describe('the console pages', () => {
    it('start their titles on one edge, whatever the page', () => {
      expect(consoleTitles.size, 'console screens with a title').toBeGreaterThan(5);
      const edges = new Set(consoleTitles.values());
      expect(edges.size, `title edges: ${JSON.stringify(Object.fromEntries(consoleTitles))}`).toBe(1);
    });
  });

  if (!alsoRemembered) return;
  describe('the colour mode chosen with the toggle', () => {
    it('is remembered by the console across a reload, and by the public pages it leads to', async () => {
      const context = await newContext(browser, { viewport });
      try {
        await context.addCookies(await operator.cookies());
        const page = await context.newPage();
        await loadScreen(page, readE2eEnvironment().consolePath);
        await page.getByRole('heading', { name: 'Package Management Dashboard' }).waitFor();
        expect(await readColourMode(page)).toBe('light');
        await switchColourMode(page, 'dark');
        await page.reload();
        await waitForApp(page, { wakeIslands: false });
        await page.getByRole('heading', { name: 'Package Management Dashboard' }).waitFor();
        expect(await readColourMode(page)).toBe('dark');
        // One choice for the whole site: the public pages open in it, and their toggle switches back once.
        await loadScreen(page, '/pricing');
        expect(await readColourMode(page)).toBe('dark');
        await switchColourMode(page, 'light');
        await loadScreen(page, readE2eEnvironment().consolePath);
        await page.getByRole('heading', { name: 'Package Management Dashboard' }).waitFor();
        expect(await readColourMode(page)).toBe('light');
      } finally {
        await context.close();
      }
    });
  });
}
