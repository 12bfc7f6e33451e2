// The production build of this checkout (`npm run build`), which the test run always follows (see
// scripts/test.mjs): the container image test takes the build stage's outputs from it instead of
// building a second time, when it is as new as the sources.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BUILD_OUTPUTS, isBuildInput, staleBuild } from '../../../../scripts/build-state.mjs';

const run = promisify(execFile);

export { BUILD_OUTPUTS };

/**
 * Why the checkout's build cannot stand for the build stage's, or undefined when it can: every output
 * folder was written after the last change of any file in the build context (`contextFiles`, relative
 * to `repoRoot`) that the build reads, and no source file outside git (which the context lacks) could
 * have gone into it.
 */
export async function staleCheckoutBuild(repoRoot: string, contextFiles: string[]): Promise<string | undefined> {
  const stale = staleBuild(repoRoot, contextFiles);
  if (stale) return stale;
  const { stdout } = await run('git', ['ls-files', '--others', '--exclude-standard', '-z', '--', 'apps', 'packages'], {
    cwd: repoRoot,
  });
  const untracked = stdout.split('\0').filter(isBuildInput);
  if (untracked.length > 0) return `${untracked[0]} is not in git, so not in the build context`;
  return undefined;
}
