// What a process loads before it answers its first request: the npm packages reached from an entry
// file through static imports, the ones that run when the file is loaded. A dynamic `import()` and a
// type-only import load nothing at that point, so a package behind one is loaded on first use.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

// A statement that starts a line with `import` or `export`; what follows up to its first quote (within
// the statement) tells its kind.
const STATEMENT_START = /^(?:import|export)\b/gm;
const QUOTES = new Set(["'", '"']);

/** The specifiers a source text loads when it is loaded: static imports and re-exports, types aside. */
export function staticImportsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(STATEMENT_START)) {
    const from = match.index + match[0].length;
    let quoteAt = from;
    while (quoteAt < text.length && !QUOTES.has(text[quoteAt]!) && text[quoteAt] !== ';' && text[quoteAt] !== '`')
      quoteAt += 1;
    if (!QUOTES.has(text[quoteAt] ?? '')) continue;
    const between = text.slice(from, quoteAt);
    const typeOnly = /^\s+type\s/.test(between);
    const sideEffect = between.trim() === '';
    const names = between.trimEnd();
    const fromEnd = names.endsWith('from') && ' \t\n}*'.includes(names.at(-5) ?? ' ');
    if (typeOnly || !(sideEffect || fromEnd)) continue;
    const end = text.indexOf(text[quoteAt]!, quoteAt + 1);
    if (end > quoteAt) found.push(text.slice(quoteAt + 1, end));
  }
  return found;
}

const WORKSPACE_ENTRIES: Record<string, string> = {
  '@waybill/domain': 'packages/domain/src/index.ts',
  '@waybill/domain/phone-numbers': 'packages/domain/src/texts/phone-numbers.ts',
};

/** An npm package's name from a bare specifier: `@aws-sdk/client-s3/dist` → `@aws-sdk/client-s3`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * The npm packages (and `node:` modules aside) that loading `entry` loads, following the workspace's
 * own files through their static imports; `root` is the repository, `entry` relative to it.
 */
export async function packagesLoadedAtStart(root: string, entry: string): Promise<Set<string>> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = await readFile(path.join(root, file), 'utf8');
    for (const specifier of staticImportsOf(text)) {
      if (specifier.startsWith('.')) {
        queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
      } else if (specifier in WORKSPACE_ENTRIES) {
        queue.push(WORKSPACE_ENTRIES[specifier]!);
      } else if (!specifier.startsWith('node:')) {
        packages.add(packageName(specifier));
      }
    }
  }
  return packages;
}
