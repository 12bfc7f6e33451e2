#!/usr/bin/env node
// The whole suite, as the README's test command runs it: typecheck, lint, the production build the
// browser tests use, then every Vitest project (domain, server API on PGlite — and PostgreSQL when
// TEST_DATABASE_URL is set —, web components, browser tests). Extra arguments go to Vitest. The build
// is skipped when the one in the checkout is as new as its sources (scripts/build-state.mjs): CI builds
// once, for the smoke pass, before this runs.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { staleBuild } from './build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');

const steps = [
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['biome', 'ci', '.']],
  ['build', 'npm', ['run', 'build']],
  ['tests', 'npx', ['vitest', 'run', ...process.argv.slice(2)]],
];

for (const [name, command, args] of steps) {
  if (name === 'build' && staleBuild(root) === undefined) {
    console.log('\n◀ build: the one in apps/*/dist is newer than every file it is made from');
    continue;
  }
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  console.log(
    `◀ ${name} ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (status !== 0) process.exit(status ?? 1);
}
