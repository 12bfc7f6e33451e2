// The production build of this checkout (`npm run build`), which the test run always follows (see
// scripts/test.mjs): the container image test takes the build stage's outputs from it instead of
// building a second time, when it is as new as the sources.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The folders `npm run build` writes, relative to the repository: the web build, then the server bundle. */
export const BUILD_OUTPUTS = ['apps/web/dist', 'apps/server/dist'];

/**
 * The files `npm run build` may read: the workspaces it builds (the web app, the server, the shared
 * packages) and the root's package and TypeScript files, less their tests, test settings and documents.
 */
const isBuildInput = (file: string) =>
  (/^(apps|packages)\//.test(file) || /^(package\.json|package-lock\.json|tsconfig[^/]*\.json)$/.test(file)) &&
  !/(^|\/)test\//.test(file) &&
  !/\.test\.tsx?$/.test(file) &&
  !/(^|\/)vitest\.config\.ts$/.test(file) &&
  !file.endsWith('.md');

async function newestWrite(directory: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) newest = Math.max(newest, (await stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/**
 * Why the checkout's build cannot stand for the build stage's, or undefined when it can: every output
 * folder was written after the last change of any file in the build context (`contextFiles`, relative
 * to `repoRoot`) that the build reads, and no source file outside git (which the context lacks) could
 * have gone into it.
 */
export async function staleCheckoutBuild(repoRoot: string, contextFiles: string[]): Promise<string | undefined> {
  let built = Number.POSITIVE_INFINITY;
  for (const output of BUILD_OUTPUTS) {
    const folder = path.join(repoRoot, output);
    if (!existsSync(folder)) return `${output} is missing`;
    built = Math.min(built, await newestWrite(folder));
  }
  for (const file of contextFiles.filter(isBuildInput)) {
    if ((await stat(path.join(repoRoot, file))).mtimeMs > built) return `${file} changed after the last build`;
  }
  const { stdout } = await run('git', ['ls-files', '--others', '--exclude-standard', '-z', '--', 'apps', 'packages'], {
    cwd: repoRoot,
  });
  const untracked = stdout.split('\0').filter(isBuildInput);
  if (untracked.length > 0) return `${untracked[0]} is not in git, so not in the build context`;
  return undefined;
}
