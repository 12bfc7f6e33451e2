import { createHmac, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The browsers an operator signed in from before. At each successful sign-in the server gives the
 * browser a signed, HttpOnly cookie naming the operator and a random id of that browser; a correct
 * password from such a browser is judged by that browser's own failures only, never by the failures
 * strangers piled onto the account, so guessing elsewhere cannot keep the operator out of it.
 */
export const DEVICE_COOKIE = 'waybill_device';
/** Its name when PUBLIC_URL is https: only the site itself, over https, can set a `__Host-` cookie. */
export const DEVICE_COOKIE_HTTPS = `__Host-${DEVICE_COOKIE}`;
/** Kept this long after the last sign-in from the browser. */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 3600;
/** Operators one browser remembers (the newest first): several people may share a desk. */
const MAX_OPERATORS = 5;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NONCE = /^[A-Za-z0-9_-]{22}$/;

/** One operator's sign-in from a browser: who, and the browser's random id for them. */
export interface KnownDevice {
  operatorId: string;
  deviceId: string;
}

const signatureOf = (key: KeyObject, device: KnownDevice) =>
  createHmac('sha256', key).update(`${device.operatorId}.${device.deviceId}`).digest('base64url');

/** A new random id for a browser an operator just signed in from (128 bits). */
export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

/** The entries of a device cookie whose signature checks out; anything else is ignored. */
export function readDeviceCookie(key: KeyObject, value: string | undefined): KnownDevice[] {
  if (!value || value.length > 1024) return [];
  const devices: KnownDevice[] = [];
  for (const entry of value.split('~').slice(0, MAX_OPERATORS)) {
    const [operatorId = '', deviceId = '', signature = '', extra] = entry.split('.');
    if (extra !== undefined || !UUID.test(operatorId) || !NONCE.test(deviceId)) continue;
    const expected = Buffer.from(signatureOf(key, { operatorId, deviceId }));
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) devices.push({ operatorId, deviceId });
  }
  return devices;
}

/** The cookie's value with `device` first, the browser's other operators after it. */
export function writeDeviceCookie(key: KeyObject, device: KnownDevice, others: KnownDevice[]): string {
  return [device, ...others.filter((other) => other.operatorId !== device.operatorId)]
    .slice(0, MAX_OPERATORS)
    .map((entry) => `${entry.operatorId}.${entry.deviceId}.${signatureOf(key, entry)}`)
    .join('~');
}
