// The production build as it is deployed: the built tree copied elsewhere with its package files, a
// production install (`npm ci --omit=dev`, so neither tsx nor Vite is there), then plain `node` on the
// bundle with a fresh DATA_DIR. It creates the embedded database (the worker file must be found beside
// the bundle), applies the migrations shipped with it, serves the prerendered pages and takes a package.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort } from '@waybill/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, shipmentFields, shipmentForm } from '../test/support/factories.ts';
import { TestClient } from '../test/support/http-client.ts';
import { SERVER_ROOT } from './paths.ts';

const run = promisify(execFile);
const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
const ADMIN = { email: 'deploy@waybill.test', password: 'a long deploy password' };

/** The files a deployment needs: package files of every workspace, the bundle, migrations and web build. */
async function copyBuiltTree(target: string) {
  const rootPackage = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  for (const file of ['package.json', 'package-lock.json'])
    await cp(path.join(REPO_ROOT, file), path.join(target, file));
  for (const pattern of rootPackage.workspaces) {
    const parent = pattern.endsWith('/*') ? pattern.slice(0, -2) : undefined;
    const folders = parent
      ? (await readdir(path.join(REPO_ROOT, parent))).map((name) => path.join(parent, name))
      : [pattern];
    for (const folder of folders) {
      if (!existsSync(path.join(REPO_ROOT, folder, 'package.json'))) continue;
      await mkdir(path.join(target, folder), { recursive: true });
      await cp(path.join(REPO_ROOT, folder, 'package.json'), path.join(target, folder, 'package.json'));
    }
  }
  for (const folder of ['apps/server/dist', 'apps/server/drizzle', 'apps/web/dist']) {
    await cp(path.join(REPO_ROOT, folder), path.join(target, folder), { recursive: true });
  }
}

describe('production build', () => {
  let tree: string;
  let dataDir: string;
  let child: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    // The server bundle takes a second, so it is always rebuilt from the current sources; the web build
    // takes minutes and is made by `npm run build` before the suites run.
    if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
      await run('npm', ['run', 'build', '-w', '@waybill/web'], { cwd: REPO_ROOT });
    }
    await run('npm', ['run', 'build', '-w', '@waybill/server'], { cwd: REPO_ROOT });
    tree = await mkdtemp(path.join(os.tmpdir(), 'waybill-deploy-'));
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-deploy-data-'));
    await copyBuiltTree(tree);
  }, 600_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await rm(tree, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('installs without dev dependencies and starts with plain node', { timeout: 600_000 }, async () => {
    const env = { ...process.env, NODE_OPTIONS: '', npm_config_audit: 'false', npm_config_fund: 'false' };
    await run('npm', ['ci', '--omit=dev', '--prefer-offline', '-w', '@waybill/server'], { cwd: tree, env });
    // Nothing that compiles at run time was installed.
    for (const devOnly of ['tsx', 'vite', 'typescript', 'rolldown', 'vitest']) {
      expect(existsSync(path.join(tree, 'node_modules', devOnly)), devOnly).toBe(false);
    }

    const port = await findFreePort();
    child = spawn(process.execPath, ['apps/server/dist/server.mjs'], {
      cwd: tree,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
    child.stdout!.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr!.on('data', (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 400_000;
    while (!output.includes('Waybill is ready')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // JSON log lines in production.
    expect(output.split('\n')[0]).toMatch(/^\{"level":30,/);

    const client = new TestClient(`http://127.0.0.1:${port}`);
    const health = await client.get('/api/health');
    expect(health.status).toBe(200);

    // A public page comes prerendered: its content is in the HTML before any script runs.
    const services = await client.get('/services');
    expect(services.status).toBe(200);
    expect(services.headers.get('content-type')).toMatch(/text\/html/);
    expect(services.text).toContain('<title>Services | Waybill</title>');
    expect(services.text).toContain('id="page-title">Services</h1>');

    const submitted = await client.request('POST', '/api/submit-package', {
      form: shipmentForm(shipmentFields(), [{ name: 'box.png', data: await imageBytes('png') }]),
    });
    expect(submitted.status, submitted.text).toBe(201);
    const tracked = await client.get(`/api/track/${submitted.body.trackingCode}`);
    expect(tracked.status).toBe(200);
    // The photo went through sharp (a native module from the production install) and is served back.
    const photo = await fetch(`http://127.0.0.1:${port}${submitted.body.packageImages[0]}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');

    child.kill('SIGTERM');
    expect(await new Promise((resolve) => child!.once('exit', resolve))).toBe(0);
  });
});
