// The team pages of the console: an admin invites an operator, the invitation link (read from the
// .eml the server writes into DATA_DIR/outbox without SMTP) sets their password in a second browser,
// the operator meets no admin screen, changes their password, and is signed out when deactivated.
// The first operator of the e2e server is the admin the other specs sign in as; nothing here changes it.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsOperator } from '../support/api.ts';
import {
  expectNoSeriousA11yViolations,
  giveBack,
  gotoApp,
  launchBrowser,
  newContext,
  screenshot,
  screenshotViewport,
  takeTab,
} from '../support/browser.ts';
import { readE2eEnvironment } from '../support/environment.ts';

let browser: Browser;
let admin: BrowserContext;
const contexts: BrowserContext[] = [];

const id = randomBytes(3).toString('hex');
const operatorEmail = `kofi.${id}@example.com`;
const operatorName = `Kofi ${id}`;
const firstPassword = `copper kettle ${id} migrates north`;
const secondPassword = `violet harbour ${id} sleeps late`;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newContext(browser);
  contexts.push(admin);
  await signInAsOperator(admin);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

const consolePath = () => readE2eEnvironment().consolePath;

async function expectPath(page: Page, expected: string): Promise<void> {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === expected, { timeout: 10_000 });
}

/** Undoes quoted-printable (soft line breaks, =XX), in which the mailer may wrap a long link. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The accept-invite link of the newest .eml the server wrote to `to`, as a path of this site. */
async function readInvitationPath(to: string): Promise<string> {
  const directory = path.join(readE2eEnvironment().dataDir ?? '', 'outbox');
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(directory).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
        for (const name of names) {
          const raw = decodeQuotedPrintable(await readFile(path.join(directory, name), 'utf8'));
          if (!raw.includes(`To: ${to}`)) continue;
          // Words split at spaces, quotes and angle brackets (a linear split, no backtracking pattern).
          const link = raw
            .split(/[\s"<>]+/)
            .find((word) => /^https?:\/\//.test(word) && word.includes('/accept-invite#token='));
          if (link) found = link;
        }
        return found;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  const url = new URL(found!);
  return `${url.pathname}${url.search}${url.hash}`;
}

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The admin's Team page in a tab of its context; the test gives it back (giveBack) for the next one. */
async function openAdminTeam(): Promise<Page> {
  const page = await takeTab(admin);
  await gotoApp(page, `${consolePath()}/team`);
  await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
  return page;
}

describe('console team', () => {
  let operator: BrowserContext;
  let operatorPage: Page;

  it('an admin invites an operator, who sets a password through the e-mailed link and signs in', async () => {
    const page = await openAdminTeam();
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link', { name: 'Team' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('button', { name: 'Invite' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite to the team' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(operatorEmail);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(operatorName);
    await dialog.getByRole('button', { name: 'Send invitation' }).dblclick();
    await page.getByText('Invitation sent').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: operatorEmail });
    await row.getByText('Invited').waitFor();

    // The server's refusal of a second invitation to the same address shows in the form.
    await page.getByRole('button', { name: 'Invite' }).click();
    await dialog.getByRole('textbox', { name: 'Email' }).fill(operatorEmail);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Someone else');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'An operator with this e-mail already exists' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await giveBack(admin, page);

    const invitation = await readInvitationPath(operatorEmail);
    // The token travels in the fragment, which the browser never sends to the server.
    expect(invitation.startsWith(`${consolePath()}/accept-invite#token=`)).toBe(true);

    operator = await newContext(browser);
    contexts.push(operator);
    operatorPage = await operator.newPage();
    await gotoApp(operatorPage, invitation);
    await operatorPage.getByRole('heading', { name: 'Set your password' }).waitFor();

    // A guessable password: the server's reason shows under the field and the link still works.
    await operatorPage.getByLabel(/^New password/).fill('password1234');
    await operatorPage.getByLabel('Confirm password').fill('password1234');
    await operatorPage.getByRole('button', { name: 'Set password' }).click();
    await operatorPage.getByText('This password is too easy to guess.').waitFor();

    await operatorPage.getByLabel(/^New password/).fill(firstPassword);
    await operatorPage.getByLabel('Confirm password').fill(firstPassword);
    await operatorPage.getByRole('button', { name: 'Set password' }).click();
    await expectPath(operatorPage, `${consolePath()}/sign-in`);
    await operatorPage.getByRole('status').filter({ hasText: 'Your password is set.' }).waitFor();

    // The link works once. Opened as links were mailed before (?token=), the page first moves the
    // token into the fragment, then posts it as the new links do.
    const reused = await operator.newPage();
    const requested: string[] = [];
    reused.on('request', (request) => requested.push(request.url()));
    await gotoApp(reused, invitation.replace('#token=', '?token='));
    expect(new URL(reused.url()).search).toBe('');
    expect(new URL(reused.url()).hash).toBe(new URL(invitation, 'http://x').hash);
    await reused.getByLabel(/^New password/).fill(secondPassword);
    await reused.getByLabel('Confirm password').fill(secondPassword);
    await reused.getByRole('button', { name: 'Set password' }).click();
    await reused.getByRole('alert').filter({ hasText: 'This link has expired or was already used.' }).waitFor();
    // Only the page's own address carried the token in its query; nothing the page asked for after it.
    expect(requested.slice(1).filter((url) => url.includes('token='))).toEqual([]);
    await reused.close();

    await signInThroughForm(operatorPage, operatorEmail, firstPassword);
    await expectPath(operatorPage, consolePath());
    await operatorPage.getByRole('heading', { name: 'Package Management Dashboard' }).waitFor();
  });

  it('shows the operator no admin screen in the navigation, and a clear page at the team address', async () => {
    const nav = operatorPage.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Inbox' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Team' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Plan' }).count()).toBe(0);

    await gotoApp(operatorPage, `${consolePath()}/team`);
    await operatorPage.getByRole('heading', { level: 1, name: 'Only an admin can do that' }).waitFor();
    await expectNoSeriousA11yViolations(operatorPage);
    await screenshot(operatorPage, 'console-team-operator-desktop-light');
    await gotoApp(operatorPage, `${consolePath()}/plan`);
    await operatorPage.getByRole('heading', { level: 1, name: 'Only an admin can do that' }).waitFor();

    await gotoApp(operatorPage, `${consolePath()}/contact`);
    const notify = operatorPage.getByRole('switch');
    await notify.waitFor();
    expect(await notify.isDisabled()).toBe(true);

    const admins = await openAdminTeam();
    const row = admins.getByRole('row').filter({ hasText: operatorEmail });
    await row.getByText('Active').waitFor();
    await row.getByText('Operator').waitFor();
    await giveBack(admin, admins);
  });

  it('changes the operator password: the old one no longer signs in, the new one does', async () => {
    await gotoApp(operatorPage, `${consolePath()}/password`);
    await operatorPage.getByRole('heading', { level: 1, name: 'Change password' }).waitFor();
    await operatorPage.getByLabel('Current password').fill('not the password at all');
    await operatorPage.getByLabel(/^New password/).fill(secondPassword);
    await operatorPage.getByLabel('Confirm new password').fill(secondPassword);
    await operatorPage.getByRole('button', { name: 'Change password' }).click();
    await operatorPage.getByText('The current password is wrong.').waitFor();

    await operatorPage.getByLabel('Current password').fill(firstPassword);
    await operatorPage.getByRole('button', { name: 'Change password' }).click();
    await operatorPage.getByRole('status').filter({ hasText: 'Your password is changed.' }).waitFor();

    await operatorPage.getByRole('button', { name: 'Sign out' }).click();
    await expectPath(operatorPage, `${consolePath()}/sign-in`);
    await signInThroughForm(operatorPage, operatorEmail, firstPassword);
    await operatorPage.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await signInThroughForm(operatorPage, operatorEmail, secondPassword);
    await expectPath(operatorPage, consolePath());
  });

  it('deactivates the operator: their next action leads to sign-in, and their password stops working', async () => {
    await operatorPage.getByRole('heading', { name: 'Package Management Dashboard' }).waitFor();

    const page = await openAdminTeam();
    const row = page.getByRole('row').filter({ hasText: operatorEmail });
    await row.getByRole('button', { name: `Actions for ${operatorName}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${operatorName}?` });
    await screenshotViewport(page, 'console-team-confirm-desktop-light');
    await confirm.getByRole('button', { name: 'Deactivate' }).dblclick();
    await row.getByText('Deactivated').waitFor();

    await operatorPage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Inbox' }).click();
    await operatorPage.waitForURL((url) => url.pathname === `${consolePath()}/sign-in`, { timeout: 10_000 });
    await signInThroughForm(operatorPage, operatorEmail, secondPassword);
    await operatorPage.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();

    // The last admin cannot be made an operator: the server's message shows.
    const { adminEmail } = readE2eEnvironment();
    const adminRow = page.getByRole('row').filter({ hasText: adminEmail });
    await adminRow.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Make operator' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make operator' }).click();
    await page.getByText('The last active admin cannot be deactivated or made an operator or a driver.').waitFor();
    await giveBack(admin, page);
  });
});
