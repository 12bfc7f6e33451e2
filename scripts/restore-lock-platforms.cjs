// Re-adds Biome's other-platform optional packages to package-lock.json. A registry that serves only the
// Linux builds makes npm drop them from the lock, and `npm ci` then refuses it. Run after `npm install <pkg>`:
//   node scripts/restore-lock-platforms.cjs
const fs = require('node:fs');
const p = require('node:path').join(__dirname, '..', 'package-lock.json');
const l = JSON.parse(fs.readFileSync(p));
const biome = l.packages['node_modules/@biomejs/biome'];
if (!biome) process.exit(0);
const v = biome.version;
const miss = {
  'android-arm64': ['android', 'arm64'],
  'android-x64': ['android', 'x64'],
  'darwin-arm64': ['darwin', 'arm64'],
  'darwin-x64': ['darwin', 'x64'],
  'linux-arm64-musl': ['linux', 'arm64', 'musl'],
  'linux-x64-musl': ['linux', 'x64', 'musl'],
  'win32-arm64': ['win32', 'arm64'],
  'win32-x64': ['win32', 'x64'],
};
for (const [n, [os, cpu, libc]] of Object.entries(miss)) {
  const k = `node_modules/@biomejs/cli-${n}`;
  if (l.packages[k]) continue;
  const e = { version: v, cpu: [cpu], dev: true };
  if (libc) e.libc = [libc];
  Object.assign(e, { license: 'MIT OR Apache-2.0', optional: true, os: [os], engines: { node: '>=14.21.3' } });
  l.packages[k] = e;
}
l.packages = Object.fromEntries(
  Object.entries(l.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
fs.writeFileSync(p, `${JSON.stringify(l, null, 2)}\n`);
