// The screens walk: every public page, the e-mail updates' small pages and every console screen
// (support/screens.ts), at 1280 px and at 375 px, each loaded once per width in a context kept for the
// width (one for visitors, one signed in), then checked light and dark by clicking the page's own
// "Toggle colour mode" button: axe (serious and critical), no sideways scroll, no console error.
// E2E_SCREENSHOTS=1 also writes a PNG of each screen and state in each look (support/browser.ts).
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAsOperator, submitPackage } from '../support/api.ts';
import {
  collectErrors,
  launchBrowser,
  newContext,
  readColourMode,
  switchColourMode,
  type ViewportName,
  waitForApp,
} from '../support/browser.ts';
import { readE2eEnvironment } from '../support/environment.ts';
import { readLinkPath } from '../support/outbox.ts';
import { answerFor, SCREENS, type WalkData } from '../support/screens.ts';
import { checkScreenInBothModes, loadScreen } from '../support/walk.ts';

const WIDTHS: ViewportName[] = ['desktop', 'mobile'];

let browser: Browser;
let data: WalkData;
const contexts = {} as Record<ViewportName, { visitor: BrowserContext; operator: BrowserContext }>;

/** A code in the tracking-code alphabet that no package has (a real one is random over 59 bits). */
function unknownCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return [...randomBytes(12)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

async function seed(operator: BrowserContext): Promise<WalkData> {
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

  // E-mail updates of a package of their own: per width, one address whose confirmation link the walk
  // opens (it works once), and one confirmed here, whose unsubscribe link an update then brings.
  const watched = await submitPackage(operator, { name: 'Walk watched' });
  await accept(watched);
  const address = (role: string, viewport: ViewportName) => `${role}.${viewport}.${word}@example.com`;
  for (const viewport of WIDTHS) {
    for (const role of ['confirm', 'leave']) {
      const asked = callApi(operator, 'POST', `/api/track/${watched}/subscriptions`, {
        email: address(role, viewport),
      });
      expect((await asked).status).toBe(202);
    }
  }
  const subscription = {} as WalkData['subscription'];
  for (const viewport of WIDTHS) {
    const link = await readLinkPath(address('leave', viewport), '/api/subscriptions/confirm?token=');
    expect((await operator.request.get(link)).status()).toBe(200);
  }
  await ok(callApi(operator, 'POST', '/api/admin/location-update', { trackingCode: watched, location: 'Leeds hub' }));
  for (const viewport of WIDTHS) {
    subscription[viewport] = {
      confirm: await readLinkPath(address('confirm', viewport), '/api/subscriptions/confirm?token='),
      unsubscribe: await readLinkPath(address('leave', viewport), '/api/subscriptions/unsubscribe?token='),
    };
  }

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

beforeAll(async () => {
  browser = await launchBrowser();
  for (const viewport of WIDTHS) {
    contexts[viewport] = {
      visitor: await newContext(browser, { viewport }),
      operator: await newContext(browser, { viewport }),
    };
  }
  await signInAsOperator(contexts.desktop.operator);
  await contexts.mobile.operator.addCookies(await contexts.desktop.operator.cookies());
  data = await seed(contexts.desktop.operator);
});

afterAll(async () => {
  for (const { visitor, operator } of Object.values(contexts)) {
    await visitor.close();
    await operator.close();
  }
  await browser?.close();
});

describe.each(WIDTHS)('every screen at %s, light and dark', (viewport) => {
  it.each(SCREENS)('$name', async (screen) => {
    const page = await contexts[viewport][screen.as].newPage();
    try {
      const errors = collectErrors(page);
      if (screen.answers) await answerFor(page, screen.answers);
      const prefix = screen.console ? readE2eEnvironment().consolePath : '';
      await loadScreen(page, `${prefix}${screen.path(data, viewport)}`, {
        wakeIslands: viewport === 'desktop' && screen.wakeIslands,
        script: !screen.withoutScript,
      });
      await screen.ready?.(page, data);
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
    } finally {
      await page.close();
    }
  });
});

describe('the colour mode chosen with the toggle', () => {
  it('is remembered by the console across a reload, and by the public pages it leads to', async () => {
    const context = await newContext(browser);
    try {
      await context.addCookies(await contexts.desktop.operator.cookies());
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
