import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../../test/field-messages.ts';
import { EMAIL_TEMPLATE_TYPES, emailPayloadSchema } from './email.ts';

const MINIMAL = { to: 'ada@example.com', subject: 'Your parcel' };
const messagesFor = (changes: Record<string, unknown>) => fieldMessages(emailPayloadSchema, { ...MINIMAL, ...changes });

describe('emailPayloadSchema', () => {
  it('offers the package and simple templates', () => {
    expect(EMAIL_TEMPLATE_TYPES).toEqual(['package', 'simple']);
  });

  it('fills in the defaults of a bare package e-mail', () => {
    expect(emailPayloadSchema.parse(MINIMAL)).toEqual({
      ...MINIMAL,
      templateType: 'package',
      shipperName: '',
      shipperPhone: '',
      shipperAddress: '',
      shipperEmail: '',
      receiverName: '',
      receiverPhone: '',
      receiverAddress: '',
      receiverEmail: '',
      packageDescription: '',
      trackingCode: '',
      includeImages: false,
      imageCount: 1,
      customMessage: '',
      customGreeting: 'Hello,',
      // The default signature needs the team name, so the server adds it.
      customSignature: '',
    });
  });

  it('needs the recipient and the subject', () => {
    expect(fieldMessages(emailPayloadSchema, {})).toEqual({
      to: 'Recipient email is required',
      subject: 'Subject is required',
    });
    expect(messagesFor({ to: '  ', subject: '\t' })).toEqual({
      to: 'Recipient email is required',
      subject: 'Subject is required',
    });
  });

  it('checks the recipient e-mail shape', () => {
    expect(messagesFor({ to: 'ada@example' })).toEqual({ to: 'Invalid email address' });
    expect(emailPayloadSchema.parse({ ...MINIMAL, to: ' ada@example.com ' }).to).toBe('ada@example.com');
  });

  it.each([undefined, '', '   '])('needs a message in the simple template, not given %j', (customMessage) => {
    expect(messagesFor({ templateType: 'simple', customMessage })).toEqual({ customMessage: 'Message is required' });
  });

  it('reports the missing message together with the other blank fields of the composer', () => {
    expect(
      fieldMessages(emailPayloadSchema, { to: '', subject: ' ', templateType: 'simple', customMessage: '' }),
    ).toEqual({
      to: 'Recipient email is required',
      subject: 'Subject is required',
      customMessage: 'Message is required',
    });
  });

  it('does not need a message in the package template', () => {
    expect(messagesFor({ templateType: 'package', customMessage: '' })).toEqual({});
  });

  it('accepts a simple e-mail with a message, trimmed', () => {
    const parsed = emailPayloadSchema.parse({ ...MINIMAL, templateType: 'simple', customMessage: ' See you soon. ' });
    expect(parsed).toMatchObject({ templateType: 'simple', customMessage: 'See you soon.' });
  });

  it.each(['newsletter', 'Simple', ''])('refuses the template type %j', (templateType) => {
    expect(messagesFor({ templateType })).toEqual({ templateType: 'Template type must be package or simple' });
  });

  it.each([
    [1, 1],
    [10, 10],
    ['5', 5],
    [' 3 ', 3],
  ])('accepts the image count %j', (imageCount, count) => {
    expect(emailPayloadSchema.parse({ ...MINIMAL, includeImages: true, imageCount }).imageCount).toBe(count);
  });

  it.each([0, '0', -1, '', 'many'])('refuses the image count %j with the 1 to 10 message', (imageCount) => {
    expect(messagesFor({ imageCount })).toEqual({ imageCount: 'Image count must be between 1 and 10' });
  });

  it('refuses more than 10 images and fractional counts', () => {
    expect(messagesFor({ imageCount: 11 })).toEqual({ imageCount: 'Image count must be between 1 and 10' });
    expect(messagesFor({ imageCount: 2.5 })).toEqual({ imageCount: 'Must be a whole number' });
  });

  it.each([
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
  ])('reads includeImages %j as %s', (includeImages, read) => {
    expect(emailPayloadSchema.parse({ ...MINIMAL, includeImages }).includeImages).toBe(read);
  });

  it.each([
    [undefined, 'Hello,'],
    ['', 'Hello,'],
    ['   ', 'Hello,'],
    ['Dear Ada,', 'Dear Ada,'],
    ['  Hi there, ', 'Hi there,'],
  ])('greets with %j as %j', (customGreeting, greeting) => {
    expect(emailPayloadSchema.parse({ ...MINIMAL, customGreeting }).customGreeting).toBe(greeting);
  });

  it('keeps the package fields, trimmed', () => {
    const parsed = emailPayloadSchema.parse({
      ...MINIMAL,
      shipperName: ' Ada ',
      receiverEmail: 'charles@example.co.uk',
      trackingCode: 'AB3K7M9XQ2RT',
      customSignature: 'Best regards,\nThe Lagos desk',
    });
    expect(parsed).toMatchObject({
      shipperName: 'Ada',
      receiverEmail: 'charles@example.co.uk',
      trackingCode: 'AB3K7M9XQ2RT',
      customSignature: 'Best regards,\nThe Lagos desk',
    });
  });
});
