import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app.ts';
import { databasesFor } from '../../../test/support/test-databases.ts';
import { operators, sessions } from '../../db/schema/index.ts';
import { addOperator, ensureFirstOperator, resetOperatorPassword } from './auth.service.ts';
import { FIRST_OPERATOR_FILE } from './first-operator-file.ts';
import { verifyPassword } from './password.ts';
import { passwordSiteOf } from './password-strength.ts';

// Both databases: session rows, their expiry, and the sign-in limit's counters (rows on PostgreSQL, memory on PGlite).
describe.each(databasesFor('sql'))('operator sign-in on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp?.close());

  it('signs in with the first operator from ADMIN_EMAIL / ADMIN_PASSWORD and sets a safe cookie', async () => {
    const client = testApp.client();
    const response = await client.post('/api/auth/login', {
      email: ` ${TEST_ADMIN.email.toUpperCase()} `,
      password: TEST_ADMIN.password,
    });
    expect(response.status).toBe(200);
    // The first operator is an admin.
    expect(response.body).toEqual({ email: TEST_ADMIN.email, name: '', role: 'admin' });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('waybill_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect((await client.get('/api/auth/me')).body).toEqual({ email: TEST_ADMIN.email, name: '', role: 'admin' });
  });

  it('stores only a hash of the session token', async () => {
    const client = await testApp.operator();
    const token = client.cookies.get('waybill_session')!;
    const rows = await testApp.app.db.select().from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrong = await testApp.client().post('/api/auth/login', { email: TEST_ADMIN.email, password: 'nope-nope' });
    const unknown = await testApp
      .client()
      .post('/api/auth/login', { email: 'who@waybill.test', password: 'nope-nope' });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Invalid email or password' });
      expect(response.headers.getSetCookie().some((line) => line.startsWith('waybill_session='))).toBe(false);
    }
  });

  it('refuses a login without fields or without the anti-forgery header', async () => {
    const empty = await testApp.client().post('/api/auth/login', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ email: 'Email is required', password: 'Password is required' });
    const forged = await testApp.client().post('/api/auth/login', TEST_ADMIN, { xsrf: false });
    expect(forged.status).toBe(403);
  });

  it('rotates the session at login: the old token stops working', async () => {
    const client = await testApp.operator();
    const first = client.cookies.get('waybill_session')!;
    await client.post('/api/auth/login', TEST_ADMIN);
    const second = client.cookies.get('waybill_session')!;
    expect(second).not.toBe(first);
    const stale = testApp.client();
    stale.cookies.set('waybill_session', first);
    expect((await stale.get('/api/auth/me')).status).toBe(401);
  });

  it('signs out', async () => {
    const client = await testApp.operator();
    const token = client.cookies.get('waybill_session')!;
    const response = await client.post('/api/auth/logout');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Signed out' });
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ message: 'Please sign in to continue.' });
    const replay = testApp.client();
    replay.cookies.set('waybill_session', token);
    expect((await replay.get('/api/admin/packages')).status).toBe(401);
  });

  it('says when a session has expired (idle or absolute)', async () => {
    const client = await testApp.operator();
    await testApp.app.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 13 * 3_600_000) });
    const idle = await client.get('/api/admin/packages');
    expect(idle.status).toBe(401);
    expect(idle.body).toEqual({ message: 'Your session has expired. Please sign in again.' });

    const again = await testApp.operator();
    await testApp.app.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const absolute = await again.get('/api/auth/me');
    expect(absolute.body).toEqual({ message: 'Your session has expired. Please sign in again.' });
  });

  it('answers the session state with 200 whether signed in, signed out or expired', async () => {
    const stranger = await testApp.client().get('/api/auth/session');
    expect(stranger.status).toBe(200);
    expect(stranger.headers.get('cache-control')).toBe('no-store');
    expect(stranger.body).toEqual({ operator: null, expired: false });

    const client = await testApp.operator();
    expect((await client.get('/api/auth/session')).body).toEqual({
      operator: { email: TEST_ADMIN.email, name: '', role: 'admin' },
      expired: false,
    });
    await testApp.app.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await client.get('/api/auth/session');
    expect(expired.status).toBe(200);
    expect(expired.body).toEqual({ operator: null, expired: true });
    // The console route keeps its refusal for API clients.
    expect((await client.get('/api/auth/me')).status).toBe(401);

    await client.post('/api/auth/logout');
    expect((await client.get('/api/auth/session')).body).toEqual({ operator: null, expired: false });
  });

  it('adds an admin and resets a password (what the operator CLI does), ending their sessions', async () => {
    const FIRST = 'Orchard-Pebble-Nimbus-31';
    const SECOND = 'Violet-Anchor-Tundra-86';
    await expect(
      addOperator(testApp.app.db, passwordSiteOf(testApp.app.config), 'weak@waybill.test', 'password12345'),
    ).rejects.toThrow(/too easy to guess/);
    await expect(
      addOperator(testApp.app.db, passwordSiteOf(testApp.app.config), 'short@waybill.test', 'Sh0rt!x'),
    ).rejects.toThrow(/at least 12/);
    // The site's name, the person's name and the year, a season and the year: refused too.
    const site = passwordSiteOf(testApp.app.config);
    const year = new Date().getFullYear();
    await expect(addOperator(testApp.app.db, site, 'site@waybill.test', 'Waybill Waybill')).rejects.toThrow(
      /too easy to guess/,
    );
    await expect(
      addOperator(testApp.app.db, site, 'amaka@waybill.test', `AmakaObi${year}`, 'Amaka Obi'),
    ).rejects.toThrow(/too easy to guess/);
    await addOperator(testApp.app.db, passwordSiteOf(testApp.app.config), 'Second@Waybill.test', FIRST, 'Second Admin');
    const client = testApp.client();
    const signedIn = await client.post('/api/auth/login', { email: 'second@waybill.test', password: FIRST });
    expect(signedIn.body).toEqual({ email: 'second@waybill.test', name: 'Second Admin', role: 'admin' });
    await expect(
      addOperator(testApp.app.db, passwordSiteOf(testApp.app.config), 'second@waybill.test', 'Kettle-Marble-Zenith-22'),
    ).rejects.toThrow(/already exists/);
    await expect(
      resetOperatorPassword(testApp.app.db, passwordSiteOf(testApp.app.config), 'second@waybill.test', 'password1234'),
    ).rejects.toThrow(/too easy to guess/);
    await expect(
      resetOperatorPassword(testApp.app.db, site, 'second@waybill.test', `Summer${year}!!!`),
    ).rejects.toThrow(/too easy to guess/);
    await resetOperatorPassword(testApp.app.db, passwordSiteOf(testApp.app.config), 'second@waybill.test', SECOND);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await client.post('/api/auth/login', { email: 'second@waybill.test', password: FIRST })).status).toBe(401);
    expect((await client.post('/api/auth/login', { email: 'second@waybill.test', password: SECOND })).status).toBe(200);
  });

  it('rate-limits sign-in attempts even when other limits are off', async () => {
    const limited = await startTestApp(kind, { RATE_LIMITS: 'off', RATE_LIMIT_LOGIN: '3/minute' });
    try {
      const client = limited.client();
      const answers = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        answers.push((await client.post('/api/auth/login', { email: 'x@y.z', password: 'wrong-password' })).status);
      }
      expect(answers).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

// Both databases: two starts racing to create the first operator meet in the database.
describe.each(databasesFor('sql'))('first operator without ADMIN_PASSWORD on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind, { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  });
  afterAll(() => testApp?.close());

  const passwordFile = () => path.join(testApp.dataDir, FIRST_OPERATOR_FILE);
  const passwordIn = (text: string) => /^Password: (\S+)$/m.exec(text)?.[1];

  it('writes the generated password to a file only its owner can read, and stores only its hash', async () => {
    const rows = await testApp.app.db.select().from(operators);
    expect(rows.map((row) => row.email)).toEqual(['admin@waybill.local']);
    expect(rows[0]!.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);

    expect((await stat(passwordFile())).mode & 0o777).toBe(0o600);
    const text = await readFile(passwordFile(), 'utf8');
    expect(text).toContain('E-mail:   admin@waybill.local');
    expect(text).toContain(`Console:  http://localhost:3000${testApp.app.config.admin.path}`);
    const password = passwordIn(text)!;
    expect(password).toMatch(/^[\w-]{20,}$/);
    expect(rows[0]!.passwordHash).not.toContain(password);
    const client = testApp.client();
    expect((await client.post('/api/auth/login', { email: 'admin@waybill.local', password })).status).toBe(200);
  });

  it('names the file in the log and never writes the password there, at any log level', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) });
    await testApp.app.db.delete(operators);
    await ensureFirstOperator(testApp.app.db, testApp.app.config, log);

    const password = passwordIn(await readFile(passwordFile(), 'utf8'))!;
    const [row] = await testApp.app.db.select().from(operators);
    expect(await verifyPassword(password, row!.passwordHash!)).toBe(true);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ email: 'admin@waybill.local', passwordFile: passwordFile() });
    expect(lines.join('\n')).not.toContain(password);

    // With an operator in place, nothing is generated, written or logged again.
    const before = await readFile(passwordFile(), 'utf8');
    await ensureFirstOperator(testApp.app.db, testApp.app.config, log);
    expect(lines).toHaveLength(1);
    expect(await readFile(passwordFile(), 'utf8')).toBe(before);
  });

  it('leaves one operator and one file whose password works when two starts race', async () => {
    const log = pino({ level: 'silent' });
    await testApp.app.db.delete(operators);
    await Promise.all([
      ensureFirstOperator(testApp.app.db, testApp.app.config, log),
      ensureFirstOperator(testApp.app.db, testApp.app.config, log),
    ]);
    const rows = await testApp.app.db.select().from(operators);
    expect(rows).toHaveLength(1);
    expect((await readdir(testApp.dataDir)).filter((name) => name.startsWith(FIRST_OPERATOR_FILE))).toEqual([
      FIRST_OPERATOR_FILE,
    ]);
    const password = passwordIn(await readFile(passwordFile(), 'utf8'))!;
    expect(await verifyPassword(password, rows[0]!.passwordHash!)).toBe(true);
  });
});

// One database: what a weak password is, and what the log says, are the app's.
describe.each(databasesFor('any'))('a weak ADMIN_PASSWORD on %s', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp?.close());

  async function createFirstOperator(password: string): Promise<string[]> {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    await testApp.app.db.delete(operators);
    const config = testApp.app.config;
    await ensureFirstOperator(testApp.app.db, { ...config, admin: { ...config.admin, password } }, log);
    return lines;
  }

  it('still creates the admin from an 8-character password (existing installs keep starting) but warns why', async () => {
    const lines = await createFirstOperator('waybill1');
    const [row] = await testApp.app.db.select().from(operators);
    expect(row).toMatchObject({ email: TEST_ADMIN.email, role: 'admin', active: true });
    const warning = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 40);
    expect(warning.msg).toMatch(/^ADMIN_PASSWORD is weak/);
    expect(warning.reason).toBe('The password must be at least 12 characters.');
    expect(lines.join('\n')).not.toContain('waybill1');
  });

  it("warns as well when it is made of the site's name, a season or the year", async () => {
    for (const password of ['Waybill Waybill', `Summer${new Date().getFullYear()}!!!`]) {
      const lines = await createFirstOperator(password);
      const warning = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 40);
      expect(warning?.msg, password).toMatch(/^ADMIN_PASSWORD is weak/);
      expect(warning.reason).toMatch(/^This password is too easy to guess\./);
      expect(lines.join('\n')).not.toContain(password);
    }
  });

  it('says nothing more for a strong one', async () => {
    const lines = await createFirstOperator(TEST_ADMIN.password);
    expect(lines.map((line) => JSON.parse(line).level)).toEqual([30]);
  });
});
