import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_PASSWORD: ' ' })).toMatchObject({
      databaseUrl: undefined,
      admin: { password: undefined },
    });
  });
});
