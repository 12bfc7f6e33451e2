// Every regular expression of the project — each `/…/` literal and each `RegExp(…)` in the sources
// of packages/, apps/, e2e/, bench/ and scripts/, found by parsing the files, so a new one is checked
// without anyone listing it — must match in linear time. recheck analyses each pattern (automata
// theory, fuzzing where that cannot decide) and reports a polynomial or exponential worst case with
// an attack string. A pattern that backtracks on hostile text blocks the event loop for every request
// (a 65 000-digit quantity once took 7 s). It lives in the domain suite because that suite runs first.
//
// recheck runs its native binary where the platform has one (recheck-linux-x64, an optional package),
// otherwise its pure JavaScript build (`RECHECK_BACKEND=pure` forces it): both give the same verdicts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { check } from 'recheck';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = ['packages', 'apps', 'e2e', 'bench', 'scripts'];
/** Installed, built or generated, not written here. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', 'results', 'artifacts', 'coverage']);
const LANGUAGES: Record<string, 'js' | 'jsx' | 'ts' | 'tsx'> = {
  '.js': 'js',
  '.mjs': 'js',
  '.cjs': 'js',
  '.jsx': 'jsx',
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
};
/** Stands for a value put into a built pattern: such values are data, matched as plain text. */
const PLACEHOLDER = 'x';

interface Pattern {
  source: string;
  flags: string;
  /** `file:line` of each place it is written. */
  places: string[];
}

function* sourceFiles(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (path.extname(entry.name) in LANGUAGES && !entry.name.endsWith('.d.ts')) yield full;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: an ESTree node of any kind; only a few fields are read.
type Node = any;

/** The text a pattern argument stands for, with PLACEHOLDER for each value only known at run time. */
function staticText(node: Node, constants: Map<string, Node>, seen = new Set<string>()): string {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral') {
    return node.quasis
      .map((quasi: Node, index: number) =>
        index < node.expressions.length
          ? quasi.value.cooked + staticText(node.expressions[index], constants, seen)
          : quasi.value.cooked,
      )
      .join('');
  }
  if (node?.type === 'BinaryExpression' && node.operator === '+') {
    return staticText(node.left, constants, seen) + staticText(node.right, constants, seen);
  }
  // A constant of the same file (`const X = '…'`) is read; any other value is data.
  if (node?.type === 'Identifier' && constants.has(node.name) && !seen.has(node.name)) {
    return staticText(constants.get(node.name), constants, new Set([...seen, node.name]));
  }
  return PLACEHOLDER;
}

function collectPatterns(): Pattern[] {
  const patterns = new Map<string, Pattern>();
  const add = (source: string, flags: string, place: string) => {
    const key = `/${source}/${flags}`;
    const known = patterns.get(key) ?? { source, flags, places: [] };
    known.places.push(place);
    patterns.set(key, known);
  };
  for (const file of SOURCE_DIRS.flatMap((dir) => [...sourceFiles(path.join(ROOT, dir))])) {
    const text = readFileSync(file, 'utf8');
    const program = parseAst(text, { lang: LANGUAGES[path.extname(file)] }, file);
    const placeOf = (node: Node) => `${path.relative(ROOT, file)}:${text.slice(0, node.start).split('\n').length}`;
    const nodes: Node[] = [];
    const walk = (node: Node) => {
      if (Array.isArray(node)) for (const child of node) walk(child);
      else if (node && typeof node === 'object') {
        if (typeof node.type === 'string') nodes.push(node);
        for (const child of Object.values(node)) walk(child);
      }
    };
    walk(program);
    const constants = new Map<string, Node>();
    for (const node of nodes) {
      if (node.type === 'VariableDeclarator' && node.id?.type === 'Identifier' && node.init) {
        constants.set(node.id.name, node.init);
      }
    }
    for (const node of nodes) {
      if (node.type === 'Literal' && node.regex) add(node.regex.pattern, node.regex.flags, placeOf(node));
      const callsRegExp =
        (node.type === 'NewExpression' || node.type === 'CallExpression') &&
        node.callee?.type === 'Identifier' &&
        node.callee.name === 'RegExp';
      if (callsRegExp && node.arguments.length > 0) {
        const [source, flags] = node.arguments;
        const flagText = flags?.type === 'Literal' && typeof flags.value === 'string' ? flags.value : '';
        add(staticText(source, constants), flagText, placeOf(node));
      }
    }
  }
  return [...patterns.values()].sort((a, b) => a.places[0]!.localeCompare(b.places[0]!));
}

const PATTERNS = collectPatterns();

describe('every regular expression of the project', () => {
  it('is found by reading the sources, literals and built patterns alike', () => {
    const written = (source: string) => PATTERNS.find((pattern) => pattern.source === source)?.places ?? [];
    expect(PATTERNS.length).toBeGreaterThan(100);
    expect(written(String.raw`^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$`)).toEqual([
      expect.stringMatching(/^packages\/domain\/src\/schemas\/fields\.ts:\d+$/),
    ]);
    // A pattern built at run time: the value put into it is matched as plain text.
    expect(written(String.raw`^${PLACEHOLDER}:\s+(\d+) kB`)).toEqual([
      expect.stringMatching(/^packages\/testing\/src\/node-process\.ts:\d+$/),
    ]);
  });

  // The analysis of one pattern takes from a few milliseconds to a few seconds (fuzzing), more on a
  // busy machine: recheck's own limit is generous, and a pattern it cannot decide fails too. Its fuzzer
  // would also call an attack that outlasts a wall-clock limit a success, which a busy machine makes
  // happen to linear patterns; without those limits it counts steps only, and always decides alike.
  it.concurrent.each(PATTERNS.map((pattern) => [`/${pattern.source}/${pattern.flags}`, pattern] as const))(
    '%s matches in linear time',
    { timeout: 180_000 },
    async (_name, { source, flags, places }) => {
      // The global and sticky flags change where a match starts, not how it backtracks.
      const diagnostics = await check(source, flags.replace(/[gyd]/g, ''), {
        timeout: 120_000,
        attackTimeout: null,
        incubationTimeout: null,
      });
      const verdict =
        diagnostics.status === 'vulnerable'
          ? `${diagnostics.complexity.summary}: attack ${diagnostics.attack.pattern}`
          : diagnostics.status === 'unknown'
            ? `not decided (${diagnostics.error.kind})`
            : 'safe';
      expect(verdict, `written at ${places.join(', ')}`).toBe('safe');
    },
  );
});
