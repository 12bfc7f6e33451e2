import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const TWILIO = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  TWILIO_FROM: '+15005550006',
};
const AFRICAS_TALKING = {
  SMS_PROVIDER: 'africastalking',
  AT_USERNAME: 'sandbox',
  AT_API_KEY: 'at-api-key',
  AT_CALLBACK_SECRET: 'a-callback-secret-of-32-characters',
};

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      secure: false,
      admin: { path: '/ops-9f4c2e' },
      rateLimits: { enabled: true, login: { max: 10, timeWindowMs: 60_000 } },
      logLevel: 'info',
    });
    expect(config.company.name).toBe('Waybill');
    expect(config.mail.outboxPollMs).toBe(3000);
  });

  it('reads how often the mail outbox is looked at, within 100 ms and 10 minutes', () => {
    expect(loadConfig({ MAIL_OUTBOX_POLL_MS: '500' }).mail.outboxPollMs).toBe(500);
    for (const value of ['50', '600001', 'soon', '1.5']) {
      expect(() => loadConfig({ MAIL_OUTBOX_POLL_MS: value }), value).toThrow(/MAIL_OUTBOX_POLL_MS/);
    }
  });

  it('reads rate limits, https and the database URL', () => {
    const config = loadConfig({
      RATE_LIMIT_TRACK: '5/second',
      RATE_LIMIT_SUBMIT: '100 / hour',
      RATE_LIMITS: 'off',
      PUBLIC_URL: 'https://waybill.example/',
      DATABASE_URL: 'postgres://u:p@db:5432/waybill',
    });
    expect(config.rateLimits).toMatchObject({
      enabled: false,
      track: { max: 5, timeWindowMs: 1000 },
      submit: { max: 100, timeWindowMs: 3_600_000 },
    });
    expect(config.secure).toBe(true);
    expect(config.publicUrl).toBe('https://waybill.example');
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/waybill');
  });

  it('reads TRUST_PROXY as off, a hop count or proxy addresses, and refuses the rest', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.0.0/8,loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.0.0.0/8',
      'loopback',
      'fd00::/8',
    ]);
    for (const bad of [
      'true',
      '0',
      '11',
      'proxy.internal',
      '10.0.0.0/33',
      '10.0.0.1/8/8',
      '::1/129',
      `${'1'.repeat(2000)}`,
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('fails fast, listing every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        RATE_LIMIT_LOGIN: 'often',
        ADMIN_PATH: 'ops',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'RATE_LIMIT_LOGIN', 'ADMIN_PATH', 'DATABASE_URL', 'LOG_LEVEL']) {
      expect(problems).toContain(`${name}:`);
    }
  });

  it('has a WhatsApp link by default: the wa.me link of the company phone', () => {
    expect(loadConfig({}).company.whatsapp).toBe('https://wa.me/15551234567');
    expect(loadConfig({ COMPANY_PHONE: '+44 20 7946 0001' }).company.whatsapp).toBe('https://wa.me/442079460001');
    // A phone without digits cannot make a link: the default number's link stands in.
    expect(loadConfig({ COMPANY_PHONE: 'ask at the desk' }).company.whatsapp).toBe('https://wa.me/15551234567');
    expect(loadConfig({ COMPANY_WHATSAPP: ' ' }).company.whatsapp).toBe('https://wa.me/15551234567');
  });

  it('takes COMPANY_WHATSAPP when it is an http(s) link, and refuses anything else', () => {
    expect(loadConfig({ COMPANY_WHATSAPP: 'https://wa.me/447700900123' }).company.whatsapp).toBe(
      'https://wa.me/447700900123',
    );
    for (const link of ['javascript:alert(1)', 'wa.me/447700900123', 'https://wa.me/44 77']) {
      expect(() => loadConfig({ COMPANY_WHATSAPP: link }), link).toThrow(/COMPANY_WHATSAPP: must be an http\(s\) link/);
    }
  });

  it('keeps photos on disk unless S3_BUCKET is set, and checks what the S3 client will need', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    // The AWS variables alone change nothing (the SDK may be there for something else).
    expect(loadConfig({ AWS_ENDPOINT_URL_S3: 'not a url', S3_BUCKET: ' ' }).s3).toBeUndefined();
    const s3 = { S3_BUCKET: 'waybill-photos', AWS_REGION: 'us-east-1' };
    expect(loadConfig(s3).s3).toEqual({ bucket: 'waybill-photos', prefix: '', forcePathStyle: false });
    expect(loadConfig({ ...s3, S3_PREFIX: 'site-a/photos', S3_FORCE_PATH_STYLE: 'true' }).s3).toEqual({
      bucket: 'waybill-photos',
      prefix: 'site-a/photos/',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...s3, S3_PREFIX: 'photos/' }).s3?.prefix).toBe('photos/');

    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems.join('\n');
      }
      return '';
    };
    expect(problems({ S3_BUCKET: 'waybill-photos' })).toMatch(/^AWS_REGION: must be set with S3_BUCKET/);
    expect(problems({ ...s3, AWS_ACCESS_KEY_ID: 'AKIA1' })).toMatch(/AWS_SECRET_ACCESS_KEY: set both or neither/);
    expect(problems({ ...s3, AWS_ENDPOINT_URL_S3: 'minio:9000' })).toMatch(
      /^AWS_ENDPOINT_URL_S3: must be an http\(s\)/,
    );
    expect(problems({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toMatch(/^S3_FORCE_PATH_STYLE: must be true or false/);
    for (const bucket of ['ab', 'Waybill', 'photos_2024', '-photos', 'photos.', 'a'.repeat(64)]) {
      expect(problems({ ...s3, S3_BUCKET: bucket }), bucket).toMatch(/^S3_BUCKET: must be an S3 bucket name/);
    }
    for (const prefix of ['../up', 'a//b', '/rooted', 'a/../b', 'spaces here/', `${'a'.repeat(201)}/`]) {
      expect(problems({ ...s3, S3_PREFIX: prefix }), prefix).toMatch(/^S3_PREFIX: must be folder names/);
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: ' ' })).toMatchObject({
      databaseUrl: undefined,
      admin: { password: undefined },
    });
  });
  it('reads no text-message provider by default, and each provider with its variables', () => {
    expect(loadConfig({}).texts).toBeUndefined();
    expect(loadConfig({ TWILIO_AUTH_TOKEN: 'left over' }).texts).toBeUndefined();
    expect(loadConfig({ ...TWILIO, TWILIO_WHATSAPP_FROM: 'whatsapp:+14155238886' }).texts).toEqual({
      provider: 'twilio',
      accountSid: TWILIO.TWILIO_ACCOUNT_SID,
      authToken: 'twilio-auth-token',
      from: '+15005550006',
      whatsappFrom: '+14155238886',
      apiBaseUrl: undefined,
      pollMs: 3000,
    });
    expect(loadConfig({ ...TWILIO, TWILIO_FROM: `MG${'a'.repeat(32)}` }).texts).toMatchObject({
      from: `MG${'a'.repeat(32)}`,
    });
    expect(loadConfig({ ...AFRICAS_TALKING, SMS_API_BASE_URL: 'http://127.0.0.1:9/' }).texts).toEqual({
      provider: 'africastalking',
      username: 'sandbox',
      apiKey: 'at-api-key',
      senderId: undefined,
      callbackSecret: 'a-callback-secret-of-32-characters',
      apiBaseUrl: 'http://127.0.0.1:9',
      pollMs: 3000,
    });
  });

  it('refuses an incomplete provider in one message naming every missing variable, and no secret', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problemsOf({ SMS_PROVIDER: 'twilio', TWILIO_AUTH_TOKEN: 'twilio-auth-token' })).toEqual([
      'TWILIO_ACCOUNT_SID, TWILIO_FROM: must be set with SMS_PROVIDER=twilio (missing 2)',
    ]);
    expect(problemsOf({ SMS_PROVIDER: 'africastalking' })).toEqual([
      'AT_USERNAME, AT_API_KEY, AT_CALLBACK_SECRET: must be set with SMS_PROVIDER=africastalking (missing 3)',
    ]);
    expect(problemsOf({ SMS_PROVIDER: 'nexmo' })).toEqual([
      'SMS_PROVIDER: must be twilio or africastalking (unset: no texts)',
    ]);
    const bad = problemsOf({ ...TWILIO, TWILIO_FROM: '0803 123 4567', TWILIO_ACCOUNT_SID: 'AC-secret-value' });
    expect(bad).toEqual([
      'TWILIO_ACCOUNT_SID: must be an Account SID: AC and 32 hex digits',
      'TWILIO_FROM: must be a number in E.164 (+15551234567) or a Messaging Service SID (MG and 32 hex digits)',
    ]);
    expect(problemsOf({ ...AFRICAS_TALKING, AT_CALLBACK_SECRET: 'short' }).join()).toMatch(
      /^AT_CALLBACK_SECRET: must be at least 16/,
    );
    expect(problemsOf({ ...AFRICAS_TALKING, AT_SENDER_ID: 'A sender far too long' }).join()).toMatch(/^AT_SENDER_ID:/);
    expect(problemsOf({ ...TWILIO, SMS_API_BASE_URL: 'ftp://x' }).join()).toMatch(/^SMS_API_BASE_URL:/);
  });
});
