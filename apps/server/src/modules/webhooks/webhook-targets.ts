import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import {
  WEBHOOK_URL_CREDENTIALS,
  WEBHOOK_URL_HTTPS,
  WEBHOOK_URL_INVALID,
  WEBHOOK_URL_PRIVATE,
  WEBHOOK_URL_UNKNOWN_HOST,
} from '@waybill/domain';

/** Where webhooks may go: `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE_TARGETS) lifts the address checks. */
export interface TargetRules {
  allowPrivate: boolean;
  httpsOnly: boolean;
}

/**
 * Addresses a webhook never reaches (unless private targets are allowed): this host, private networks,
 * link-local (the clouds' metadata service, 169.254.169.254), shared (CGNAT) and reserved ranges,
 * multicast, and their IPv6 counterparts.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a webhook must not reach (an IPv4 address mapped into IPv6 is judged as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return BLOCKED.check(address, 'ipv4');
  if (version !== 6) return true;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return BLOCKED.check(mapped[1]!, 'ipv4');
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const high = Number.parseInt(hexMapped[1]!, 16);
    const low = Number.parseInt(hexMapped[2]!, 16);
    return BLOCKED.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return BLOCKED.check(address, 'ipv6');
}

/** The host of a URL as an address or a name ("[::1]" → "::1"). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[([^\]]*)\]$/, '$1');
}

/** Why a URL may not be an endpoint as it is written (its scheme, credentials, an address in it), or undefined. */
export function urlProblem(raw: string, rules: TargetRules): string | undefined {
  if (!URL.canParse(raw)) return WEBHOOK_URL_INVALID;
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return WEBHOOK_URL_INVALID;
  if (url.username !== '' || url.password !== '') return WEBHOOK_URL_CREDENTIALS;
  if (rules.httpsOnly && url.protocol !== 'https:') return WEBHOOK_URL_HTTPS;
  if (rules.allowPrivate) return undefined;
  const host = hostOf(url);
  if (isIP(host) !== 0) return isPrivateAddress(host) ? WEBHOOK_URL_PRIVATE : undefined;
  if (host === 'localhost' || host.endsWith('.localhost')) return WEBHOOK_URL_PRIVATE;
  return undefined;
}

/**
 * The check at registration: the URL as written, then every address its name has now. (The name may
 * point elsewhere later: each call checks again, see `guardedLookup`.)
 */
export async function registrationProblem(raw: string, rules: TargetRules): Promise<string | undefined> {
  const problem = urlProblem(raw, rules);
  if (problem || rules.allowPrivate) return problem;
  const host = hostOf(new URL(raw));
  if (isIP(host) !== 0) return undefined;
  let answers: LookupAddress[];
  try {
    answers = await dnsLookupAsync(host, { all: true, verbatim: true });
  } catch {
    return WEBHOOK_URL_UNKNOWN_HOST;
  }
  return answers.some(({ address }) => isPrivateAddress(address)) ? WEBHOOK_URL_PRIVATE : undefined;
}

/** A call refused before it was made: its host resolves to an address a webhook must not reach. */
export class RefusedTargetError extends Error {
  readonly code = 'EWEBHOOKTARGET';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The `lookup` of a webhook's connection: the name resolved here, and the connection made to the
 * address checked, never to one resolved again later (a name that points at this host between the
 * check and the call does not get through). Any private answer refuses the call.
 */
export function guardedLookup(
  hostname: string,
  options: { family?: number | string; all?: boolean },
  callback: LookupCallback,
): void {
  const family = options.family === 'IPv6' ? 6 : options.family === 'IPv4' ? 4 : Number(options.family ?? 0);
  dnsLookup(hostname, { all: true, verbatim: true, family: family as 0 | 4 | 6 }, (error, answers) => {
    if (error) return callback(error, []);
    if (answers.length === 0 || answers.some(({ address }) => isPrivateAddress(address))) {
      return callback(new RefusedTargetError(`${hostname} resolves to a private or local address`), []);
    }
    if (options.all) return callback(null, answers);
    callback(null, answers[0]!.address, answers[0]!.family);
  });
}
