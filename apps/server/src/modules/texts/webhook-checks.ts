import { createHash, timingSafeEqual } from 'node:crypto';

/** Twilio's check of X-Twilio-Signature, from its SDK (loaded only when Twilio is the provider). */
export type TwilioSignatureCheck = (
  authToken: string,
  signature: string,
  url: string,
  params: Record<string, string>,
) => boolean;

export async function loadTwilioSignatureCheck(): Promise<TwilioSignatureCheck> {
  const { default: twilio } = await import('twilio');
  return (authToken, signature, url, params) => twilio.validateRequest(authToken, signature, url, params);
}

/** Whether `given` is the callback secret, in a time that does not depend on how much of it matches. */
export function isCallbackSecret(given: string | undefined, secret: string): boolean {
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}
