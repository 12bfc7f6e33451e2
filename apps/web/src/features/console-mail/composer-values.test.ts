import { emailPayloadSchema, type PackageView } from '@waybill/domain';
import { describe, expect, it } from 'vitest';
import { composerDefaults, showsImageCount, toEmailPayload, valuesFromPackage } from './composer-values.ts';

const issuesOf = (values: ReturnType<typeof composerDefaults>) => {
  const result = emailPayloadSchema.safeParse(toEmailPayload(values));
  const first: Record<string, string> = {};
  // The form shows a field's first message, as the resolver does.
  for (const issue of result.success ? [] : result.error.issues) first[String(issue.path[0])] ??= issue.message;
  return first;
};

describe('composer values', () => {
  it('starts with the greeting "Hello," and the server\'s own signature for the team', () => {
    const values = composerDefaults('Waybill');
    expect(values.customGreeting).toBe('Hello,');
    expect(values.customSignature).toBe('Best regards,\nWaybill Team');
    expect(values.templateType).toBe('package');
    expect(values.includeImages).toBe(false);
    expect(values.imageCount).toBe(1);
  });

  it('shows the image count only while Include package images is ticked', () => {
    expect(showsImageCount({ includeImages: false })).toBe(false);
    expect(showsImageCount({ includeImages: true })).toBe(true);
  });

  it('sends a hidden image count as 1, and checks a shown one against 1 to 10', () => {
    const base = { ...composerDefaults('Waybill'), to: 'grace@example.org', subject: 'Hi' };
    expect(toEmailPayload({ ...base, includeImages: false, imageCount: '' }).imageCount).toBe(1);
    expect(issuesOf({ ...base, includeImages: false, imageCount: '' })).toEqual({});
    expect(issuesOf({ ...base, includeImages: true, imageCount: '' })).toEqual({
      imageCount: 'Image count must be between 1 and 10',
    });
    expect(issuesOf({ ...base, includeImages: true, imageCount: 10 })).toEqual({});
  });

  it('requires the recipient and subject on both tabs, and the message on the simple tab only', () => {
    const blank = composerDefaults('Waybill');
    expect(issuesOf(blank)).toEqual({ to: 'Recipient email is required', subject: 'Subject is required' });
    expect(issuesOf({ ...blank, templateType: 'simple' })).toEqual({
      to: 'Recipient email is required',
      subject: 'Subject is required',
      customMessage: 'Message is required',
    });
    const filled = { ...blank, to: 'grace@example.org', subject: 'Hello' };
    expect(issuesOf(filled)).toEqual({});
    expect(issuesOf({ ...filled, templateType: 'simple', customMessage: '   ' })).toEqual({
      customMessage: 'Message is required',
    });
    expect(issuesOf({ ...filled, templateType: 'simple', customMessage: 'See you soon' })).toEqual({});
  });

  it('sends no package fields from the simple tab', () => {
    const values = { ...composerDefaults(), templateType: 'simple' as const, shipperName: 'Ada', includeImages: true };
    expect(toEmailPayload(values)).toMatchObject({ shipperName: '', includeImages: false });
  });

  it('fills the package fields from a saved package under its API field names', () => {
    const pkg = {
      trackingCode: 'ABCD2345EFGH',
      name: 'Ada',
      email: 'ada@example.com',
      phone: '+1 555',
      pickupLocation: '12 Dock St',
      receiverName: 'Grace',
      receiverEmail: 'grace@example.org',
      receiverPhone: '+44 20',
      destination: '1 Market Sq',
      description: 'Books',
    } as PackageView;
    expect(valuesFromPackage(pkg)).toEqual({
      shipperName: 'Ada',
      shipperPhone: '+1 555',
      shipperAddress: '12 Dock St',
      shipperEmail: 'ada@example.com',
      receiverName: 'Grace',
      receiverPhone: '+44 20',
      receiverAddress: '1 Market Sq',
      receiverEmail: 'grace@example.org',
      packageDescription: 'Books',
      trackingCode: 'ABCD2345EFGH',
    });
  });
});
