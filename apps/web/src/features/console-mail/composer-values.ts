import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_GREETING,
  defaultSignature,
  type EmailPayload,
  type EmailPayloadInput,
  type EmailTemplateType,
  emailPayloadSchema,
  LIMITS,
  type PackageView,
} from '@waybill/domain';
import type { Resolver } from 'react-hook-form';

/** What the composer's inputs hold: the SPEC §3 payload, with the image count as typed. */
export interface ComposerValues {
  to: string;
  subject: string;
  templateType: EmailTemplateType;
  shipperName: string;
  shipperPhone: string;
  shipperAddress: string;
  shipperEmail: string;
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  receiverEmail: string;
  packageDescription: string;
  trackingCode: string;
  includeImages: boolean;
  /** The default number, or the text as typed (blank while cleared). */
  imageCount: number | string;
  customMessage: string;
  customGreeting: string;
  customSignature: string;
}

/**
 * A blank composer. The signature is the server's own default ("Best regards," and the team name), so
 * what the operator sees in the box is what an empty box would have sent anyway.
 */
export function composerDefaults(teamName?: string): ComposerValues {
  return {
    to: '',
    subject: '',
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
    imageCount: LIMITS.emailImageCountMin,
    customMessage: '',
    customGreeting: DEFAULT_GREETING,
    customSignature: teamName ? defaultSignature(teamName) : '',
  };
}

/** The image count matters (and its input shows) only while Include package images is ticked. */
export function showsImageCount(values: Pick<ComposerValues, 'includeImages'>): boolean {
  return values.includeImages;
}

/**
 * The payload the server receives. A hidden image count is not the operator's to fix, so it travels
 * as the minimum; the simple tab sends no package fields.
 */
export function toEmailPayload(values: ComposerValues): EmailPayloadInput {
  const imageCount = showsImageCount(values) ? values.imageCount : LIMITS.emailImageCountMin;
  const payload: EmailPayloadInput = { ...values, imageCount };
  if (values.templateType === 'simple') {
    return {
      ...payload,
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
    };
  }
  return payload;
}

const schemaResolver = zodResolver(emailPayloadSchema) as unknown as Resolver<EmailPayloadInput, unknown, EmailPayload>;

/** SPEC §5 through the server's own schema, applied to what would be sent. */
export const composerResolver: Resolver<ComposerValues, unknown, EmailPayload> = (values, context, options) =>
  schemaResolver(toEmailPayload(values), context, options as never) as ReturnType<
    Resolver<ComposerValues, unknown, EmailPayload>
  >;

/** The composer fields a saved package fills (API field names on the right). */
export function valuesFromPackage(pkg: PackageView): Partial<ComposerValues> {
  return {
    shipperName: pkg.name,
    shipperPhone: pkg.phone,
    shipperAddress: pkg.pickupLocation,
    shipperEmail: pkg.email,
    receiverName: pkg.receiverName,
    receiverPhone: pkg.receiverPhone,
    receiverAddress: pkg.destination,
    receiverEmail: pkg.receiverEmail,
    packageDescription: pkg.description,
    trackingCode: pkg.trackingCode,
  };
}
