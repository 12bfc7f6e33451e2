import escapeHtml from 'escape-html';
import type { LinkOutcome } from './subscriptions.service.ts';

/** A page a link of a subscription e-mail answers: its status, and the HTML. */
export interface LinkPage {
  status: number;
  html: string;
}

const STYLE = `:root{color-scheme:light dark}body{margin:0;padding:0 1rem;font:16px/1.6 system-ui,-apple-system,'Segoe UI',Arial,sans-serif;background:#f5f7fa;color:#1f2933}header{max-width:32rem;margin:6vh auto 0;display:flex;align-items:center}.brand{display:inline-flex;align-items:center;gap:.5rem;font-weight:800;font-size:1.25rem;text-decoration:none;color:inherit}.brand svg{color:#1c4f9c}main{max-width:32rem;margin:1.5rem auto 12vh;padding:2rem;background:#fff;border-radius:8px;border:1px solid #e4e7eb}h1{font-size:1.4rem;margin:0 0 1rem;color:#1c4f9c}a{color:#1c4f9c}button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border:0;border-radius:4px;background:#1c4f9c;color:#fff;cursor:pointer}@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}main{background:#25262b;border-color:#373a40}h1,a,.brand svg{color:#a5c8ff}.brand{color:#e9ecef}button{background:#a5c8ff;color:#101113}}`;

// The site's mark (the truck of the public pages' header), drawn inline: the page loads nothing else.
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M5 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0"/><path d="M15 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0"/><path d="M5 17h-2v-4m-1 -8h11v12m-4 0h6m4 0h2v-6h-8m0 -5h5l3 5"/><path d="M3 9l4 0"/></svg>';

function page(status: number, company: string, title: string, body: string): LinkPage {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(company)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><a class="brand" href="/" aria-label="${escapeHtml(company)} home">${LOGO}<span>${escapeHtml(company)}</span></a></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
  return { status, html };
}

const trackLink = (code: string) =>
  `<p><a href="/track/${encodeURIComponent(code)}">Track package ${escapeHtml(code)}</a></p>`;

/** The small page of each outcome (200 when the link did its work or offers it, else 4xx). */
export function linkPage(outcome: LinkOutcome, company: string): LinkPage {
  switch (outcome.kind) {
    case 'confirm-offered':
      // A button that posts, not a link that acts: mail scanners and previews open links on their own.
      return page(
        200,
        company,
        'Confirm e-mail updates?',
        `<p>This address will get an e-mail at each status change and location update of package ${escapeHtml(outcome.trackingCode)}.</p><form method="post" action="/api/subscriptions/confirm?token=${encodeURIComponent(outcome.token)}"><button type="submit">Confirm e-mail updates</button></form>`,
      );
    case 'already-confirmed':
      return page(
        200,
        company,
        'Already confirmed',
        `<p>This address already gets the e-mail updates of package ${escapeHtml(outcome.trackingCode)}. Every e-mail has a link to stop them.</p>${trackLink(outcome.trackingCode)}`,
      );
    case 'confirmed':
      return page(
        200,
        company,
        'E-mail updates confirmed',
        `<p>This address will get an e-mail at each status change and location update of package ${escapeHtml(outcome.trackingCode)}. Every e-mail has a link to stop them.</p>${trackLink(outcome.trackingCode)}`,
      );
    case 'unsubscribe-offered':
      // A button that posts, not a link that acts: mail scanners and previews open links on their own.
      return page(
        200,
        company,
        'Stop e-mail updates?',
        `<p>This address gets the e-mail updates of package ${escapeHtml(outcome.trackingCode)}.</p><form method="post" action="/api/subscriptions/unsubscribe?token=${encodeURIComponent(outcome.token)}"><button type="submit">Unsubscribe</button></form>`,
      );
    case 'unsubscribed':
      return page(
        200,
        company,
        'Unsubscribed',
        `<p>This address gets no more e-mail updates about package ${escapeHtml(outcome.trackingCode)}.</p>${trackLink(outcome.trackingCode)}`,
      );
    case 'expired':
      return page(
        410,
        company,
        'This link has expired',
        `<p>A confirmation link works for 48 hours. Ask for e-mail updates again on the package's tracking page to get a new one.</p>${trackLink(outcome.trackingCode)}`,
      );
    case 'full':
      return page(
        409,
        company,
        'No room for another address',
        `<p>The updates of package ${escapeHtml(outcome.trackingCode)} already go to 5 addresses, the most a package can have.</p>${trackLink(outcome.trackingCode)}`,
      );
    case 'invalid':
      return page(
        404,
        company,
        'This link is not valid',
        '<p>It may have been used already, or copied incompletely. To get e-mail updates, ask for them again on the package\'s tracking page.</p><p><a href="/track">Track a package</a></p>',
      );
  }
}
