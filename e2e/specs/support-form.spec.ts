import { randomBytes } from 'node:crypto';
import { SUPPORT_CATEGORIES, SUPPORT_PRIORITIES } from '@waybill/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAsOperator } from '../support/api.ts';
import { launchBrowser, newContext, openPage } from '../support/browser.ts';
import { readE2eEnvironment } from '../support/environment.ts';

// The database is shared by every spec file of a run: this file finds its own requests by a unique tag.
const tag = randomBytes(3).toString('hex');

interface InboxItem {
  kind: string;
  name: string;
  email: string;
  phone?: string;
  subject?: string;
  category?: string;
  priority?: string;
  message?: string;
}

let browser: Browser;
/** A visitor for the tests that change nothing in their context (its cache stays warm). */
let visitor: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await newContext(browser);
});
afterAll(async () => {
  await browser?.close();
});

const supportForm = (page: Page) => page.getByRole('form', { name: 'Support request' });
const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

/** Every request the page sends to the support endpoint. */
function recordSupportPosts(page: Page): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/support-requests') {
      bodies.push(request.postDataJSON());
    }
  });
  return bodies;
}

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await supportForm(page).getByRole('combobox', { name: label }).selectOption({ label: option });
}

/** The operator's view of the support requests whose subject carries `subject`. */
async function findInInbox(context: BrowserContext, subject: string): Promise<InboxItem[]> {
  await signInAsOperator(context);
  const { status, body } = await callApi<InboxItem[]>(context, 'GET', '/api/admin/inbox?kind=support&pageSize=100');
  expect(status).toBe(200);
  return body.filter((item) => item.subject === subject);
}

describe('support request form', () => {
  it('has a label on every field, category and priority from SPEC, medium by default', async () => {
    const { page, close } = await openPage(visitor, '/support');
    const form = supportForm(page);
    for (const label of ['Name', 'Email', 'Phone (optional)', 'Subject', 'Message']) {
      await form.getByLabel(label, { exact: false }).first().waitFor();
    }
    const category = form.getByRole('combobox', { name: 'Category' });
    const priority = form.getByRole('combobox', { name: 'Priority' });
    await expect(category.inputValue()).resolves.toBe('general');
    await expect(priority.inputValue()).resolves.toBe('medium');
    const values = (select: typeof category) =>
      select.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    await expect(values(category)).resolves.toEqual([...SUPPORT_CATEGORIES]);
    await expect(values(priority)).resolves.toEqual([...SUPPORT_PRIORITIES]);
    await expect(priority.locator('option').allTextContents()).resolves.toEqual(['Low', 'Medium', 'High', 'Urgent']);
    await close();
  });

  it('names each missing field and a malformed e-mail, and sends nothing', async () => {
    const { page, close } = await openPage(visitor, '/support');
    const posts = recordSupportPosts(page);
    const form = supportForm(page);
    await form.getByRole('button', { name: 'Submit Request' }).click();
    for (const message of ['Name is required', 'Email is required', 'Subject is required', 'Message is required']) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    // Phone is optional: no message under it.
    await expect(
      form.getByRole('textbox', { name: 'Phone (optional)' }).getAttribute('aria-invalid'),
    ).resolves.not.toBe('true');

    await form.getByRole('textbox', { name: 'Name' }).fill('Ada Lovelace');
    await form.getByRole('textbox', { name: 'Email' }).fill('ada-at-example.com');
    await form.getByRole('textbox', { name: 'Subject' }).fill('Where is my parcel?');
    await form.getByRole('textbox', { name: 'Message' }).fill('It has not moved for two days.');
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await form.getByText('Invalid email address', { exact: true }).waitFor();
    await expect(form.getByText('Name is required').count()).resolves.toBe(0);
    expect(posts).toEqual([]);
    await close();
  });

  it('sends the request, shows the loading state and the SPEC toast, resets the form, and the request is stored', async () => {
    const { page, context } = await openPage(browser, '/support', { viewport: 'mobile' });
    const posts = recordSupportPosts(page);
    // The request waits on the line until the test has seen the sending state; the real server answers.
    let letThrough = () => {};
    const seen = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await page.route('**/api/support-requests', async (route) => {
      await seen;
      await route.continue();
    });
    const request = {
      name: `Ada Support ${tag}`,
      email: `ada.${tag}@example.com`,
      phone: '+1 555 010 0199',
      subject: `Invoice ${tag} charged twice`,
      category: 'billing',
      priority: 'high',
      message: 'My card shows two charges for the same package.',
    };
    const form = supportForm(page);
    await form.getByRole('textbox', { name: 'Name' }).fill(request.name);
    await form.getByRole('textbox', { name: 'Email' }).fill(request.email);
    await form.getByRole('textbox', { name: 'Phone (optional)' }).fill(request.phone);
    await form.getByRole('textbox', { name: 'Subject' }).fill(request.subject);
    await chooseOption(page, 'Category', 'Billing & Payments');
    await chooseOption(page, 'Priority', 'High');
    await form.getByRole('textbox', { name: 'Message' }).fill(request.message);

    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/support-requests');
    const submit = form.getByRole('button', { name: 'Submit Request' });
    await submit.click();
    await expect.poll(() => submit.getAttribute('data-loading')).toBe('true');
    letThrough();
    expect((await answer).status()).toBe(201);

    const submitted = toast(page, 'Support Request Submitted!');
    await submitted.filter({ hasText: 'within 24 hours' }).waitFor();
    expect(posts).toEqual([request]);
    for (const label of ['Name', 'Email', 'Phone (optional)', 'Subject', 'Message']) {
      await expect(form.getByRole('textbox', { name: label }).inputValue()).resolves.toBe('');
    }
    await expect(form.getByRole('combobox', { name: 'Category' }).inputValue()).resolves.toBe('general');
    await expect(form.getByRole('combobox', { name: 'Priority' }).inputValue()).resolves.toBe('medium');
    await expect(submit.getAttribute('data-loading')).resolves.toBeNull();

    const operator = await newContext(browser);
    const stored = await findInInbox(operator, request.subject);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'support', ...request });
    await operator.close();
    await context.close();
  });

  it('shows the server message when it refuses the request, keeps what was typed and stores nothing', async () => {
    const { baseUrl } = readE2eEnvironment();
    const { page, context } = await openPage(browser, '/support');
    // A second anti-forgery cookie that only the API path sees: the server compares it with the header
    // the page sends (taken from its own cookie) and refuses the request with its 403 message.
    await context.addCookies([{ name: 'XSRF-TOKEN', value: 'forged', url: `${baseUrl}/api/support-requests` }]);
    const subject = `Refused ${tag}`;
    const form = supportForm(page);
    await form.getByRole('textbox', { name: 'Name' }).fill('Grace Hopper');
    await form.getByRole('textbox', { name: 'Email' }).fill(`grace.${tag}@example.com`);
    await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await form.getByRole('textbox', { name: 'Message' }).fill('Can I change the delivery address?');
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/support-requests');
    await form.getByRole('button', { name: 'Submit Request' }).click();
    expect((await answer).status()).toBe(403);

    await toast(page, 'Error submitting request')
      .filter({ hasText: 'Missing or invalid anti-forgery token' })
      .waitFor();
    await expect(toast(page, 'Support Request Submitted!').count()).resolves.toBe(0);
    await expect(form.getByRole('textbox', { name: 'Subject' }).inputValue()).resolves.toBe(subject);

    const operator = await newContext(browser);
    await expect(findInInbox(operator, subject)).resolves.toEqual([]);
    await operator.close();
    await context.close();
  });
});
