// The settings whose defaults only suit a developer's machine: with NODE_ENV=production a start with
// any of them at its default stops, one message naming each; elsewhere each gets one warning. A server
// started in production without PUBLIC_URL put http://localhost:3000 in every e-mail link and label.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../test/support/test-app.ts';
import { ConfigError, loadConfig } from './config.ts';

const SERVER_ENTRY = path.join(import.meta.dirname, 'server.ts');
const DEPLOYMENT_VARIABLES = ['PUBLIC_URL', 'ADMIN_PATH', 'CONSOLE_SHORTCUT_NAME', 'CONSOLE_SHORTCUT_CODE'];
const DEPLOYED = {
  PUBLIC_URL: 'https://parcels.example.com',
  ADMIN_PATH: '/desk-7c1e90',
  CONSOLE_SHORTCUT_NAME: 'harbour',
  CONSOLE_SHORTCUT_CODE: '551903',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('deployment settings at their defaults', () => {
  it('with NODE_ENV=production, refuses each one left at its default, naming it', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(DEPLOYMENT_VARIABLES);
    expect(problems[0]).toBe(
      'PUBLIC_URL: the default http://localhost:3000 is refused with NODE_ENV=production: every e-mail link and ' +
        'label QR code points to it; set the address customers reach this server at',
    );
    // The shortcut's values are not repeated in the message.
    expect(problems.join('\n')).not.toMatch(/dispatch|739154/);

    // Set to the default's value is the default all the same; one set elsewhere is not named.
    expect(
      problemsOf({
        NODE_ENV: 'production',
        PUBLIC_URL: 'http://localhost:3000/',
        ADMIN_PATH: '/ops-9f4c2e',
        CONSOLE_SHORTCUT_NAME: DEPLOYED.CONSOLE_SHORTCUT_NAME,
      }).map((problem) => problem.split(':')[0]),
    ).toEqual(['PUBLIC_URL', 'ADMIN_PATH', 'CONSOLE_SHORTCUT_CODE']);
    // With other bad variables, all in one list.
    expect(problemsOf({ NODE_ENV: 'production', ...DEPLOYED, PORT: 'eighty' })).toEqual([
      expect.stringMatching(/^PORT:/),
    ]);
  });

  it('starts in production once all four are set, and anywhere else with their defaults', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...DEPLOYED })).toMatchObject({
      publicUrl: DEPLOYED.PUBLIC_URL,
      admin: { path: DEPLOYED.ADMIN_PATH },
      consoleShortcut: { name: DEPLOYED.CONSOLE_SHORTCUT_NAME, code: DEPLOYED.CONSOLE_SHORTCUT_CODE },
      defaultsInUse: [],
    });
    expect(loadConfig({}).defaultsInUse).toEqual(DEPLOYMENT_VARIABLES);
    expect(loadConfig({ NODE_ENV: 'development', ADMIN_PATH: '/desk' }).defaultsInUse).toEqual([
      'PUBLIC_URL',
      'CONSOLE_SHORTCUT_NAME',
      'CONSOLE_SHORTCUT_CODE',
    ]);
  });

  it('stops the real start in production with one message naming each default', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-defaults-'));
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_PATH: DEPLOYED.ADMIN_PATH },
    });
    try {
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      const running = new Promise((resolve) => setTimeout(resolve, 45_000, 'still running after 45 s').unref());
      expect(await Promise.race([exited, running])).toBe(1);
      const lines = output.trim().split('\n');
      expect(lines[0]).toBe('Invalid configuration:');
      expect(lines.slice(1).map((line) => line.trim().split(':')[0])).toEqual([
        '- PUBLIC_URL',
        '- CONSOLE_SHORTCUT_NAME',
        '- CONSOLE_SHORTCUT_CODE',
      ]);
    } finally {
      // A server that started after all is stopped with the test.
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('outside production, warns once for each default used, and not for one that is set', async () => {
    const lines: { level: number; variable?: string; msg: string }[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const testApp = await startTestApp('pglite', { CONSOLE_SHORTCUT_CODE: DEPLOYED.CONSOLE_SHORTCUT_CODE }, { logger });
    try {
      const warnings = lines.filter((line) => line.variable !== undefined);
      expect(warnings.map((line) => [line.level, line.variable])).toEqual([
        [40, 'PUBLIC_URL'],
        [40, 'ADMIN_PATH'],
        [40, 'CONSOLE_SHORTCUT_NAME'],
      ]);
      expect(warnings[0]!.msg).toBe(
        'PUBLIC_URL is the default http://localhost:3000: every e-mail link and label QR code points to it; set the ' +
          'address customers reach this server at (a start with NODE_ENV=production refuses it)',
      );
    } finally {
      await testApp.close();
    }
  });
});
