// Whether the production build (`npm run build`) is as new as everything it is made from: `npm test`
// skips its build step when it is (CI builds once, for the smoke pass, before the tests), and the
// container image test takes the checkout's build instead of building a second time.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The folders `npm run build` writes, relative to the repository: the web build, then the server bundle. */
export const BUILD_OUTPUTS = ['apps/web/dist', 'apps/server/dist'];

/**
 * The files `npm run build` may read: the workspaces it builds (the web app, the server, the shared
 * packages) and the root's package and TypeScript files, less their tests, test settings and documents.
 */
export const isBuildInput = (file) =>
  (/^(apps|packages)\//.test(file) || /^(package\.json|package-lock\.json|tsconfig[^/]*\.json)$/.test(file)) &&
  !/(^|\/)(test|node_modules|dist)\//.test(file) &&
  !/\.test\.tsx?$/.test(file) &&
  !/(^|\/)vitest\.config\.ts$/.test(file) &&
  !file.endsWith('.md');

function newestWrite(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Every build input in the working tree, relative to `root` (dependencies and outputs aside). */
function workingTreeInputs(root) {
  const files = readdirSync(root).filter((name) => isBuildInput(name));
  for (const folder of ['apps', 'packages']) {
    const entries = readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (isBuildInput(file)) files.push(file);
    }
  }
  return files;
}

/**
 * Why the build in the checkout at `root` cannot stand for a new one, or undefined when it can: every
 * output folder was written after the last change of any input (`inputs`, relative to `root`; by
 * default every build input of the working tree).
 */
export function staleBuild(root, inputs = workingTreeInputs(root)) {
  let built = Number.POSITIVE_INFINITY;
  for (const output of BUILD_OUTPUTS) {
    const folder = path.join(root, output);
    if (!existsSync(folder)) return `${output} is missing`;
    built = Math.min(built, newestWrite(folder));
  }
  for (const file of inputs.filter(isBuildInput)) {
    if (statSync(path.join(root, file)).mtimeMs > built) return `${file} changed after the last build`;
  }
  return undefined;
}
