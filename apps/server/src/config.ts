import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { type CompanySettings, DEFAULT_PHONE, isWhatsappLink, whatsappLinkForPhone } from '@waybill/domain';
import { z } from 'zod';
import { TEXTS_ENV, type TextsConfig, textsConfigOf, textsProblems } from './modules/texts/texts-config.ts';
import { DEFAULT_WEB_DIST_DIR } from './paths.ts';

const RATE_UNITS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

export interface RateLimit {
  max: number;
  timeWindowMs: number;
}

/** "10/minute" → 10 requests per 60 000 ms. */
const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx): RateLimit => {
      const match = /^\s*(\d+)\s*\/\s*(second|minute|hour|day)s?\s*$/i.exec(value);
      if (!match || Number(match[1]) < 1) {
        ctx.addIssue({ code: 'custom', message: 'must look like "10/minute" (per second, minute, hour or day)' });
        return z.NEVER;
      }
      return { max: Number(match[1]), timeWindowMs: RATE_UNITS[match[2]!.toLowerCase()]! };
    });

/** Which proxies may say, in X-Forwarded-For, which client they forward: none, a hop count, or addresses. */
export type TrustProxy = false | number | string[];

// The names proxy-addr (Fastify's trustProxy) knows for address ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 10;

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (the default: limits count the address that connects), a number of proxy hops in
 * front of Waybill (1 behind one load balancer), or a comma-separated list of proxy addresses, ranges
 * (10.0.0.0/8) and the names loopback, linklocal and uniquelocal. "true" (trust any sender) is refused:
 * every client could then choose the address its limits count.
 */
const trustProxy = z
  .string()
  .max(1000, { error: 'must be at most 1000 characters' })
  .default('off')
  .transform((value, ctx): TrustProxy => {
    const text = value.trim();
    if (text === '' || text === 'off' || text === 'false') return false;
    if (/^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_PROXY_HOPS) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be off, a hop count from 1 to ${MAX_PROXY_HOPS}, or proxy addresses such as 10.0.0.5, 10.0.0.0/8, loopback`,
    });
    return z.NEVER;
  });

const BUCKET_NAME_RULE =
  'must be an S3 bucket name: 3 to 63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit';
const BUCKET_CHARACTERS = /^[a-z0-9.-]+$/;
const ALPHANUMERIC = /^[a-z0-9]$/;

function isBucketName(name: string): boolean {
  return (
    name.length >= 3 &&
    name.length <= 63 &&
    BUCKET_CHARACTERS.test(name) &&
    ALPHANUMERIC.test(name.at(0)!) &&
    ALPHANUMERIC.test(name.at(-1)!)
  );
}

const KEY_PREFIX_RULE =
  'must be folder names separated by slashes, such as waybill/photos/ (letters, digits, dots, hyphens, underscores; at most 200 characters)';
const PREFIX_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** `waybill/photos/` or `waybill/photos`: the segments of a key prefix, each a plain name. */
function isKeyPrefix(prefix: string): boolean {
  const segments = prefix.replace(/\/$/, '').split('/');
  return prefix.length <= 200 && segments.every((segment) => PREFIX_SEGMENT.test(segment) && !segment.includes('..'));
}

/** Where package photos live when they are not on the local disk: one bucket all processes share. */
export interface S3StorageConfig {
  bucket: string;
  /** '' or a prefix ending in a slash, put before every key. */
  prefix: string;
  /** Addresses as `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO, s3rver, Ceph). */
  forcePathStyle: boolean;
}

/**
 * With S3_BUCKET, the AWS SDK reads AWS_REGION, the key pair and AWS_ENDPOINT_URL_S3 from the environment
 * itself; these are only the mistakes it would report late (at the first upload) or not clearly.
 */
function s3Problems(e: z.infer<typeof envSchema>): string[] {
  if (!e.S3_BUCKET) return [];
  const problems: string[] = [];
  if (!e.AWS_REGION) {
    problems.push('AWS_REGION: must be set with S3_BUCKET (the bucket’s region; any name, e.g. us-east-1, for MinIO)');
  }
  const endpoint = e.AWS_ENDPOINT_URL_S3;
  if (endpoint && !(URL.canParse(endpoint) && /^https?:$/.test(new URL(endpoint).protocol))) {
    problems.push('AWS_ENDPOINT_URL_S3: must be an http(s):// URL such as http://127.0.0.1:9000 (unset for Amazon S3)');
  }
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    problems.push(
      'AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: set both or neither (neither: the SDK’s other sources, e.g. an instance role)',
    );
  }
  return problems;
}

/**
 * SUBSCRIPTION_KEY: 32 random bytes as 64 hex digits or base64, the key that seals the addresses of
 * tracking e-mail updates (see plugins/subscription-keys/keys.ts).
 */
function subscriptionKeyOf(text: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  // base64 or base64url: 43 characters carry 32 bytes, the 44th is padding.
  return /^[A-Za-z0-9+/_-]{43}=?$/.test(text) ? Buffer.from(text, 'base64') : undefined;
}

/**
 * Settings whose defaults suit a developer's machine only: the public address every e-mail link and
 * label QR code points to, and the console's address and home-page shortcut, whose defaults anyone can
 * read in the README. With NODE_ENV=production a start with any of them at its default is refused,
 * naming each; elsewhere the server warns once for each (see `warnAboutDefaults`).
 */
export const DEPLOYMENT_DEFAULTS = {
  PUBLIC_URL: {
    value: 'http://localhost:3000',
    shown: true,
    why: 'every e-mail link and label QR code points to it; set the address customers reach this server at',
  },
  ADMIN_PATH: {
    value: '/ops-9f4c2e',
    shown: true,
    why: 'the console is at the path the README prints; choose an unguessable one',
  },
  CONSOLE_SHORTCUT_NAME: {
    value: 'dispatch',
    shown: false,
    why: "the home page's shortcut opens the console with the name the README prints; choose another",
  },
  CONSOLE_SHORTCUT_CODE: {
    value: '739154',
    shown: false,
    why: "the home page's shortcut opens the console with the code the README prints; choose another",
  },
} as const;
export type DeploymentDefault = keyof typeof DEPLOYMENT_DEFAULTS;

/** Why a deployment setting at its default is refused in production, or warned about elsewhere. */
function describeDefault(name: DeploymentDefault, production: boolean): string {
  const { value, shown, why } = DEPLOYMENT_DEFAULTS[name];
  const which = `the default${shown ? ` ${value}` : ''}`;
  return production
    ? `${name}: ${which} is refused with NODE_ENV=production: ${why}`
    : `${name} is ${which}: ${why} (a start with NODE_ENV=production refuses it)`;
}

/** The deployment settings at their defaults, unset or set to the same value. */
function defaultsInUse(e: z.infer<typeof envSchema>, publicUrl: string): DeploymentDefault[] {
  const values: Record<DeploymentDefault, string> = {
    PUBLIC_URL: publicUrl,
    ADMIN_PATH: e.ADMIN_PATH,
    CONSOLE_SHORTCUT_NAME: e.CONSOLE_SHORTCUT_NAME.trim(),
    CONSOLE_SHORTCUT_CODE: e.CONSOLE_SHORTCUT_CODE,
  };
  return (Object.keys(DEPLOYMENT_DEFAULTS) as DeploymentDefault[]).filter(
    (name) => values[name] === DEPLOYMENT_DEFAULTS[name].value,
  );
}

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional()),
  REDIS_URL: optional.pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional()),
  ADMIN_EMAIL: optional,
  ADMIN_PASSWORD: optional.pipe(z.string().min(8, { error: 'must be at least 8 characters' }).optional()),
  ADMIN_PATH: z
    .string()
    .default(DEPLOYMENT_DEFAULTS.ADMIN_PATH.value)
    .refine((value) => /^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/.test(value) && !value.startsWith('/api'), {
      error: 'must be a path such as /ops-9f4c2e (not under /api)',
    }),
  SMTP_URL: optional,
  MAIL_FROM: z.string().min(1).default('Waybill <no-reply@waybill.example>'),
  MAIL_OUTBOX_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(3000),
  EVENTS_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  WEBHOOKS_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(1000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).default(DEPLOYMENT_DEFAULTS.PUBLIC_URL.value),
  COMPANY_NAME: z.string().min(1).default('Waybill'),
  COMPANY_EMAIL: z.string().min(1).default('support@waybill.example'),
  COMPANY_PHONE: z.string().min(1).default(DEFAULT_PHONE),
  COMPANY_ADDRESS: z.string().min(1).default('100 Harbor Way, Suite 400, Oakland, CA 94607'),
  COMPANY_HOURS: z.string().min(1).default('Mon–Fri 8:00–18:00, Sat 9:00–14:00'),
  // Unset: the wa.me link of COMPANY_PHONE. Checked like a link an operator saves (http or https only).
  COMPANY_WHATSAPP: optional.pipe(
    z
      .string()
      .refine(isWhatsappLink, { error: 'must be an http(s) link such as https://wa.me/15551234567' })
      .optional(),
  ),
  CONSOLE_SHORTCUT_NAME: z.string().min(1).default(DEPLOYMENT_DEFAULTS.CONSOLE_SHORTCUT_NAME.value),
  CONSOLE_SHORTCUT_CODE: z
    .string()
    .regex(/^\d+$/, { error: 'must be digits' })
    .default(DEPLOYMENT_DEFAULTS.CONSOLE_SHORTCUT_CODE.value),
  WEB_DIST_DIR: z.string().min(1).default(DEFAULT_WEB_DIST_DIR),
  RATE_LIMIT_LOGIN: rateLimit('10/minute'),
  RATE_LIMIT_TRACK: rateLimit('60/minute'),
  RATE_LIMIT_SUBMIT: rateLimit('10/minute'),
  RATE_LIMIT_FORMS: rateLimit('30/minute'),
  RATE_LIMIT_API_KEY: rateLimit('600/minute'),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: trustProxy,
  SUBSCRIPTION_KEY: optional.pipe(
    z
      .string()
      .max(100, { error: 'must be 32 bytes as 64 hex digits or base64' })
      .refine((text) => subscriptionKeyOf(text) !== undefined, {
        error: 'must be 32 bytes as 64 hex digits or base64 (e.g. openssl rand -base64 32)',
      })
      .optional(),
  ),
  S3_BUCKET: optional.pipe(z.string().refine(isBucketName, { error: BUCKET_NAME_RULE }).optional()),
  S3_PREFIX: optional.pipe(z.string().refine(isKeyPrefix, { error: KEY_PREFIX_RULE }).optional()),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  // Read by the AWS SDK itself; checked here only so that a mistake is named at start.
  AWS_REGION: optional,
  AWS_ENDPOINT_URL_S3: optional,
  AWS_ACCESS_KEY_ID: optional,
  AWS_SECRET_ACCESS_KEY: optional,
  ...TEXTS_ENV,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  NODE_ENV: optional,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** REDIS_URL: where every process counts rate limits, hit by hit; unset, each counts locally (docs/decisions/0058). */
  redisUrl: string | undefined;
  admin: { email: string | undefined; password: string | undefined; path: string };
  /** `outboxPollMs`: how long each process's outbox worker waits between two passes. */
  mail: { smtpUrl: string | undefined; from: string; outboxPollMs: number };
  /** `pollMs`: how long an idle dispatcher of package events waits before it looks again (a change wakes it). */
  events: { pollMs: number };
  /**
   * Business accounts' webhooks. `allowPrivateTargets`: calls to private, loopback and link-local
   * addresses and plain http are allowed (tests, closed networks); `httpsOnly`: plain http refused
   * (NODE_ENV=production, unless private targets are allowed); `pollMs`: how long an idle sender waits.
   */
  webhooks: { allowPrivateTargets: boolean; httpsOnly: boolean; pollMs: number };
  publicUrl: string;
  /** True when PUBLIC_URL is https: Secure cookies and HSTS. */
  secure: boolean;
  company: CompanySettings;
  consoleShortcut: { name: string; code: string };
  /** Undefined when the directory does not exist: the API runs without the web app. */
  webDistDir: string | undefined;
  /** `apiKey`: requests to /api/v1 per key, always counted (as the public limits are), whatever RATE_LIMITS says. */
  rateLimits: {
    enabled: boolean;
    login: RateLimit;
    track: RateLimit;
    submit: RateLimit;
    forms: RateLimit;
    apiKey: RateLimit;
  };
  trustProxy: TrustProxy;
  /**
   * The key sealing the addresses of tracking e-mail updates (SUBSCRIPTION_KEY); unset: a key file
   * generated in DATA_DIR.
   */
  subscriptionKey: Buffer | undefined;
  /** Text messages through SMS_PROVIDER; undefined (unset) when Waybill sends none. */
  texts: TextsConfig | undefined;
  /** Set (S3_BUCKET) when photos are kept in an S3-compatible bucket instead of DATA_DIR/uploads. */
  s3: S3StorageConfig | undefined;
  logLevel: string;
  /** `pretty` for a person at a terminal, `json` (one object a line) for log collectors. */
  logFormat: 'pretty' | 'json';
  /** The deployment settings left at their defaults (never in production, which refuses them). */
  defaultsInUse: DeploymentDefault[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment into one typed config; throws a ConfigError naming every bad variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  { stdoutIsTerminal = process.stdout.isTTY === true }: { stdoutIsTerminal?: boolean } = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  // The look-behind starts a match at the first slash of a run only, so it takes linear time.
  const publicUrl = e.PUBLIC_URL.replace(/(?<!\/)\/+$/, '');
  const defaults = defaultsInUse(e, publicUrl);
  const problems = [
    ...s3Problems(e),
    ...textsProblems(e),
    ...(e.NODE_ENV === 'production' ? defaults.map((name) => describeDefault(name, true)) : []),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  const webDistDir = path.resolve(e.WEB_DIST_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, path: e.ADMIN_PATH },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxPollMs: e.MAIL_OUTBOX_POLL_MS },
    events: { pollMs: e.EVENTS_POLL_MS },
    webhooks: {
      allowPrivateTargets: e.WEBHOOKS_ALLOW_PRIVATE_TARGETS === 'true',
      httpsOnly: e.NODE_ENV === 'production' && e.WEBHOOKS_ALLOW_PRIVATE_TARGETS !== 'true',
      pollMs: e.WEBHOOKS_POLL_MS,
    },
    publicUrl,
    secure: e.PUBLIC_URL.startsWith('https:'),
    company: {
      name: e.COMPANY_NAME,
      email: e.COMPANY_EMAIL,
      phone: e.COMPANY_PHONE,
      address: e.COMPANY_ADDRESS,
      hours: e.COMPANY_HOURS,
      whatsapp: e.COMPANY_WHATSAPP ?? (whatsappLinkForPhone(e.COMPANY_PHONE) || whatsappLinkForPhone(DEFAULT_PHONE)),
    },
    consoleShortcut: { name: e.CONSOLE_SHORTCUT_NAME, code: e.CONSOLE_SHORTCUT_CODE },
    webDistDir: existsSync(path.join(webDistDir, 'console.html')) ? webDistDir : undefined,
    rateLimits: {
      enabled: e.RATE_LIMITS === 'on',
      login: e.RATE_LIMIT_LOGIN,
      track: e.RATE_LIMIT_TRACK,
      submit: e.RATE_LIMIT_SUBMIT,
      forms: e.RATE_LIMIT_FORMS,
      apiKey: e.RATE_LIMIT_API_KEY,
    },
    trustProxy: e.TRUST_PROXY,
    subscriptionKey: e.SUBSCRIPTION_KEY ? subscriptionKeyOf(e.SUBSCRIPTION_KEY) : undefined,
    texts: textsConfigOf(e),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          prefix: e.S3_PREFIX ? `${e.S3_PREFIX.replace(/\/$/, '')}/` : '',
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    logLevel: e.LOG_LEVEL,
    // Unset: readable lines when a person watches a terminal outside production, else JSON lines.
    logFormat: e.LOG_FORMAT ?? (stdoutIsTerminal && e.NODE_ENV !== 'production' ? 'pretty' : 'json'),
    defaultsInUse: defaults,
  };
}

/** One warning for each deployment setting left at its default (outside production, which refuses them). */
export function warnAboutDefaults(log: { warn(details: object, message: string): void }, config: Config): void {
  for (const name of config.defaultsInUse) {
    log.warn({ variable: name }, describeDefault(name, false));
  }
}
