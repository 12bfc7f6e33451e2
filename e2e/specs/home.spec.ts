import { DEFAULT_PHONE, PLAN_TIERS } from '@waybill/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../support/api.ts';
import { launchBrowser, newContext, openPage } from '../support/browser.ts';
import { readE2eEnvironment } from '../support/environment.ts';

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

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

/** The toast with this title (Mantine renders each in an alert role). */
const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

describe('home page', () => {
  it('links the hero, service cards and pricing tiers to the shipping form and tracking', async () => {
    const { page, close } = await openPage(visitor, '/');
    await expect(page.getByRole('link', { name: 'Ship Now' }).getAttribute('href')).resolves.toBe('/create');
    await expect(page.getByRole('link', { name: 'Track Package' }).first().getAttribute('href')).resolves.toBe(
      '/track',
    );

    const why = section(page, 'Why choose Waybill');
    await expect(why.getByRole('heading', { level: 3 }).count()).resolves.toBe(4);

    const services = section(page, 'Our services');
    await expect(services.getByRole('heading', { level: 3 }).allTextContents()).resolves.toEqual([
      'Express Delivery',
      'Standard Shipping',
      'International',
    ]);
    const bookNow = services.getByRole('link', { name: /^Book Now!!/ });
    await expect(bookNow.allTextContents()).resolves.toEqual(['Book Now!!', 'Book Now!!', 'Book Now!!']);
    for (const href of await bookNow.evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toBe('/create');
    }

    await expect(section(page, 'What our customers say').getByRole('figure').count()).resolves.toBe(3);
    await expect(section(page, 'Everything we deliver').getByRole('heading', { level: 3 }).count()).resolves.toBe(4);

    await page.getByRole('link', { name: 'Ship Now' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ship a Package' }).waitFor();
    await close();
  });

  it('shows the three plan tiers with the saved names and prices, or the default names', async () => {
    const context = await newContext(browser);
    type Plan = Record<`name${1 | 2 | 3}`, string> & Record<`price${1 | 2 | 3}`, number>;
    const plan = (await callApi<Plan[]>(context, 'GET', '/api/plans')).body[0];
    const page = await context.newPage();
    await page.goto('/');
    const pricing = section(page, 'Simple, transparent pricing');
    const names = pricing.getByRole('heading', { level: 3 });
    if (plan) {
      await expect.poll(() => names.allTextContents()).toEqual([plan.name1, plan.name2, plan.name3]);
      await pricing.getByText(`$${plan.price1}`, { exact: false }).first().waitFor();
    } else {
      await expect(names.allTextContents()).resolves.toEqual(PLAN_TIERS.map((tier) => tier.defaultName));
      await expect.poll(() => pricing.getByText('Price on request').count()).toBe(3);
    }
    for (const tier of PLAN_TIERS) {
      await pricing.getByText(`Delivery: ${tier.deliveryTime}`, { exact: true }).waitFor();
      await pricing.getByText(`Insurance: ${tier.insurance}`, { exact: true }).waitFor();
    }
    await context.close();
  });

  it('shows the saved phone and e-mail under Ready to Ship?, else the company settings', async () => {
    const context = await newContext(browser);
    type Details = { phone: string; email: string };
    const details = (await callApi<Details[]>(context, 'GET', '/api/details')).body[0];
    const company = (await callApi<Details>(context, 'GET', '/api/company')).body;
    const page = await context.newPage();
    await page.goto('/');
    const ready = section(page, 'Ready to Ship?');
    await ready.getByRole('link', { name: details?.phone || company.phone || DEFAULT_PHONE }).waitFor();
    await ready.getByRole('link', { name: details?.email || company.email }).waitFor();
    await context.close();
  });

  it('tracks a code from the home page, and asks for one when blank', async () => {
    const { page, close } = await openPage(visitor, '/0');
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    const error = toast(page, 'Error');
    await error.filter({ hasText: 'Please enter a tracking code.' }).waitFor();
    const box = await error.boundingBox();
    const viewport = page.viewportSize();
    // Top centre: the toast's middle sits near the middle of the screen, near the top.
    expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - (viewport?.width ?? 0) / 2)).toBeLessThan(40);
    expect(box?.y).toBeLessThan(120);

    await page.getByLabel('Tracking code').fill('  wb-none-such ');
    await page.getByRole('button', { name: 'Track', exact: true }).click();
    await page.waitForURL(/\/track\/WB-NONE-SUCH$/);
    await page.getByRole('heading', { level: 1, name: 'Track Your Package' }).waitFor();
    await close();
  });

  it('accepts a contact message: toast at the top right, form cleared', async () => {
    const { page, close, errors } = await openPage(visitor, '/');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByLabel('Message').fill('Do you collect from offices on Saturdays?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const received = toast(page, 'Message Received');
    await received
      .filter({
        hasText: 'Thank you for contacting us! Our team will review your inquiry and respond within 24 hours.',
      })
      .waitFor();
    const box = await received.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan((page.viewportSize()?.width ?? 0) - 60);
    expect(box?.y).toBeLessThan(120);
    for (const label of ['Name', 'Email', 'Message'])
      await expect(form.getByLabel(label).inputValue()).resolves.toBe('');
    expect(page.url()).toBe(`${readE2eEnvironment().baseUrl}/`);
    // An ordinary message never asks about the console shortcut, and the console shows no error.
    expect(requests).toContain('/api/contact-messages');
    expect(requests).not.toContain('/api/console-shortcut');
    expect(errors).toEqual([]);
    await close();
  });

  it('sends a message whose e-mail field holds a number that is not the shortcut, with no console error', async () => {
    const { page, close, errors } = await openPage(visitor, '/');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Name').fill('Linus');
    await form.getByLabel('Email').fill('5550134');
    await form.getByLabel('Message').fill('Please call me back on this number.');
    const probe = page.waitForResponse((response) => response.url().endsWith('/api/console-shortcut'));
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await probe).status()).toBe(200);
    await toast(page, 'Message Received').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('jumps to the console when the name and code are the configured shortcut', async () => {
    const { baseUrl, consolePath, shortcut } = readE2eEnvironment();
    const { page, close } = await openPage(visitor, '/');
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Name').fill(shortcut.name);
    await form.getByLabel('Email').fill(shortcut.code);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(`${baseUrl}${consolePath}`);
    await expect(
      page.evaluate(() => document.querySelector('meta[name="waybill-console-base"]')?.getAttribute('content')),
    ).resolves.toBe(consolePath);
    await close();
  });
});
