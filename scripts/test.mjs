#!/usr/bin/env node
// The whole suite, as the README's test command runs it: typecheck, lint, the production build the
// browser tests use, then every Vitest project (domain, server API on PGlite — and PostgreSQL when
// TEST_DATABASE_URL is set —, web components, browser tests). Extra arguments go to Vitest.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['biome', 'ci', '.']],
  ['build', 'npm', ['run', 'build']],
  ['tests', 'npx', ['vitest', 'run', ...process.argv.slice(2)]],
];

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  console.log(
    `◀ ${name} ${status === 0 ? 'ok' : `failed (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (status !== 0) process.exit(status ?? 1);
}
