// The container image as the Dockerfile makes it, built without Docker (test/support/dockerfile.ts):
// the build context is the committed files less .dockerignore, every stage's RUN and COPY is performed,
// then the image's CMD starts with the image's environment and is judged healthy by its own HEALTHCHECK.
// The one exception: the tests run right after this checkout's `npm run build` (scripts/test.mjs), so
// when that build is newer than every source it reads, the build stage's `npm ci` and `npm run build`
// (recognised by their exact text) are not done a second time: their outputs are taken from the
// checkout. Any other RUN, the production install of the deps stage included, is performed for real.
// It is also the production build's test: the final stage holds the bundle, the migrations, the web
// build and a production install (`npm ci --omit=dev`, so neither tsx nor Vite), started with plain
// `node` on a fresh data folder, which creates the embedded database (its worker file must be found
// beside the bundle), serves the prerendered pages and takes a package with a photo.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { findFreePort } from '@waybill/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../../src/config.ts';
import { SERVER_ROOT } from '../../src/paths.ts';
import { BUILD_OUTPUTS, staleCheckoutBuild } from '../support/checkout-build.ts';
import { buildImage, hostPath, imageCommand, type Stage } from '../support/dockerfile.ts';
import { durationMs, expand } from '../support/dockerfile-syntax.ts';
import { makeBuildContext } from '../support/dockerignore.ts';
import { imageBytes, packageFields, packageForm } from '../support/factories.ts';
import { TestClient } from '../support/http-client.ts';

const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
const ADMIN = { email: 'deploy@waybill.test', password: 'a long deploy password' };
/** What a deployment sets: the image runs with NODE_ENV=production, which refuses their defaults. */
const DEPLOYMENT = {
  ADMIN_PATH: '/desk-deploy',
  CONSOLE_SHORTCUT_NAME: 'deploy-shortcut',
  CONSOLE_SHORTCUT_CODE: '620481',
};
const DEV_ONLY = ['tsx', 'vite', 'typescript', 'vitest', 'rolldown'];
const ROOT_USERS = new Set(['root', '0', '0:0']);

const readRepoFile = (file: string) => readFile(path.join(REPO_ROOT, file), 'utf8');

/** The build stage's RUN commands whose outputs the checkout's own fresh build provides. */
const CHECKOUT_BUILD_STANDS_IN: Record<string, (cwd: string) => Promise<void>> = {
  // The development install the build needs: the checkout's, from the same lock file.
  'npm ci --ignore-scripts --no-audit --no-fund': (cwd) =>
    symlink(path.join(REPO_ROOT, 'node_modules'), path.join(cwd, 'node_modules')),
  'npm run build': async (cwd) => {
    for (const output of BUILD_OUTPUTS)
      await cp(path.join(REPO_ROOT, output), path.join(cwd, output), { recursive: true });
  },
};

/**
 * What a bundle chunk imports: the quoted name ending a line that starts an import or export statement
 * (or ends a multi-line one, `} from "…"`), and the name each `import(` is called with.
 */
function importedSpecifiers(text: string): string[] {
  const found: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('import ') || line.startsWith('export ') || line.startsWith('} from ')) {
      const end = Math.max(line.lastIndexOf('"'), line.lastIndexOf("'"));
      const start = end > 0 ? line.lastIndexOf(line[end]!, end - 1) : -1;
      const before = start >= 0 ? line.slice(0, start).trimEnd() : '';
      if (before.endsWith('from') || before === 'import') found.push(line.slice(start + 1, end));
    }
    for (let at = line.indexOf('import('); at >= 0; at = line.indexOf('import(', at + 1)) {
      let next = at + 'import('.length;
      while (line[next] === ' ') next += 1;
      const quote = line[next];
      const end = quote === '"' || quote === "'" ? line.indexOf(quote, next + 1) : -1;
      if (end > next) found.push(line.slice(next + 1, end));
    }
  }
  return found;
}

describe('container image', () => {
  let workDir: string;
  let image: Stage;
  let stages: Stage[];
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-image-'));
    const context = path.join(workDir, 'context');
    const contextFiles = await makeBuildContext(REPO_ROOT, context, await readRepoFile('.dockerignore'));
    const stale = await staleCheckoutBuild(REPO_ROOT, contextFiles);
    if (stale) console.warn(`container image: the build stage builds for real (${stale})`);
    const built = await buildImage({
      dockerfile: await readRepoFile('Dockerfile'),
      context,
      workDir,
      // The machine's node and npm stand in for the base image's; npm takes what its cache holds.
      baseEnv: {
        PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
        HOME: os.homedir(),
        npm_config_prefer_offline: 'true',
        npm_config_update_notifier: 'false',
        // What this machine trusts to reach the registry, for a package the cache does not hold yet.
        ...Object.fromEntries(
          ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE']
            .filter((name) => process.env[name] !== undefined)
            .map((name) => [name, process.env[name]!]),
        ),
      },
      standIns: stale ? undefined : CHECKOUT_BUILD_STANDS_IN,
    });
    image = built.image;
    stages = built.stages;
    const stoodIn = stages.flatMap((stage) => stage.stoodIn);
    const unused = Object.keys(CHECKOUT_BUILD_STANDS_IN).filter((command) => !stoodIn.includes(command));
    if (!stale && unused.length > 0)
      console.warn(`container image: no longer in the Dockerfile, so built for real: ${unused}`);
  }, 900_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await rm(workDir, { recursive: true, force: true });
  });

  it('starts from Node.js on Debian and runs as an unprivileged user', () => {
    for (const stage of stages) {
      if (stages.some((earlier) => earlier.name === stage.base)) continue;
      // sharp's prebuilt libvips needs glibc, so no Alpine; 20.19 is the oldest Node.js Waybill runs on
      // (20, 22, 24 or later, with or without a minor version or a digest).
      const base = /^node:(\d+)(\.\d+){0,2}-(bookworm|trixie)-slim(@sha256:[0-9a-f]{64})?$/.exec(stage.base);
      expect(base, stage.base).not.toBeNull();
      expect(Number(base![1])).toBeGreaterThanOrEqual(20);
    }
    expect(image.userAtCmd, 'USER before CMD').toBeDefined();
    expect(ROOT_USERS.has(image.userAtCmd!)).toBe(false);
    // The volume is the data folder, created for that user (an empty volume takes the image's owner).
    expect(image.env).toMatchObject({ NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', HOST: '0.0.0.0' });
    expect(image.volumes).toEqual([image.env.DATA_DIR]);
    const dataCopy = image.copies.find(
      (copy) => hostPath(image, copy.destination) === hostPath(image, image.env.DATA_DIR!),
    );
    expect(dataCopy?.chown?.split(':')[0]).toBe(image.userAtCmd);
    // The port it listens on is the one it exposes and the health check asks.
    const deployed = { ...image.env, ...DEPLOYMENT, PUBLIC_URL: 'https://parcels.example.com' };
    expect(image.expose).toEqual([String(loadConfig(deployed).port)]);
    // No RUN in the image itself: what it holds comes from the build stages.
    expect(image.runs).toEqual([]);
  });

  it('runs drizzle-orm from its bundle, not from node_modules', async () => {
    // Node.js 24 reads drizzle-orm's package.json (179 KB of exports) again for each of the package's
    // files it loads: 1.5 s of CPU and about 180 MB at every start and command (apps/server/build.mjs).
    const dist = hostPath(image, 'apps/server/dist');
    const chunks = (await readdir(dist)).filter((name) => name.endsWith('.mjs'));
    expect(chunks).toContain('server.mjs');
    const importing: string[] = [];
    for (const name of chunks) {
      // An import statement at the start of a line (the bundle's comments quote drizzle's own examples).
      const text = await readFile(path.join(dist, name), 'utf8');
      const imports = text.split('\n').filter((line) => /^(?:import|export)\b/.test(line.trimStart()));
      if (imports.some((line) => line.includes('"drizzle-orm')) || text.includes('import("drizzle-orm'))
        importing.push(name);
    }
    expect(importing).toEqual([]);
  });

  it('holds the production dependencies only', () => {
    const modules = hostPath(image, 'node_modules');
    expect(existsSync(path.join(modules, 'fastify')), 'fastify').toBe(true);
    expect(existsSync(path.join(modules, 'sharp')), 'sharp').toBe(true);
    for (const devOnly of DEV_ONLY) expect(existsSync(path.join(modules, devOnly)), devOnly).toBe(false);
    // Nor the sources: the bundle, the migrations and the web build are what it runs.
    expect(existsSync(hostPath(image, 'apps/server/src'))).toBe(false);
    expect(existsSync(hostPath(image, 'apps/server/dist/server.mjs'))).toBe(true);
  });

  it('holds every package the bundle imports, the workspace packages’ own dependencies included', async () => {
    // The workspace packages are bundled in and their npm dependencies are not: the server's package.json
    // must name those too, or its production install leaves them out and the first use fails.
    const dist = hostPath(image, 'apps/server/dist');
    const imported = new Set<string>();
    for (const name of (await readdir(dist)).filter((file) => file.endsWith('.mjs'))) {
      for (const specifier of importedSpecifiers(await readFile(path.join(dist, name), 'utf8'))) {
        if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) continue;
        const parts = specifier.split('/');
        imported.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
      }
    }
    expect(imported.size).toBeGreaterThan(10);
    const missing = [...imported].filter((name) => !existsSync(path.join(hostPath(image, 'node_modules'), name)));
    expect(missing).toEqual([]);
  });

  it('starts with its CMD, turns healthy by its HEALTHCHECK, serves and stops', { timeout: 600_000 }, async () => {
    const port = await findFreePort();
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      ...image.env,
      PORT: String(port),
      // Not in a container: listen on this machine's loopback only.
      HOST: '127.0.0.1',
      DATA_DIR: hostPath(image, image.env.DATA_DIR!),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...DEPLOYMENT,
    };
    const command = imageCommand(image, image.cmd!);
    let output = '';
    child = spawn(command.file, command.args, { cwd: command.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr!.on('data', (chunk) => {
      output += chunk;
    });

    const check = imageCommand(image, image.healthcheck!.command);
    const checkTimeout = durationMs(image.healthcheck!.options.timeout ?? '30s');
    const healthy = () =>
      new Promise<boolean>((resolve) => {
        const probe = spawn(check.file, check.args, { cwd: check.cwd, env, stdio: 'ignore', timeout: checkTimeout });
        probe.once('exit', (code) => resolve(code === 0));
        probe.once('error', () => resolve(false));
      });
    const deadline = Date.now() + 400_000;
    while (!(await healthy())) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`never healthy:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // JSON log lines in production.
    expect(output.split('\n')[0]).toMatch(/^\{"level":30,/);

    const client = new TestClient(`http://127.0.0.1:${port}`);
    expect((await client.get('/api/health')).status).toBe(200);
    expect((await client.get('/api/health/ready')).status).toBe(200);

    // A public page comes prerendered: its content is in the HTML before any script runs.
    const services = await client.get('/services');
    expect(services.status).toBe(200);
    expect(services.headers.get('content-type')).toMatch(/text\/html/);
    expect(services.text).toContain('<title>Services | Waybill</title>');
    expect(services.text).toContain('id="page-title">Services</h1>');

    const submitted = await client.request('POST', '/api/submit-package', {
      form: packageForm(packageFields(), [{ name: 'box.png', data: await imageBytes('png') }]),
    });
    expect(submitted.status, submitted.text).toBe(201);
    expect((await client.get(`/api/track/${submitted.body.trackingCode}`)).status).toBe(200);
    // The photo went through sharp (a native module from the production install) and is served back.
    const photo = await fetch(`http://127.0.0.1:${port}${submitted.body.packageImages[0]}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');

    // The first operator came from the environment.
    const operator = new TestClient(client.baseUrl);
    expect((await operator.post('/api/auth/login', ADMIN)).status).toBe(200);
    expect((await operator.get('/api/auth/me')).body.email).toBe(ADMIN.email);

    child.kill('SIGTERM');
    expect(await new Promise((resolve) => child!.once('exit', resolve))).toBe(0);
  });
});

/** The variable names config.ts reads: the keys of its environment schema. */
function configVariables(source: string): Set<string> {
  const lines = source.split('\n');
  const start = lines.indexOf('const envSchema = z.object({');
  const names = new Set<string>();
  for (const line of lines.slice(start + 1)) {
    if (line === '});') break;
    if (!line.startsWith('  ') || line.startsWith('   ')) continue;
    const name = line.slice(2, line.indexOf(':'));
    if (
      name !== '' &&
      [...name].every((char) => (char >= 'A' && char <= 'Z') || (char >= '0' && char <= '9') || char === '_')
    )
      names.add(name);
  }
  return names;
}

/** What the AWS SDK makes of the variables it reads itself. */
const SDK_VARIABLES: Record<string, (client: S3Client) => Promise<unknown>> = {
  AWS_REGION: (client) => client.config.region(),
  AWS_ACCESS_KEY_ID: async (client) => (await client.config.credentials()).accessKeyId,
  AWS_SECRET_ACCESS_KEY: async (client) => (await client.config.credentials()).secretAccessKey,
  AWS_ENDPOINT_URL_S3: async (client) => client.config.serviceConfiguredEndpoint?.(),
};

describe('compose.yaml', () => {
  const secrets = {
    POSTGRES_PASSWORD: 'samplepostgres1',
    MINIO_ROOT_PASSWORD: 'sampleminio1',
    ADMIN_EMAIL: 'ops@example.com',
    ADMIN_PASSWORD: 'a sample password',
    PUBLIC_URL: 'https://parcels.example.com',
    ADMIN_PATH: '/desk-7c1e90',
    CONSOLE_SHORTCUT_NAME: 'harbour',
    CONSOLE_SHORTCUT_CODE: '551903',
  };
  let services: Record<string, Record<string, unknown>>;
  let waybillEnv: Record<string, string>;

  beforeAll(async () => {
    services = parseYaml(await readRepoFile('compose.yaml')).services;
    const environment = services.waybill!.environment as Record<string, string>;
    waybillEnv = Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, String(value)]));
  });

  it('gives Waybill only variables its configuration or the AWS SDK reads, with valid values', async () => {
    const known = configVariables(await readFile(path.join(SERVER_ROOT, 'src/config.ts'), 'utf8'));
    expect(known).toContain('DATABASE_URL');
    const env = Object.fromEntries(Object.entries(waybillEnv).map(([name, value]) => [name, expand(value, secrets)]));
    const unknown = Object.keys(env).filter((name) => !known.has(name) && !SDK_VARIABLES[name]);
    expect(unknown, 'variables neither config.ts nor the AWS SDK reads').toEqual([]);
    // As the image runs it: in production, which refuses the development defaults.
    expect(() => loadConfig({ ...env, NODE_ENV: 'production' })).not.toThrow();
    expect(loadConfig(env).databaseUrl).toBe('postgres://waybill:samplepostgres1@postgres:5432/waybill');

    // The SDK reads them itself: a client made with no options finds each value.
    const saved = { ...process.env };
    try {
      for (const name of Object.keys(SDK_VARIABLES)) delete process.env[name];
      Object.assign(process.env, env);
      const client = new S3Client({});
      for (const [name, read] of Object.entries(SDK_VARIABLES)) {
        if (env[name] !== undefined) expect(String(await read(client)), name).toBe(env[name]);
      }
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });

  it('keeps no secret in the file and leaves TRUST_PROXY off', () => {
    for (const name of ['DATABASE_URL', 'ADMIN_PASSWORD', 'AWS_SECRET_ACCESS_KEY']) {
      expect(() => expand(waybillEnv[name]!, {}), name).toThrow(/must be set|set /);
    }
    // Nor a development default the image's production start would refuse: each must be given.
    for (const name of ['PUBLIC_URL', 'ADMIN_PATH', 'CONSOLE_SHORTCUT_NAME', 'CONSOLE_SHORTCUT_CODE']) {
      expect(() => expand(waybillEnv[name]!, {}), name).toThrow(new RegExp(`^${name}: set ${name} `));
    }
    expect(waybillEnv.TRUST_PROXY).toBeUndefined();
  });

  it('starts Waybill from this Dockerfile once PostgreSQL is healthy and the bucket exists', () => {
    const waybill = services.waybill!;
    expect(waybill.build).toBe('.');
    expect(waybill.depends_on).toMatchObject({
      postgres: { condition: 'service_healthy' },
      'minio-init': { condition: 'service_completed_successfully' },
    });
    const postgres = services.postgres!;
    expect(Number(String(postgres.image).split(':')[1])).toBeGreaterThanOrEqual(15);
    expect(postgres.healthcheck).toBeDefined();
    expect(services.minio!.healthcheck).toBeDefined();
    expect(services['minio-init']!.depends_on).toMatchObject({ minio: { condition: 'service_healthy' } });
    // The bucket the one-shot service makes is the one Waybill uses.
    const init = services['minio-init']!;
    const initEnv = init.environment as Record<string, string>;
    expect(initEnv.S3_BUCKET).toBe(waybillEnv.S3_BUCKET);
    expect(String(init.command)).toContain('mc mb --ignore-existing "store/$$S3_BUCKET"');
  });
});
