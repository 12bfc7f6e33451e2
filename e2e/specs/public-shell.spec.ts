import { PRERENDERED_PATHS, type PrerenderedPath } from '@waybill/domain';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAsOperator } from '../support/api.ts';
import { gotoApp, launchBrowser, newContext, openPage, waitForApp } from '../support/browser.ts';
import { readE2eEnvironment } from '../support/environment.ts';

/** The heading a visitor sees first on each prerendered page (typed so a new page needs its heading here). */
const HEADINGS = {
  '/': 'Fast, reliable delivery to your door and around the world',
  '/0': 'Fast, reliable delivery to your door and around the world',
  '/pricing': 'Pricing',
  '/services': 'Services',
  '/about': 'About Us',
  '/track': 'Track Your Package',
  '/create': 'Ship a Package',
  '/support': 'Help Center',
  '/contact': 'Contact Us',
  '/request-account': 'Request an Account',
  '/thank-you': 'Thank You!',
} as const satisfies Record<PrerenderedPath, string>;

/** Every prerendered public page and its heading (the screens walk checks each in every look). */
const PUBLIC_PAGES = PRERENDERED_PATHS.map((path) => ({ path, heading: HEADINGS[path] }));

/** The eight navigation routes of the top bar and where each lands. */
const NAV_ROUTES = [
  { label: 'Home', path: '/', heading: HEADINGS['/'] },
  { label: 'Pricing', path: '/pricing', heading: 'Pricing' },
  { label: 'Services', path: '/services', heading: 'Services' },
  { label: 'About', path: '/about', heading: 'About Us' },
  { label: 'Track Package', path: '/track', heading: 'Track Your Package' },
  { label: 'Get Started', path: '/create', heading: 'Ship a Package' },
  { label: 'Help Center', path: '/support', heading: 'Help Center' },
  { label: 'Contact Us', path: '/contact', heading: 'Contact Us' },
] as const;

const readTag = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.trim() ?? '';
const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

let browser: Browser;
/** One visitor's context for the tests that leave nothing behind in it: its cache stays warm. */
let visitor: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await newContext(browser);
});
afterAll(async () => {
  await browser?.close();
});

describe('prerendered HTML, fetched without running scripts', () => {
  it('holds each page heading, its own <title> and description, and no inline script', async () => {
    const { baseUrl } = readE2eEnvironment();
    const titles = new Map<string, string>();
    for (const { path, heading } of PUBLIC_PAGES) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(decode(readTag(html, /<h1[^<>]*>([^<]*)<\/h1>/)), path).toBe(heading);
      const title = decode(readTag(html, /<title>([^<]*)<\/title>/));
      expect(title, path).toMatch(/Waybill/);
      expect(readTag(html, /<meta name="description" content="([^"]*)"/).length, path).toBeGreaterThan(40);
      expect(html, path).toContain('<script src="/color-scheme.js"></script>');
      const inlineScripts = html.match(/<script\b[^<>]*>/g)?.filter((tag) => !/\bsrc=/.test(tag));
      expect(inlineScripts ?? [], `${path} has an inline script`).toEqual([]);
      expect(html, `${path} preloads its page chunk`).toMatch(/<link rel="modulepreload"[^<>]+href="\/assets\//);
      titles.set(path, title);
    }
    // One title per page (home and /0 are the same page).
    const distinct = new Set([...titles].filter(([path]) => path !== '/0').map(([, title]) => title));
    expect(distinct.size).toBe(PUBLIC_PAGES.length - 1);
    expect(titles.get('/0')).toBe(titles.get('/'));
  });

  it('renders the home page readable with scripts blocked, in the saved dark mode too', async () => {
    const { page, context } = await openPage(browser, '/', { javaScript: false });
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(HEADINGS['/']);
    await expect(page.getByRole('link', { name: 'Ship Now' }).getAttribute('href')).resolves.toBe('/create');
    await context.close();
  });

  it("serves /track/<code> as the tracking page with that code's answer, and a 404 page for unknown paths", async () => {
    const { baseUrl } = readE2eEnvironment();
    const tracking = await fetch(`${baseUrl}/track/WB123`);
    expect(tracking.status).toBe(200);
    const html = await tracking.text();
    expect(decode(readTag(html, /<h1[^<>]*>([^<]*)<\/h1>/))).toBe(HEADINGS['/track']);
    // The code stays in the box, with the help prompt for a code that is not known.
    expect(html).toContain('>WB123</textarea>');
    expect(html).toContain('Your tracking number is in the confirmation e-mail');

    const { page, close, errors } = await openPage(visitor, '/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expect(page.title()).resolves.toBe('Page Not Found | Waybill');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.getByRole('heading', { level: 1, name: HEADINGS['/'] }).waitFor();
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
    await close();
  });
});

describe('shell', () => {
  it('reaches every navigation route from the top bar, with its heading and title, hydrating without errors', async () => {
    const { baseUrl } = readE2eEnvironment();
    const { page, close, errors } = await openPage(visitor, '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const route of NAV_ROUTES) {
      await nav.getByRole('link', { name: route.label, exact: true }).click();
      await page.waitForURL(`${baseUrl}${route.path}`);
      await page.getByRole('heading', { level: 1, name: route.heading, exact: true }).waitFor();
      const prerendered = await (await fetch(`${baseUrl}${route.path}`)).text();
      await expect(page.title()).resolves.toBe(decode(readTag(prerendered, /<title>([^<]*)<\/title>/)));
      await expect(
        nav.getByRole('link', { name: route.label, exact: true }).getAttribute('aria-current'),
      ).resolves.toBe('page');
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('lists the footer groups and scrolls to the top on a route change', async () => {
    const { page, close } = await openPage(visitor, '/', { wakeIslands: false });
    const footer = page.getByRole('contentinfo');
    const groups = {
      Services: ['Express Delivery', 'Standard Shipping', 'International', 'Freight Services'],
      Company: ['About Us'],
      Support: ['Help Center', 'Track Package', 'Contact Us'],
    };
    for (const [group, links] of Object.entries(groups)) {
      const list = footer.getByRole('navigation', { name: group });
      await expect(list.getByRole('link').allTextContents()).resolves.toEqual(links);
    }
    await footer.getByRole('link', { name: 'About Us' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await footer.getByRole('link', { name: 'About Us' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await close();
  });

  it('remembers dark mode across a reload, applied before the app starts', async () => {
    const { page, context } = await openPage(browser, '/pricing');
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    await expect(scheme()).resolves.toBe('light');
    await page.getByRole('button', { name: 'Toggle colour mode' }).click();
    await expect.poll(scheme).toBe('dark');
    // Scripts of the app are blocked on this reload: only the synchronous head script may set the mode.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload({ waitUntil: 'load' });
    await expect(scheme()).resolves.toBe('dark');
    await page.unroute('**/assets/*.js');
    await page.reload();
    await waitForApp(page);
    await expect(scheme()).resolves.toBe('dark');
    await page.getByRole('button', { name: 'Toggle colour mode' }).click();
    await expect.poll(scheme).toBe('light');
    await context.close();
  });

  it('on a 375 px screen, opens the full-screen menu from the burger and closes it on navigation', async () => {
    const { page, context } = await openPage(browser, '/', { viewport: 'mobile' });
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await expect(burger.isVisible()).resolves.toBe(true);
    await expect(page.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
    await burger.click();
    const menu = page.getByRole('dialog');
    await menu.waitFor();
    const box = await menu.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(374);
    await expect(menu.getByRole('link').allTextContents()).resolves.toEqual(
      expect.arrayContaining(NAV_ROUTES.map((route) => route.label)),
    );
    await menu.getByRole('link', { name: 'Help Center' }).click();
    await page.getByRole('heading', { level: 1, name: 'Help Center' }).waitFor();
    await menu.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(375);
    await context.close();
  });

  it("shows the WhatsApp button on every route: the company's link until an operator saves one", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    type Details = { _id: string; phone: string; email: string; watsapp: string; address: string[] };
    await signInAsOperator(context);
    // As on a fresh install: no saved WhatsApp link (the e2e database is shared, so blank it for now).
    const before = (await callApi<Details[]>(context, 'GET', '/api/details')).body[0];
    if (before?.watsapp) await callApi(context, 'PUT', `/api/details/${before._id}`, { ...before, watsapp: '' });
    const company = (await callApi<{ whatsapp: string }>(context, 'GET', '/api/company')).body;
    expect(company.whatsapp).toMatch(/^https:\/\/wa\.me\/\d+$/);
    const button = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
    try {
      for (const { path } of PUBLIC_PAGES) {
        // The link is in the server's HTML: no island needs to wake for it.
        await gotoApp(page, path, { wakeIslands: false });
        await button.waitFor();
        expect(await button.getAttribute('href'), path).toBe(company.whatsapp);
      }

      const link = 'https://wa.me/447700900123';
      const saved = before
        ? await callApi(context, 'PUT', `/api/details/${before._id}`, { ...before, watsapp: link })
        : await callApi<Details>(context, 'POST', '/api/details', {
            phone: '+1 (555) 010-2030',
            email: 'hello@waybill.test',
            watsapp: link,
            address: ['100 Harbor Way'],
          });
      expect(saved.status).toBeLessThan(300);
      await gotoApp(page, '/services', { wakeIslands: false });
      await expect.poll(() => button.getAttribute('href')).toBe(link);
      await expect(button.getAttribute('target')).resolves.toBe('_blank');
      // Leave the link as it was for the other specs.
      const record = before ?? (saved.body as Details);
      await callApi(context, 'PUT', `/api/details/${record._id}`, { ...record, watsapp: before?.watsapp ?? '' });
    } finally {
      if (before) await callApi(context, 'PUT', `/api/details/${before._id}`, before);
      await context.close();
    }
  });
});
