// The screens the screens walk (support/screens-walk.ts) checks at 1280 px and 375 px, light and dark:
// every public page, the small pages of the e-mail updates, and every console screen, each with the
// little set-up it needs. A screen is loaded once per width; its states (a dialog, a drawer) are entered
// and left again in each colour mode. What a screen needs from the server is seeded once per walk
// (`WalkData`, through the API).
import type { Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import type { ViewportName } from './browser.ts';
import { readE2eEnvironment } from './environment.ts';
import { fillPackage } from './ship-form.ts';

/** What the walk seeds before the screens: codes and addresses the screens' addresses are made of. */
export interface WalkData {
  /** A word in the shipper name of the dashboard's packages, to find exactly them by search. */
  word: string;
  /** Pending, with a photo and a location update. */
  pending: string;
  /** Accepted (Order Placed): the proof of delivery form opens on it. */
  accepted: string;
  /** Delivered, with a proof of delivery recorded through the API. */
  delivered: string;
  /** Rejected, not among the dashboard's packages. */
  rejected: string;
  /** Shipped, not among the dashboard's packages (the list of several codes shows it). */
  shipped: string;
  /** Two accepted packages the scan screen lists and applies a status to. */
  scanned: [string, string];
  /** A code in the tracking-code alphabet that no package has. */
  unknown: string;
  /** The e-mail updates' confirmation link (it works once) and an unsubscribe link. */
  subscription: { confirm: string; unsubscribe: string };
  adminEmail: string;
}

export interface ScreenState {
  name: string;
  /** Only at this width (the console's drawer exists below its medium width only). */
  viewport?: ViewportName;
  enter(page: Page, data: WalkData): Promise<void>;
  /** Leaves the screen as it was, so the colour mode can be toggled and the state entered again. */
  exit(page: Page, data: WalkData): Promise<void>;
}

export interface Screen {
  name: string;
  /** `visitor`: no session; `operator`: the signed-in console context of the walk. */
  as: 'visitor' | 'operator';
  /** The address; a console screen's is relative to the console prefix. */
  path(data: WalkData): string;
  console?: boolean;
  /** A console address shown outside the console's frame (no bar, no navigation), so its title is not on the frame's edge. */
  outsideFrame?: boolean;
  /**
   * Wake every island at 1280 px and check each hydrates without a console error (the prerendered
   * pages); at 375 px the page is checked as a visitor first sees it, its islands asleep.
   */
  wakeIslands?: boolean;
  /** The server's own small HTML page, with no script of the app (nothing to wait for beyond the load). */
  withoutScript?: boolean;
  /** Runs once after the load: waits for what the screen is about, or does what leads to it. */
  ready?(page: Page, data: WalkData): Promise<void>;
  /** Fulfils these API answers (a path's end → JSON) instead of the server, for a state no data has. */
  answers?: Record<string, unknown>;
  states?: ScreenState[];
  /**
   * How the colour mode changes: the page's "Toggle colour mode" button (the default), or the
   * browser's preference, which the server's small pages without a toggle follow.
   */
  modeBy?: 'toggle' | 'preference';
  /** Leaves the context as the next screen expects it (a view the console remembers). */
  cleanup?(page: Page): Promise<void>;
  /** Console errors this screen causes on purpose (the 404 of an unknown address or code). */
  allowErrors?: RegExp;
  exclude?: string[];
}

/** A dialog with this name has opened and finished its opening transition. */
async function dialogOpen(page: Page, name: string | RegExp): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await dialog.evaluate((element) =>
    Promise.allSettled(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}

async function closeDialog(page: Page, name: string | RegExp, button: string | RegExp): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: button, exact: typeof button === 'string' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const card = (page: Page, code: string) => page.getByRole('article', { name: `Package ${code}` });

async function openDetails(page: Page, code: string, shows: string): Promise<void> {
  await card(page, code)
    .getByRole('button', { name: /, open details$/ })
    .click();
  await dialogOpen(page, `Package ${code}`);
  await page
    .getByRole('dialog', { name: `Package ${code}` })
    .getByText(shows)
    .first()
    .waitFor();
}

const detailsState = (name: string, code: (data: WalkData) => string, shows: string): ScreenState => ({
  name,
  enter: (page, data) => openDetails(page, code(data), shows),
  exit: (page, data) => closeDialog(page, `Package ${code(data)}`, 'Close details'),
});

/** What GET /api/plans and /api/details answer once an operator has saved both. */
const SAVED_PLAN = {
  _id: 'walk-plan',
  name1: 'Basic Shipping',
  name2: 'Express Shipping',
  name3: 'Same Day Rush',
  price1: 9.5,
  price2: 19.5,
  price3: 39.5,
  description1: 'Everyday parcels in 3-5 business days, insured up to $100.',
  description2: 'Priority routes in 1-2 business days, insured up to $500.',
  description3: 'A dedicated courier the same day, within 6 hours.',
};
const SAVED_DETAILS = {
  _id: 'walk-details',
  phone: '+1 (555) 010-2040',
  email: 'dispatch@waybill.example',
  watsapp: 'https://wa.me/15550102040',
  address: ['100 Harbor Way', 'Oakland, CA 94607'],
};

/** The prerendered public pages, each with its heading (the walk checks the page it loaded is that page). */
const PUBLIC_PAGES: [path: string, heading: string][] = [
  // `/0` is the same page as `/` (served and rendered: apps/server/src/modules/public-pages/web-app.plugin.test.ts; used:
  // specs/home.spec.ts), so it is not walked again.
  ['/', 'Fast, reliable delivery to your door and around the world'],
  ['/pricing', 'Pricing'],
  ['/services', 'Services'],
  ['/about', 'About Us'],
  ['/track', 'Track Your Package'],
  ['/create', 'Ship a Package'],
  ['/support', 'Help Center'],
  ['/contact', 'Contact Us'],
  ['/request-account', 'Request an Account'],
  ['/thank-you', 'Thank You!'],
];

/**
 * The server's small pages name no icon, so Chromium asks for /favicon.ico, which the site does not
 * have (its icon is /favicon.svg), and logs the 404.
 */
const NO_FAVICON =
  /^Failed to load resource: the server responded with a status of 404 \(Not Found\): \S+\/favicon\.ico$/;

/** Below the console's md breakpoint (62em): the phone layouts. */
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 992;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

/** One text of each state, newest first, as GET /api/admin/texts answers them (numbers masked). */
const WALK_TEXTS = (['queued', 'sending', 'sent', 'delivered', 'failed', 'undelivered'] as const)
  .map((state, index) => ({
    id: `walk-text-${index}`,
    trackingCode: 'WB7K2M9QX4TA',
    channel: index === 2 ? 'whatsapp' : 'sms',
    number: '+233 •••• ••45',
    kind: (['out_for_delivery', 'attempt_failed', 'delivered', 'returning', 'delivered', 'help'] as const)[index],
    state,
    errorCode: state === 'failed' ? '406 UserInBlacklist' : state === 'undelivered' ? '30003' : null,
    createdAt: `2026-11-25T1${index}:30:00.000Z`,
    sendAt: state === 'queued' ? '2026-11-26T06:00:00.000Z' : `2026-11-25T1${index}:30:00.000Z`,
    updatedAt: `2026-11-25T1${index}:31:00.000Z`,
  }))
  .reverse();

const WALK_TEXT_SETTINGS = {
  timeZone: 'Africa/Accra',
  quietStart: '21:00',
  quietEnd: '07:00',
  kinds: { out_for_delivery: true, attempt_failed: true, delivered: true, returning: false },
  provider: 'africastalking',
};

export const SCREENS: Screen[] = [
  ...PUBLIC_PAGES.map(
    ([path, title]): Screen => ({
      name: path === '/' ? 'home' : path.slice(1),
      as: 'visitor',
      path: () => path,
      wakeIslands: true,
      ready: (page) => heading(page, title),
      states:
        path === '/create'
          ? [
              {
                name: 'review dialog',
                enter: async (page) => {
                  await fillPackage(page);
                  await page.getByRole('button', { name: 'Review Package' }).click();
                  await dialogOpen(page, 'Confirm Package Details');
                },
                exit: (page) => closeDialog(page, 'Confirm Package Details', 'Go Back'),
              },
            ]
          : [],
    }),
  ),
  {
    name: 'ship form with its messages',
    as: 'visitor',
    path: () => '/create',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Review Package' }).click();
      await page.getByText('Name is required', { exact: true }).waitFor();
    },
  },
  {
    name: 'submission success panel',
    as: 'visitor',
    path: () => '/create',
    ready: async (page) => {
      await fillPackage(page);
      await page.getByRole('button', { name: 'Review Package' }).click();
      await page
        .getByRole('dialog', { name: 'Confirm Package Details' })
        .getByRole('button', { name: 'Confirm & Submit' })
        .click();
      await page.getByTestId('submission-success').waitFor();
    },
  },
  {
    name: 'account request refused',
    as: 'visitor',
    path: () => '/request-account',
    ready: async (page) => {
      await page.getByRole('button', { name: 'Submit Request' }).click();
      await page.getByRole('alert').filter({ hasText: 'All fields are required.' }).waitFor();
    },
  },
  {
    name: 'support form with its messages',
    as: 'visitor',
    path: () => '/support',
    ready: async (page) => {
      const form = page.getByRole('form', { name: 'Support request' });
      await form.getByRole('button', { name: 'Submit Request' }).click();
      await form.getByText('Message is required', { exact: true }).waitFor();
    },
  },
  {
    name: 'tracking result with e-mail updates',
    as: 'visitor',
    path: (data) => `/track/${data.pending}`,
    ready: async (page) => {
      await page.getByTestId('tracking-status').waitFor();
      await page
        .getByRole('region', { name: 'Get e-mail updates' })
        .getByRole('button', { name: 'Get e-mail updates' })
        .waitFor();
    },
  },
  {
    name: 'tracking result, e-mail updates asked for',
    as: 'visitor',
    path: (data) => `/track/${data.accepted}`,
    ready: async (page) => {
      const updates = page.getByRole('region', { name: 'Get e-mail updates' });
      await updates.getByRole('textbox', { name: 'Email' }).fill(`walk.${Date.now()}@example.com`);
      await updates.getByRole('button', { name: 'Get e-mail updates' }).click();
      await updates.getByRole('status').waitFor();
    },
  },
  {
    name: 'tracking a rejected package',
    as: 'visitor',
    path: (data) => `/track/${data.rejected}`,
    ready: (page) => page.getByText('This package was not accepted for delivery.', { exact: false }).waitFor(),
  },
  {
    name: 'tracking a delivered package',
    as: 'visitor',
    path: (data) => `/track/${data.delivered}`,
    ready: (page) => page.getByTestId('tracking-delivery').waitFor(),
  },
  {
    name: 'tracking several codes',
    as: 'visitor',
    path: (data) => `/track?codes=${[data.pending, data.accepted, data.shipped, 'NOSUCHCODE22'].join(',')}`,
    ready: async (page) => {
      await page.getByRole('heading', { level: 2, name: '4 packages' }).waitFor();
      await page.getByText('Looking it up…').first().waitFor({ state: 'detached' });
    },
    // The browser logs the unknown code's 404 itself.
    allowErrors: /^Failed to load resource: the server responded with a status of 404/,
  },
  {
    name: 'page not found',
    as: 'visitor',
    path: () => '/no-such-page',
    ready: (page) => page.getByRole('heading', { name: 'Page not found' }).waitFor(),
    allowErrors: /^Failed to load resource: the server responded with a status of 404/,
  },
  {
    name: 'confirm e-mail updates',
    as: 'visitor',
    modeBy: 'preference',
    withoutScript: true,
    allowErrors: NO_FAVICON,
    path: (data) => data.subscription.confirm,
    ready: (page) => page.getByRole('heading', { name: 'Confirm e-mail updates?' }).waitFor(),
  },
  {
    name: 'e-mail updates confirmed',
    as: 'visitor',
    modeBy: 'preference',
    withoutScript: true,
    allowErrors: NO_FAVICON,
    path: (data) => data.subscription.confirm,
    ready: async (page) => {
      const confirm = page.getByRole('button', { name: 'Confirm e-mail updates' });
      // The link works once: opened again it says the address is already confirmed.
      if (await confirm.isVisible()) await confirm.click();
      await page.getByRole('heading', { name: /^(E-mail updates confirmed|Already confirmed)$/ }).waitFor();
    },
  },
  {
    name: 'stop e-mail updates',
    as: 'visitor',
    modeBy: 'preference',
    withoutScript: true,
    allowErrors: NO_FAVICON,
    path: (data) => data.subscription.unsubscribe,
    ready: (page) => page.getByRole('heading', { name: 'Stop e-mail updates?' }).waitFor(),
  },
  {
    name: 'e-mail updates stopped',
    as: 'visitor',
    modeBy: 'preference',
    withoutScript: true,
    allowErrors: NO_FAVICON,
    path: (data) => data.subscription.unsubscribe,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
    },
  },
  {
    // Signed out, the console's address leads to its sign-in page without a failed request logged.
    name: 'console signed out',
    as: 'visitor',
    console: true,
    path: () => '/',
    ready: (page) => page.getByRole('button', { name: 'Sign in' }).waitFor(),
  },
  {
    name: 'console sign-in, session expired',
    as: 'visitor',
    console: true,
    path: () => '/sign-in?expired=1',
    ready: (page) => page.getByText('Your session has expired. Please sign in again.').waitFor(),
  },
  {
    name: 'console accept-invite',
    as: 'visitor',
    console: true,
    path: () => '/accept-invite#token=not-a-real-token',
    ready: (page) => page.getByRole('heading', { name: 'Set your password' }).waitFor(),
  },
  {
    // The driver app, its own page, as an admin opens it to try it: with no run of their own today.
    name: 'console driver app address',
    as: 'operator',
    console: true,
    outsideFrame: true,
    path: () => '/driver',
    ready: (page) => page.getByRole('heading', { name: 'No run planned for you today' }).waitFor(),
  },
  {
    name: 'console dashboard',
    as: 'operator',
    console: true,
    path: (data) => `/?q=${data.word}`,
    ready: async (page, data) => {
      for (const code of [data.pending, data.accepted, data.delivered]) await card(page, code).waitFor();
      await card(page, data.pending)
        .getByRole('img', { name: `Package ${data.pending}` })
        .waitFor();
    },
    states: [
      detailsState('details dialog', (data) => data.pending, 'Location added: Accra hub'),
      detailsState('details dialog with a proof of delivery', (data) => data.delivered, 'Kwame Asante'),
      {
        name: 'proof of delivery form, a name missing',
        enter: async (page, data) => {
          await card(page, data.accepted).getByRole('combobox', { name: 'Update status' }).click();
          await page.getByRole('option', { name: 'Delivered', exact: true }).click();
          await dialogOpen(page, 'Proof of delivery');
          const dialog = page.getByRole('dialog', { name: 'Proof of delivery' });
          await dialog.getByRole('button', { name: 'Save proof and set Delivered' }).click();
          await dialog.getByText('Enter who received the package').waitFor();
        },
        exit: (page) => closeDialog(page, 'Proof of delivery', 'Cancel'),
      },
      {
        name: 'navigation drawer',
        viewport: 'mobile',
        enter: async (page) => {
          await page.getByRole('button', { name: 'Open navigation' }).click();
          await page.getByRole('navigation', { name: 'Console' }).waitFor();
          await page
            .getByRole('dialog')
            .evaluate((element) =>
              Promise.allSettled(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
            );
        },
        exit: async (page) => {
          await page.keyboard.press('Escape');
          await page.getByRole('navigation', { name: 'Console' }).waitFor({ state: 'detached' });
        },
      },
    ],
  },
  {
    name: 'console table with a selection',
    as: 'operator',
    console: true,
    path: (data) => `/?q=${data.word}`,
    ready: async (page, data) => {
      if (isPhone(page)) {
        // A phone has no table (its columns would scroll sideways): the cards' select mode instead.
        await page.getByRole('switch', { name: 'Select packages' }).check();
      } else {
        await page.getByRole('radiogroup', { name: 'View' }).getByText('Table', { exact: true }).click();
        await page.getByRole('table').waitFor();
      }
      await page.getByRole('checkbox', { name: `Select ${data.pending}`, exact: true }).check();
      await page.getByRole('region', { name: 'Bulk actions' }).waitFor();
    },
    states: [
      {
        name: 'delete dialog',
        enter: async (page) => {
          await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
          await dialogOpen(page, 'Delete 1 package?');
        },
        exit: (page) => closeDialog(page, 'Delete 1 package?', 'Cancel'),
      },
    ],
    // The console remembers the view: the other screens show cards.
    cleanup: async (page) => {
      if (isPhone(page)) return;
      await page.getByRole('radiogroup', { name: 'View' }).getByText('Cards', { exact: true }).click();
      await page.getByRole('article').first().waitFor();
    },
  },
  {
    name: 'console plan, nothing saved',
    as: 'operator',
    console: true,
    path: () => '/plan',
    answers: { '/api/plans': [], '/api/details': [] },
    ready: async (page) => {
      await heading(page, 'Plan Management');
      await page.getByText('No contact details saved yet').waitFor();
    },
    states: [
      {
        name: 'add plan drawer',
        viewport: 'mobile',
        enter: async (page) => {
          await page.getByRole('button', { name: 'Add Plan' }).click();
          await dialogOpen(page, 'Add Plan');
        },
        exit: (page) => closeDialog(page, 'Add Plan', 'Cancel'),
      },
      {
        name: 'add details dialog',
        enter: async (page) => {
          await page.getByRole('button', { name: 'Add Details' }).click();
          await dialogOpen(page, 'Add Details');
        },
        exit: (page) => closeDialog(page, 'Add Details', 'Cancel'),
      },
    ],
  },
  {
    name: 'console plan, saved',
    as: 'operator',
    console: true,
    path: () => '/plan',
    answers: { '/api/plans': [SAVED_PLAN], '/api/details': [SAVED_DETAILS] },
    ready: async (page) => {
      await heading(page, 'Plan Management');
      await page.getByRole('region', { name: 'Current Plan' }).getByText(SAVED_PLAN.name3).first().waitFor();
      await page.getByRole('button', { name: 'Edit Details' }).waitFor();
    },
    states: [
      {
        name: 'edit plan',
        enter: async (page) => {
          await page.getByRole('button', { name: 'Edit Plan' }).click();
          await dialogOpen(page, 'Edit Plan');
        },
        exit: (page) => closeDialog(page, 'Edit Plan', 'Cancel'),
      },
      {
        name: 'edit details',
        enter: async (page) => {
          await page.getByRole('button', { name: 'Edit Details' }).click();
          await dialogOpen(page, 'Edit Details');
        },
        exit: (page) => closeDialog(page, 'Edit Details', 'Cancel'),
      },
    ],
  },
  {
    name: 'console send mail',
    as: 'operator',
    console: true,
    path: () => '/contact',
    ready: async (page) => {
      await heading(page, 'Send Mail');
      await page.getByRole('heading', { name: 'Mail log' }).waitFor();
      await page.getByRole('switch').waitFor();
    },
  },
  {
    name: 'console inbox',
    as: 'operator',
    console: true,
    path: () => '/inbox',
    ready: async (page) => {
      await heading(page, 'Inbox');
      await page.getByRole('article').first().waitFor();
    },
  },
  {
    name: 'console scan with an applied list',
    as: 'operator',
    console: true,
    path: () => '/scan',
    ready: async (page, data) => {
      const list = page.getByRole('list', { name: 'Scanned packages' });
      for (const code of [...data.scanned, data.unknown]) {
        await page.getByRole('textbox', { name: 'Tracking code' }).fill(code);
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await list
          .getByRole('listitem', { name: `Package ${code}` })
          .getByText(/^(Order Placed|Processing|Unknown code)$/)
          .waitFor();
      }
      await page.getByRole('combobox', { name: 'New status' }).selectOption('Processing');
      await page.getByRole('button', { name: 'Apply to 2 packages' }).click();
      await page.getByRole('status').filter({ hasText: '2 done, 0 failed' }).waitFor({ timeout: 20_000 });
    },
  },
  {
    name: 'console dispatch',
    as: 'operator',
    console: true,
    path: () => '/dispatch',
    ready: async (page) => {
      await heading(page, 'Dispatch');
      await page.getByRole('list', { name: 'Packages not on a run' }).waitFor();
    },
    states: [
      {
        name: 'delivery settings',
        enter: async (page) => {
          await page.getByRole('button', { name: 'Delivery settings' }).click();
          await dialogOpen(page, 'Delivery settings');
        },
        exit: (page) => closeDialog(page, 'Delivery settings', 'Cancel'),
      },
    ],
  },
  {
    name: 'console team',
    as: 'operator',
    console: true,
    path: () => '/team',
    ready: async (page, data) => {
      await heading(page, 'Team');
      await page.getByText(data.adminEmail).filter({ visible: true }).first().waitFor();
    },
    states: [
      {
        name: 'invite dialog',
        enter: async (page) => {
          await page.getByRole('button', { name: 'Invite' }).click();
          await dialogOpen(page, 'Invite to the team');
        },
        exit: (page) => closeDialog(page, 'Invite to the team', 'Cancel'),
      },
    ],
  },
  {
    name: 'console change password',
    as: 'operator',
    console: true,
    path: () => '/password',
    ready: (page) => heading(page, 'Change password'),
  },
  {
    name: 'console activity',
    as: 'operator',
    console: true,
    path: () => '/activity',
    ready: async (page) => {
      await heading(page, 'Activity');
      // A table from md up, one card per entry below it.
      const table = page.getByRole('table', { name: 'Activity, newest first' }).locator('tbody tr');
      const cards = page.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
      await table.or(cards).first().waitFor();
    },
  },
  {
    name: 'console feedback',
    as: 'operator',
    console: true,
    path: () => '/feedback',
    ready: async (page, data) => {
      await heading(page, 'Feedback');
      await page.getByRole('button', { name: `Open package ${data.delivered}` }).waitFor();
    },
    states: [
      {
        name: 'rated package details',
        enter: async (page, data) => {
          await page.getByRole('button', { name: `Open package ${data.delivered}` }).click();
          await dialogOpen(page, `Package ${data.delivered}`);
          const rating = page.getByRole('dialog').getByRole('region', { name: 'Rating' });
          await rating.getByText('2 of 5 stars').waitFor();
          await rating.scrollIntoViewIfNeeded();
        },
        exit: (page, data) => closeDialog(page, `Package ${data.delivered}`, 'Close details'),
      },
    ],
  },
  {
    // The e2e server sends no texts (no SMS_PROVIDER): the list and the settings are the server's answers
    // with a provider, one text of each state.
    name: 'console messages',
    as: 'operator',
    console: true,
    path: () => '/messages',
    answers: { '/api/admin/texts': WALK_TEXTS, '/api/admin/text-settings': WALK_TEXT_SETTINGS },
    ready: async (page) => {
      await heading(page, 'Messages');
      await page.getByRole('heading', { name: 'Text settings' }).waitFor();
      const table = page.getByRole('table', { name: 'Text messages' }).locator('tbody tr');
      const cards = page.getByText('To +233 •••• ••45 · WB7K2M9QX4TA');
      await table.or(cards.first()).first().waitFor();
    },
  },
  {
    name: 'console page not found',
    as: 'operator',
    console: true,
    path: () => '/no-such-screen',
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      // The way back stays in the console: its dashboard, not the public home page.
      const back = page.getByRole('link', { name: 'Back to the dashboard' });
      expect(await back.getAttribute('href')).toBe(readE2eEnvironment().consolePath);
    },
  },
];

/** Fulfils the screen's `answers` in the page, before it loads. */
export async function answerFor(page: Page, answers: Record<string, unknown>): Promise<void> {
  for (const [pathname, body] of Object.entries(answers)) {
    await page.route(
      (url) => url.pathname === pathname,
      (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }),
    );
  }
}
