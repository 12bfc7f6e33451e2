import { type EmailPayloadInput, emailPayloadSchema } from '@waybill/domain';
import { describe, expect, it } from 'vitest';
import { type MailContext, renderComposerEmail, renderNotificationEmail, renderReceiptEmail } from './index.ts';

const context: MailContext = {
  company: { name: 'Waybill', email: 'support@waybill.example', phone: '+1 (555) 123-4567' },
  publicUrl: 'https://waybill.example',
};

const packageInput: EmailPayloadInput = {
  to: 'grace@example.org',
  subject: 'Your package is on its way',
  templateType: 'package',
  shipperName: 'Ada Shipper',
  shipperPhone: '+1 555 010 0001',
  shipperAddress: '12 Dock Street\nOakland',
  shipperEmail: 'ada@example.com',
  receiverName: 'Grace Receiver',
  receiverPhone: '+44 20 7946 0001',
  receiverAddress: '1 Market Square, London',
  receiverEmail: 'grace@example.org',
  packageDescription: 'Two books and a scarf',
  trackingCode: 'ABCD2345EFGH',
  customMessage: 'We picked up your package.\nIt leaves today.',
};

const render = (input: EmailPayloadInput, images = []) =>
  renderComposerEmail(context, emailPayloadSchema.parse(input), images);

describe('package notification template', () => {
  it('renders the subject, every summary field, the tracking link and the default greeting and signature', () => {
    const email = render(packageInput);
    expect(email.subject).toBe('Your package is on its way');
    for (const value of [
      'Hello,',
      'Ada Shipper',
      '+1 555 010 0001',
      'ada@example.com',
      'Grace Receiver',
      '+44 20 7946 0001',
      '1 Market Square, London',
      'grace@example.org',
      'Two books and a scarf',
      'ABCD2345EFGH',
      'https://waybill.example/track/ABCD2345EFGH',
      'Best regards,',
      'Waybill Team',
    ]) {
      expect(email.html).toContain(value);
      expect(email.text).toContain(value);
    }
    expect(email.html).toContain('href="https://waybill.example/track/ABCD2345EFGH"');
    // Line breaks typed by the operator survive in both parts.
    expect(email.html).toContain('We picked up your package.<br>It leaves today.');
    expect(email.html).toContain('12 Dock Street<br>Oakland');
    expect(email.text).toContain('We picked up your package.\nIt leaves today.');
    expect(email.text.indexOf('Hello,')).toBeLessThan(email.text.indexOf('Package summary'));
    expect(email.text.indexOf('Package summary')).toBeLessThan(email.text.indexOf('Best regards,'));
  });

  it('uses a custom greeting and signature', () => {
    const email = render({ ...packageInput, customGreeting: 'Dear Grace,', customSignature: 'Cheers,\nDispatch' });
    expect(email.html).toContain('Dear Grace,');
    expect(email.html).toContain('Cheers,<br>Dispatch');
    expect(email.html).not.toContain('Hello,');
    expect(email.text).toContain('Cheers,\nDispatch');
  });

  it('shows images it is given and leaves out an empty tracking block', () => {
    const email = render({ ...packageInput, trackingCode: '' }, [
      { src: 'cid:one@waybill', alt: 'Package image 1' },
    ] as never);
    expect(email.html).toContain('<img src="cid:one@waybill" alt="Package image 1"');
    expect(email.html).not.toContain('/track/');
    expect(email.text).not.toContain('Tracking code');
  });

  it('is a table-based HTML document with inline styles and no script or stylesheet', () => {
    const { html } = render(packageInput);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('role="presentation"');
    expect(html).not.toMatch(/<script|<style|<link/i);
  });
});

describe('simple message template', () => {
  it('renders greeting, message and signature only', () => {
    const email = render({
      to: 'grace@example.org',
      subject: 'Closed on Monday',
      templateType: 'simple',
      customMessage: 'Our depot is closed on Monday.\nPickups resume Tuesday.',
      trackingCode: 'ABCD2345EFGH',
      shipperName: 'Ada Shipper',
    });
    expect(email.subject).toBe('Closed on Monday');
    expect(email.html).toContain('Hello,');
    expect(email.html).toContain('Our depot is closed on Monday.<br>Pickups resume Tuesday.');
    expect(email.html).toContain('Best regards,<br>Waybill Team');
    expect(email.html).not.toContain('Ada Shipper');
    expect(email.html).not.toContain('Package summary');
    expect(email.text).toBe(
      [
        'Hello,',
        '',
        'Our depot is closed on Monday.',
        'Pickups resume Tuesday.',
        '',
        'Best regards,',
        'Waybill Team',
        '',
        '--',
        'Waybill',
        'Support: support@waybill.example',
        'Phone: +1 (555) 123-4567',
        `© ${new Date().getFullYear()} Waybill. All rights reserved.`,
        '',
      ].join('\n'),
    );
  });
});

describe('every template', () => {
  // Short enough for the phone fields (40 characters).
  const hostile = `<script>alert("x")</script> & 'q' "t"`;
  const hostileFields = [
    'subject',
    'shipperName',
    'shipperPhone',
    'shipperAddress',
    'shipperEmail',
    'receiverName',
    'receiverPhone',
    'receiverAddress',
    'receiverEmail',
    'packageDescription',
    'trackingCode',
    'customMessage',
    'customGreeting',
    'customSignature',
  ] as const;

  it.each(['package', 'simple'] as const)('escapes script tags, quotes and ampersands in every field (%s)', (type) => {
    const input: EmailPayloadInput = { to: 'grace@example.org', templateType: type, subject: hostile };
    for (const field of hostileFields) (input as Record<string, string>)[field] = hostile;
    const { html, text } = render(input);
    expect(html).not.toContain('<script');
    expect(html).not.toContain(`"x"`);
    expect(html).not.toContain(`'q'`);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; &quot;t&quot;');
    // The tracking link's code is URL-encoded, so it cannot break out of the attribute either.
    if (type === 'package') expect(html).toContain('/track/%3Cscript%3Ealert(%22x%22)');
    // The text part is plain text: shown as typed.
    expect(text).toContain(hostile);
  });

  it('carries the company footer with the support e-mail, phone and current year', () => {
    const year = String(new Date().getFullYear());
    const emails = [
      render(packageInput),
      render({ ...packageInput, templateType: 'simple' }),
      renderNotificationEmail(context, {
        event: 'status',
        trackingCode: 'ABCD2345EFGH',
        recipientName: 'Ada',
        detail: 'Shipped',
      }),
    ];
    for (const { html, text } of emails) {
      expect(html).toContain(`&copy; ${year} Waybill. All rights reserved.`);
      expect(html).toContain('href="mailto:support@waybill.example"');
      expect(html).toContain('Phone: +1 (555) 123-4567');
      expect(text).toContain(`© ${year} Waybill. All rights reserved.`);
      expect(text).toContain('Support: support@waybill.example');
    }
  });

  it('escapes the company settings too', () => {
    const { html } = renderComposerEmail(
      { ...context, company: { ...context.company, name: 'A & B <Couriers>' } },
      emailPayloadSchema.parse(packageInput),
    );
    expect(html).toContain('A &amp; B &lt;Couriers&gt;');
    expect(html).not.toContain('<Couriers>');
  });
});

describe('status notification template', () => {
  it('names the recipient, the change and links to the tracking page', () => {
    const email = renderNotificationEmail(context, {
      event: 'status',
      trackingCode: 'ABCD2345EFGH',
      recipientName: 'Ada <Shipper>',
      detail: 'Out for Delivery',
    });
    expect(email.subject).toBe('Package ABCD2345EFGH: Out for Delivery');
    expect(email.html).toContain('Hello Ada &lt;Shipper&gt;,');
    expect(email.html).toContain('href="https://waybill.example/track/ABCD2345EFGH"');
    expect(email.text).toContain('Track your package: https://waybill.example/track/ABCD2345EFGH');
  });

  it('says a package Returning to sender is going back after the failed attempts', () => {
    const email = renderNotificationEmail(context, {
      event: 'status',
      trackingCode: 'ABCD2345EFGH',
      recipientName: 'Ada',
      detail: 'Returning to sender',
    });
    expect(email.subject).toBe('Package ABCD2345EFGH: Returning to sender');
    expect(email.text).toContain(
      'We could not deliver your package ABCD2345EFGH after several attempts, so it is being returned to the sender.',
    );
  });

  it('tells the other party the new delivery day in words, and only that a choice changed otherwise', () => {
    const moved = renderNotificationEmail(context, {
      event: 'preferences',
      trackingCode: 'ABCD2345EFGH',
      recipientName: 'Ada',
      detail: 'recipient',
      deliveryDay: '2026-12-01',
    });
    expect(moved.subject).toBe('Package ABCD2345EFGH: delivery day changed');
    expect(moved.text).toContain('it is now expected on Tuesday 1 December.');
    const changed = renderNotificationEmail(context, {
      event: 'preferences',
      trackingCode: 'ABCD2345EFGH',
      recipientName: 'Ada',
      detail: 'shipper',
    });
    expect(changed.subject).toBe('Package ABCD2345EFGH: delivery instructions changed');
    expect(changed.text).toContain('The sender of package ABCD2345EFGH changed');
  });
});

describe('submission receipt template', () => {
  const receipt = {
    trackingCode: 'ABCD2345EFGH',
    shipperName: 'Ada <b>Shipper</b>',
    receiverName: 'Grace & Co',
    destination: '1 Market Square\nLondon',
    description: '<script>alert(1)</script> books',
    quantity: 2,
    weight: 1.5,
    dimensionUnit: 'in' as const,
    length: 12.5,
    width: 4,
    height: 3,
  };

  it('gives the code, the tracking link and the package summary in both parts', () => {
    const email = renderReceiptEmail(context, receipt);
    expect(email.subject).toBe('Receipt for your package ABCD2345EFGH');
    expect(email.html).toContain('href="https://waybill.example/track/ABCD2345EFGH"');
    expect(email.text).toContain('Tracking code: ABCD2345EFGH');
    expect(email.text).toContain('Track your package: https://waybill.example/track/ABCD2345EFGH');
    for (const value of ['12.5 × 4 × 3 in', '150.00 in³', '1.5 kg', 'Waybill Team', 'support@waybill.example']) {
      expect(email.html).toContain(value);
      expect(email.text).toContain(value);
    }
    expect(email.text).toContain('Receiver: Grace & Co');
    expect(email.text).toContain('Destination: 1 Market Square\n    London');
  });

  it('escapes what the customer typed and keeps its line breaks', () => {
    const email = renderReceiptEmail(context, receipt);
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>Shipper</b>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; books');
    expect(email.html).toContain('Hello Ada &lt;b&gt;Shipper&lt;/b&gt;,');
    expect(email.html).toContain('Grace &amp; Co');
    expect(email.html).toContain('1 Market Square<br>London');
  });
});
