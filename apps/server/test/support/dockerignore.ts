// The build context as `docker build` sends it: the committed files less what .dockerignore leaves out.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One path segment against one pattern segment with `*` and `?`, never crossing a `/`. */
function segmentMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let starText = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === text[t])) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      starText = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++starText;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

function segmentsMatch(pattern: string[], parts: string[]): boolean {
  if (pattern.length === 0) return parts.length === 0;
  const [first, ...rest] = pattern;
  if (first === '**') {
    for (let skip = 0; skip <= parts.length; skip++) if (segmentsMatch(rest, parts.slice(skip))) return true;
    return false;
  }
  return parts.length > 0 && segmentMatches(first!, parts[0]!) && segmentsMatch(rest, parts.slice(1));
}

/**
 * Whether .dockerignore leaves a path (relative, `/`-separated) out of the context: as Docker reads
 * it, the last pattern that matches the path or one of its parent folders decides, `!` brings back.
 */
export function dockerignoreFilter(text: string): (file: string) => boolean {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const include = line.startsWith('!');
      const pattern = path.posix.normalize((include ? line.slice(1) : line).trim()).replace(/^\/+/, '');
      if (pattern.includes('[') || pattern.includes('\\')) {
        throw new Error(`.dockerignore: character classes and escapes are not supported (${line})`);
      }
      return { include, segments: pattern.split('/').filter((segment) => segment !== '') };
    });
  return (file) => {
    const parts = file.split('/');
    let excluded = false;
    for (const rule of rules) {
      for (let length = 1; length <= parts.length; length++) {
        if (segmentsMatch(rule.segments, parts.slice(0, length))) {
          excluded = !rule.include;
          break;
        }
      }
    }
    return excluded;
  };
}

/** The committed files (`git ls-files`) less what .dockerignore leaves out, copied into `target`. */
export async function makeBuildContext(repoRoot: string, target: string, dockerignore: string): Promise<string[]> {
  const ignored = dockerignoreFilter(dockerignore);
  const { stdout } = await run('git', ['ls-files', '-z'], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
  const files = stdout.split('\0').filter((file) => file !== '' && !ignored(file));
  const copied: string[] = [];
  for (const file of files) {
    const source = path.join(repoRoot, file);
    // A file deleted from the working tree but not yet from git is not there for `docker build` either.
    if (!existsSync(source)) continue;
    await mkdir(path.dirname(path.join(target, file)), { recursive: true });
    await copyFile(source, path.join(target, file));
    copied.push(file);
  }
  return copied;
}
