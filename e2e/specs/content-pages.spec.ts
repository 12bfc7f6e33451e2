import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADD_ONS, MARKETING, PLAN_TIERS } from '@waybill/domain';
import { copyDatabaseDir, findFreePort, startWaybillServer } from '@waybill/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, openPage } from '../support/browser.ts';
import { saveContactDetails } from '../support/contact-details.ts';
import { readE2eEnvironment } from '../support/environment.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

interface ContentPage {
  path: string;
  title: string;
  heading: string;
  /** The h2 of every section, in order. */
  sections: string[];
  /** Every link button of the page body and where SPEC sends it. */
  links: [name: string | RegExp, href: string][];
}

const CONTENT_PAGES: ContentPage[] = [
  {
    path: '/pricing',
    title: 'Pricing | Waybill',
    heading: 'Pricing',
    sections: [
      'Choose your delivery speed',
      'Add-ons',
      'Enterprise solutions',
      'Pricing questions',
      'Ready to send your first package?',
    ],
    links: [
      // The tier names come from the saved plan, which other spec files may change.
      [/^Ship with /, '/create'],
      ['Start Shipping', '/create'],
      ['Contact Sales', '/contact'],
      ['Ship a Package', '/create'],
      ['Contact Us', '/contact'],
    ],
  },
  {
    path: '/services',
    title: 'Services | Waybill',
    heading: 'Services',
    sections: [
      'Our core services',
      'Everything we deliver',
      'Specialty services',
      'Industries we serve',
      'Client success stories',
      'How It Works',
      'Ready to get started?',
    ],
    links: [
      ['Explore Services', '/create'],
      ['Contact Us', '/contact'],
      ['Request Quote', '/create'],
      ['Get Started Today', '/create'],
    ],
  },
  {
    path: '/about',
    title: 'About Us | Waybill',
    heading: 'About Us',
    sections: [
      'Waybill in numbers',
      'Our story',
      'Our values',
      'Technology that delivers',
      'Ship with a team that cares',
    ],
    links: [
      ['Get Started Today', '/create'],
      ['Contact Our Team', '/contact'],
    ],
  },
  {
    path: '/support',
    title: 'Help Center | Waybill',
    heading: 'Help Center',
    sections: ['Get in touch', 'Send a support request', 'Frequently asked questions', 'Support you can count on'],
    links: [],
  },
  {
    path: '/contact',
    title: 'Contact Us | Waybill',
    heading: 'Contact Us',
    sections: ['How to reach us', 'Quick actions', 'Stay Connected'],
    links: [
      ['Track a Package', '/track'],
      ['Request an Account', '/request-account'],
    ],
  },
];

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const readAll = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => decode(match[1] ?? ''));

let browser: Browser;
/** One visitor for the file (its cache of the app's scripts stays warm); each test opens its own page. */
let visitor: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await newContext(browser);
});
afterAll(async () => {
  await browser?.close();
});

const main = (page: Page) => page.getByRole('main');
const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const hrefs = (links: Locator) => links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));

describe('content pages in the prerendered HTML (no scripts)', () => {
  it.each(CONTENT_PAGES)('$path carries its title, h1 and every section heading', async (content) => {
    const response = await fetch(`${readE2eEnvironment().baseUrl}${content.path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(readAll(html, /<title>([^<]*)<\/title>/g)).toEqual([content.title]);
    expect(readAll(html, /<h1[^<>]*>([^<]*)<\/h1>/g)).toEqual([content.heading]);
    const h2 = readAll(html, /<h2[^<>]*>([^<]*)<\/h2>/g);
    for (const title of content.sections) expect(h2, content.path).toContain(title);
  });

  it('renders every core service tab panel and lazy WebP illustrations with their size set', async () => {
    const html = await (await fetch(`${readE2eEnvironment().baseUrl}/services`)).text();
    const h3 = readAll(html, /<h3[^<>]*>([^<]*)<\/h3>/g);
    for (const title of ['Express Delivery', 'International Shipping', 'Freight Services']) expect(h3).toContain(title);
    for (const figure of [MARKETING.countriesServed, MARKETING.internationalDays, MARKETING.maxCargo]) {
      expect(html).toContain(`>${figure}<`);
    }
    const images = html.match(/<img [^<>]+>/g) ?? [];
    expect(images).toHaveLength(3);
    for (const image of images) {
      expect(image).toMatch(/ width="960"/);
      expect(image).toMatch(/ height="640"/);
      expect(image).toMatch(/src[Ss]et="[^",\s]+\.webp 480w, [^",\s]+\.webp 960w"/);
      expect(image).toMatch(/ alt="[^"]{20,}"/);
    }
    // The first panel's picture sits at the fold; the hidden panels' pictures wait until they are shown.
    expect(images.filter((image) => image.includes('loading="lazy"'))).toHaveLength(2);
  });

  it("carries the saved plan's names and prices, or the default names priced on request", async () => {
    const { baseUrl } = readE2eEnvironment();
    type Plan = Record<`name${1 | 2 | 3}`, string> & Record<`price${1 | 2 | 3}`, number>;
    const plan = ((await (await fetch(`${baseUrl}/api/plans`)).json()) as Plan[])[0];
    const html = await (await fetch(`${baseUrl}/pricing`)).text();
    const h3 = readAll(html, /<h3[^<>]*>([^<]*)<\/h3>/g);
    if (plan) {
      expect(h3.slice(0, 3)).toEqual([plan.name1, plan.name2, plan.name3]);
      expect(html.match(/per package</g)).toHaveLength(3);
    } else {
      expect(h3.slice(0, 3)).toEqual(PLAN_TIERS.map((tier) => tier.defaultName));
      expect(html.match(/Price on request</g)).toHaveLength(3);
      expect(html).not.toContain('per package</');
    }
  });
});

describe('content pages in the browser', () => {
  it.each(CONTENT_PAGES)('$path shows its sections and sends each button where SPEC says', async (content) => {
    const { page, close, errors } = await openPage(visitor, content.path);
    await expect(page.title()).resolves.toBe(content.title);
    await page.getByRole('heading', { level: 1, name: content.heading, exact: true }).waitFor();
    for (const title of content.sections) await section(page, title).waitFor();
    for (const [name, href] of content.links) {
      const links = main(page).getByRole('link', { name, exact: typeof name === 'string' });
      const targets = await hrefs(links);
      expect(targets.length, `${content.path}: ${name}`).toBeGreaterThan(0);
      expect(new Set(targets), `${content.path}: ${name}`).toEqual(new Set([href]));
    }
    expect(errors).toEqual([]);
    await close();
  });

  it.each([
    ['/pricing', 'Contact Sales', 'Contact Us'],
    ['/services', 'Explore Services', 'Ship a Package'],
    ['/services', 'Get Started Today', 'Ship a Package'],
    ['/about', 'Contact Our Team', 'Contact Us'],
    ['/about', 'Get Started Today', 'Ship a Package'],
  ])('%s: %s lands on the page it names', async (path, button, heading) => {
    const { page, close } = await openPage(visitor, path);
    await main(page).getByRole('link', { name: button, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    await close();
  });

  it('pricing: plan tiers with their delivery times and insurance, the add-ons and an FAQ that opens', async () => {
    const { page, close } = await openPage(visitor, '/pricing');
    const plans = section(page, 'Choose your delivery speed');
    for (const tier of PLAN_TIERS) {
      await plans.getByText(`Delivery: ${tier.deliveryTime}`, { exact: true }).waitFor();
      await plans.getByText(`Insurance: ${tier.insurance}`, { exact: true }).waitFor();
    }
    // No tier reads "Delivery in same day within 6 hours".
    expect(await plans.getByText(/Delivery in /).count()).toBe(0);
    // Once the plan is read the placeholder goes: a price per package, or a quote prompt.
    await expect.poll(() => plans.getByText('Price loading').count()).toBe(0);
    const quoted = await plans.getByText('per package', { exact: true }).count();
    const onRequest = await plans.getByText('Price on request').count();
    expect([quoted, onRequest]).toContainEqual(3);

    const addOns = section(page, 'Add-ons');
    for (const addOn of ADD_ONS) {
      const card = addOns.locator('.mantine-Card-root').filter({ hasText: addOn.name });
      await card.getByText(addOn.price, { exact: true }).waitFor();
      await card.getByText(addOn.detail).waitFor();
    }

    const faq = section(page, 'Pricing questions');
    const question = faq.getByRole('button', { name: 'Is my package insured?' });
    await expect(question.getAttribute('aria-expanded')).resolves.toBe('false');
    await question.click();
    await expect(question.getAttribute('aria-expanded')).resolves.toBe('true');
    await faq.getByText('coverage up to $5,000').waitFor();
    await close();
  });

  it('services: the core service tabs move with the arrow keys and show six features and three figures', async () => {
    const { page, close } = await openPage(visitor, '/services');
    const core = section(page, 'Our core services');
    const tabs = core.getByRole('tablist', { name: 'Core services' }).getByRole('tab');
    await expect(tabs.allTextContents()).resolves.toEqual(['Express', 'International', 'Freight']);

    const expected = [
      { tab: 'Express', title: 'Express Delivery', figures: [MARKETING.averageDelivery, MARKETING.onTime] },
      {
        tab: 'International',
        title: 'International Shipping',
        figures: [MARKETING.countriesServed, MARKETING.internationalDays],
      },
      {
        tab: 'Freight',
        title: 'Freight Services',
        figures: [MARKETING.maxCargo, MARKETING.freightVehicles, MARKETING.insuranceUpTo],
      },
    ];
    await core.getByRole('tab', { name: 'Express' }).focus();
    for (const [index, service] of expected.entries()) {
      if (index > 0) await page.keyboard.press('ArrowRight');
      const tab = core.getByRole('tab', { name: service.tab });
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      await expect(tab.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
      const panel = core.getByRole('tabpanel');
      await expect(panel.count()).resolves.toBe(1);
      await panel.getByRole('heading', { level: 3, name: service.title }).waitFor();
      await expect(panel.getByRole('listitem').count()).resolves.toBe(6);
      for (const figure of service.figures) await panel.getByText(figure, { exact: true }).waitFor();
      await panel.getByRole('img').waitFor();
      await expect(panel.getByRole('link', { name: /^Request Quote/ }).getAttribute('href')).resolves.toBe('/create');
    }

    await expect(
      section(page, 'Specialty services').getByRole('heading', { level: 3 }).allTextContents(),
    ).resolves.toEqual(['Secure Transport', 'Same-Day Rush', 'E-commerce Solutions']);
    await expect(
      section(page, 'Industries we serve').getByRole('heading', { level: 3 }).allTextContents(),
    ).resolves.toEqual(['Healthcare & Pharmaceuticals', 'Automotive', 'Technology', 'Fashion & Retail']);
    await expect(section(page, 'Client success stories').getByRole('article').count()).resolves.toBe(3);
    await expect(section(page, 'How It Works').getByRole('heading', { level: 3 }).allTextContents()).resolves.toEqual([
      'Book & Schedule',
      'Package & Collect',
      'Track & Monitor',
      'Deliver & Confirm',
    ]);
    await close();
  });

  it('about and support show the SPEC figures', async () => {
    const about = await openPage(visitor, '/about');
    const numbers = section(about.page, 'Waybill in numbers');
    const years = new Date().getFullYear() - MARKETING.founded;
    await numbers.getByText(`${years} years of deliveries, one parcel at a time.`, { exact: true }).waitFor();
    expect(about.errors).toEqual([]);
    for (const figure of [
      String(MARKETING.founded),
      MARKETING.packagesDelivered,
      MARKETING.customers,
      MARKETING.countriesAbout,
      MARKETING.onTime,
    ]) {
      await numbers.getByText(figure, { exact: true }).waitFor();
    }
    await about.close();

    const support = await openPage(visitor, '/support');
    const stats = section(support.page, 'Support you can count on');
    for (const figure of [
      MARKETING.support,
      MARKETING.averageResponse,
      MARKETING.satisfaction,
      MARKETING.countriesAbout,
    ]) {
      await stats.getByText(figure, { exact: true }).waitFor();
    }
    const options = section(support.page, 'Get in touch').getByRole('heading', { level: 3 });
    await expect(options.allTextContents()).resolves.toEqual(['Live Chat', 'Phone Support', 'Email Support']);
    await support.close();
  });
});

describe('about page in a later year', () => {
  it("counts the years from 2010 and the footer year from the server's today, with no console error", async () => {
    // A server whose clock reads five years ahead (support/shifted-clock.mjs): the pages are rendered
    // with its year, as they are every year without a rebuild.
    const later = new Date().getFullYear() + 5;
    // A copy of the run's migrated embedded database (support/global-setup.ts): a fresh one made and
    // migrated here took 30 to 45 s of this file's time on a busy two-core machine.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'waybill-e2e-later-'));
    await copyDatabaseDir(inject('e2eMigratedDatabase'), dataDir);
    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const server = await startWaybillServer({
      dataDir,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        DATABASE_URL: undefined,
        PUBLIC_URL: baseUrl,
        ADMIN_PATH: '/console-later-year',
        CONSOLE_SHORTCUT_NAME: 'later-year-shortcut',
        CONSOLE_SHORTCUT_CODE: '274519',
        ADMIN_PASSWORD: 'a-later-year-admin-password',
        NODE_OPTIONS: `--import=${path.join(repoRoot, 'e2e/support/shifted-clock.mjs')}`,
        WAYBILL_CLOCK_SHIFT_MS: String(new Date(`${later}-03-01T12:00:00Z`).getTime() - Date.now()),
      },
    });
    try {
      const { page, context, errors } = await openPage(browser, '/about', { baseUrl });
      const numbers = section(page, 'Waybill in numbers');
      await numbers
        .getByText(`${later - MARKETING.founded} years of deliveries, one parcel at a time.`, { exact: true })
        .waitFor();
      // The footer's year, on every page, follows the clock the same way.
      await page.getByRole('contentinfo').getByText(`© ${later} `, { exact: false }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
    // A server of its own: its start took a minute on a busy two-core machine while the workers' own
    // servers and another spec's started beside it.
  }, 300_000);
});

describe('contact page', () => {
  it('shows the saved phone, e-mail and address over the company settings, with the company hours', async () => {
    const context = await newContext(browser);
    const saved = await saveContactDetails(context, {
      phone: '+1 (415) 555-0134',
      email: 'desk@waybill-e2e.example',
      watsapp: 'https://wa.me/14155550134',
      address: ['Pier 9, The Embarcadero', 'San Francisco, CA 94111'],
    });
    const company = (await context.request.get('/api/company').then((response) => response.json())) as {
      name: string;
      hours: string;
    };
    const page = await context.newPage();
    await page.goto('/contact');

    const info = section(page, 'How to reach us');
    const emailLink = info.getByRole('link', { name: saved.email });
    await expect(emailLink.getAttribute('href')).resolves.toBe(`mailto:${saved.email}`);
    await expect(info.getByRole('link', { name: saved.phone }).getAttribute('href')).resolves.toBe('tel:+14155550134');
    for (const line of saved.address) await info.getByText(line, { exact: true }).waitFor();
    await info.getByText(company.name, { exact: true }).waitFor();
    await info.getByText(company.hours.split(',')[0]!.trim(), { exact: true }).waitFor();

    const actions = section(page, 'Quick actions');
    await expect(actions.getByRole('link', { name: saved.phone }).getAttribute('href')).resolves.toBe(
      'tel:+14155550134',
    );
    await expect(actions.getByRole('link', { name: saved.email }).getAttribute('href')).resolves.toBe(
      `mailto:${saved.email}`,
    );
    const stayConnected = section(page, 'Stay Connected');
    const whatsapp = stayConnected.getByRole('link', { name: 'Chat on WhatsApp' });
    await expect(whatsapp.getAttribute('href')).resolves.toBe(saved.watsapp);
    // SPEC §9: the contact page gives the 150+ countries figure.
    await stayConnected.getByText(MARKETING.countriesAbout, { exact: true }).waitFor();
    await context.close();
  });

  it('offers Start Chat as unavailable, says why, and goes nowhere when pressed', async () => {
    const { page, close } = await openPage(visitor, '/contact');
    const actions = section(page, 'Quick actions');
    await expect(actions.getByRole('heading', { level: 3 }).allTextContents()).resolves.toEqual([
      'Call Now',
      'Email Us',
      'Live Chat',
    ]);
    const startChat = actions.getByRole('button', { name: 'Start Chat' });
    await expect(startChat.getAttribute('aria-disabled')).resolves.toBe('true');
    const noteId = await startChat.getAttribute('aria-describedby');
    await expect(page.locator(`#${noteId}`).textContent()).resolves.toBe(
      'Live chat opens soon; call or e-mail us meanwhile.',
    );
    const before = page.url();
    // Still focusable, so keyboard users reach it and hear the note; pressing it changes nothing.
    await startChat.focus();
    await page.keyboard.press('Enter');
    await startChat.click({ force: true });
    expect(page.url()).toBe(before);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await expect(
      section(page, 'How to reach us').getByRole('heading', { level: 3 }).allTextContents(),
    ).resolves.toEqual(['Email Us', 'Call Us', 'Visit Us', 'Business Hours']);
    await close();
  });
});
