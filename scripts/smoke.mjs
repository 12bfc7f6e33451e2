#!/usr/bin/env node
// A smoke pass of Waybill on the Node.js that runs this script (CI runs it on the machine's older
// Node.js; the full suite runs on the supported one): the production build, a production install of the
// server's runtime dependencies in a folder of its own (as the README's "Deploying" steps do), a start on
// a fresh embedded database, one submission with a photo, tracking, an operator's sign-in and a clean
// stop. Plain JavaScript with no dependency of its own, so it runs wherever Node.js does.
// Usage: node scripts/smoke.mjs [--no-build]                 all of it, in a temporary folder
//        node scripts/smoke.mjs --stage DIR [--no-build]     build and copy the deployment's files to DIR
//        node scripts/smoke.mjs --from DIR                   install, start and check there, then remove DIR
// CI stages while it checks the types (the build must be done before the test run builds again) and
// checks from the staged copy while the tests run, since that copy shares no file with the checkout.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const started = Date.now();
const step = (text) => console.log(`smoke ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${text}`);

function run(command, args, options = {}) {
  const { status } = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${status}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A fetch with a cookie jar that echoes the anti-forgery cookie on writes, as the web app does. */
function client(baseUrl) {
  const cookies = new Map();
  const request = async (method, pathname, body) => {
    const write = method !== 'GET';
    if (write && !cookies.has('XSRF-TOKEN')) await request('GET', '/api/health');
    const headers = { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    if (write) headers['x-xsrf-token'] = decodeURIComponent(cookies.get('XSRF-TOKEN'));
    let payload = body;
    if (body !== undefined && !(body instanceof FormData)) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${baseUrl}${pathname}`, { method, headers, body: payload, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    const text = await response.text();
    const json = response.headers.get('content-type')?.includes('application/json') && text ? JSON.parse(text) : null;
    return { status: response.status, headers: response.headers, text, json };
  };
  return request;
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

function option(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : path.resolve(process.argv[index + 1] ?? '');
}

/** The production build, then the deployment's files only, copied to `work`. */
async function stage(work) {
  if (!process.argv.includes('--no-build')) {
    run('npm', ['run', 'build'], { cwd: root });
    step('built');
  }
  const app = path.join(work, 'app');
  const files = ['package.json', 'package-lock.json', 'apps/server/dist', 'apps/server/drizzle', 'apps/web/dist'];
  for (const workspace of ['apps', 'packages']) {
    for (const name of await readdir(path.join(root, workspace))) files.push(`${workspace}/${name}/package.json`);
  }
  files.push('e2e/package.json', 'bench/package.json');
  for (const file of files) {
    await mkdir(path.dirname(path.join(app, file)), { recursive: true });
    await cp(path.join(root, file), path.join(app, file), { recursive: true });
  }
  step("copied the deployment's files");
}

/**
 * The server's runtime dependencies from the lock file, then a start on a fresh embedded database, a
 * submission with a photo, tracking, sign-in and a clean stop.
 */
async function check(work) {
  const app = path.join(work, 'app');
  run('npm', ['ci', '--omit=dev', '-w', '@waybill/server', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: app,
  });
  step('production dependencies installed');
  let child;
  try {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const admin = { email: 'smoke@waybill.test', password: randomBytes(12).toString('base64url') };
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      MALLOC_ARENA_MAX: '2',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(work, 'data'),
      ADMIN_PATH: '/console-smoke',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      CONSOLE_SHORTCUT_NAME: 'smoke-shortcut',
      CONSOLE_SHORTCUT_CODE: '402917',
    };
    let output = '';
    child = spawn(process.execPath, [path.join(app, 'apps/server/dist/server.mjs')], { cwd: app, env });
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 180_000;
      for (;;) {
        expect(child.exitCode === null, 'the server exited during its start');
        const ready = await fetch(`${baseUrl}/api/health/ready`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) break;
        expect(Date.now() < deadline, 'the server was not ready within 180 s');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      step('started and ready');

      const request = client(baseUrl);
      const home = await request('GET', '/');
      expect(home.status === 200 && home.text.includes('<h1'), `GET / answered ${home.status}`);

      const sharp = createRequire(path.join(app, 'apps/server/package.json'))('sharp');
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c85028' } })
        .png()
        .toBuffer();
      const form = new FormData();
      const fields = {
        name: 'Ada Smoke',
        email: 'ada.smoke@example.com',
        phone: '+1 555 010 0001',
        pickupLocation: '12 Dock Street, Oakland',
        rname: 'Grace Receiver',
        remail: 'grace@example.org',
        rphone: '+44 20 7946 0001',
        destination: '1 Market Square, London',
        description: 'Two books and a scarf',
        quantity: '2',
        weight: '1.5',
        dimensionUnit: 'cm',
        length: '30',
        width: '20',
        height: '10',
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('packageImages', new Blob([photo], { type: 'image/png' }), 'box.png');
      const submitted = await request('POST', '/api/submit-package', form);
      expect(submitted.status === 201, `submitting answered ${submitted.status}: ${submitted.text.slice(0, 300)}`);
      const { trackingCode, packageImages } = submitted.json;
      const tracked = await request('GET', `/api/track/${trackingCode}`);
      expect(tracked.status === 200, `tracking ${trackingCode} answered ${tracked.status}`);
      const image = await fetch(`${baseUrl}${packageImages[0]}`);
      expect(
        image.status === 200 && image.headers.get('content-type') === 'image/webp',
        `the photo answered ${image.status} ${image.headers.get('content-type')}`,
      );
      step(`submitted ${trackingCode} with a photo and tracked it`);

      const signIn = await request('POST', '/api/auth/login', admin);
      expect(signIn.status === 200, `signing in answered ${signIn.status}`);
      const me = await request('GET', '/api/auth/me');
      expect(me.json?.email === admin.email, `GET /api/auth/me answered ${me.status}`);
      step('signed in');

      child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 20_000))]);
      expect(code === 0, `the server ended with ${code} on SIGTERM`);
      step('stopped cleanly');
    } catch (error) {
      console.error(`smoke: the server's output:\n${output.slice(-20_000)}`);
      throw error;
    }
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  }
}

async function main() {
  step(`Node.js ${process.version}`);
  const stageOnly = option('--stage');
  const from = option('--from');
  if (stageOnly) return stage(stageOnly);
  const work = from ?? (await mkdtemp(path.join(tmpdir(), 'waybill-smoke-')));
  try {
    if (!from) await stage(work);
    await check(work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().then(
  () => step('passed'),
  (error) => {
    console.error(`smoke: failed: ${error.message}`);
    process.exit(1);
  },
);
