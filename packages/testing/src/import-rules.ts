// The direction imports may take, checked over the source tree (`npm run lint:deps`, and a test in
// `npm test`). dependency-cruiser would be the usual tool, but it reads TypeScript through the
// compiler's JavaScript API, which TypeScript 7 no longer has; the rules are few, so they live here.
//
//   packages/domain        imports no workspace and nothing outside itself
//   apps/server, apps/web  import the domain, never each other
//   apps/web/src           lib, components  <-  features  <-  islands  <-  pages, app
//                          a feature never imports another feature
//   apps/server/src        routes never import a repository; a module's repository is imported by
//                          its own module only; plugins/ imports no module (a mechanism knows no
//                          feature); the modules never import each other in a circle (production files)
//   every src/ folder      production files import no test folder (tests may), and are at most
//                          400 lines long (longSourceFiles)
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface ImportViolation {
  file: string;
  specifier: string;
  rule: string;
}

const SOURCE_FILE = /\.(?:ts|tsx|mts|mjs)$/;
const TEST_FILE = /\.test\.(?:ts|tsx)$/;
// `from 'x'`, `import 'x'`, `import('x')`: one quoted specifier after the keyword, bounded, linear.
const SPECIFIER = /\b(?:from|import)\s*(?:\(\s*)?['"]([^'"\n]{1,300})['"]/g;
const WEB_LAYERS: Record<string, number> = { lib: 0, components: 0, features: 1, islands: 2, pages: 3, app: 3 };
const TEST_FOLDERS = ['apps/server/test/', 'apps/web/test/', 'packages/domain/test/', 'packages/testing/'];

/** Every specifier a source text imports or re-exports. */
export function importsOf(text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((match) => match[1]!);
}

async function sourceFiles(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const SERVER_SRC = 'apps/server/src/';

/** The feature module a server file belongs to (`modules/<name>/…`), if any. */
function serverModuleOf(file: string): string | undefined {
  if (!file.startsWith(SERVER_SRC)) return undefined;
  const parts = file.slice(SERVER_SRC.length).split('/');
  return parts[0] === 'modules' && parts.length > 2 ? parts[1] : undefined;
}

/** The server's layer rules for one import of a production file, both paths relative to the root. */
function serverRuleBroken(file: string, target: string): string | undefined {
  if (!file.startsWith(SERVER_SRC) || !target.startsWith(SERVER_SRC)) return undefined;
  const toRepository = /\.repository\.ts$/.test(target);
  if (file.endsWith('.routes.ts') && toRepository) return 'a route never imports a repository';
  const toModule = serverModuleOf(target);
  if (toRepository && toModule !== undefined && serverModuleOf(file) !== toModule) {
    return "a module's repository is imported by its own module only";
  }
  if (file.startsWith(`${SERVER_SRC}plugins/`) && target.startsWith(`${SERVER_SRC}modules/`)) {
    return 'plugins import no module';
  }
  return undefined;
}

/** The rule a single import breaks, if any. `file` and the resolved target are relative to the root. */
export function ruleBroken(file: string, specifier: string): string | undefined {
  const isTest = TEST_FILE.test(file);
  const target = specifier.startsWith('.')
    ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
    : undefined;
  const inside = (prefix: string) => target?.startsWith(prefix) === true;
  const workspace = (name: string) => specifier === `@waybill/${name}` || specifier.startsWith(`@waybill/${name}/`);

  if (!isTest && (workspace('testing') || TEST_FOLDERS.some(inside))) return 'production code imports test support';
  if (file.startsWith('packages/domain/')) {
    if (specifier.startsWith('@waybill/')) return 'the domain imports no workspace';
    if (target && !inside('packages/domain/')) return 'the domain imports nothing outside itself';
  }
  if (file.startsWith('apps/server/') && (workspace('web') || inside('apps/web/')))
    return 'the server never imports the web';
  if (file.startsWith('apps/web/') && (workspace('server') || inside('apps/server/')))
    return 'the web never imports the server';

  if (!isTest && target) {
    const broken = serverRuleBroken(file, target);
    if (broken) return broken;
  }
  if (file.startsWith('apps/web/src/') && target?.startsWith('apps/web/src/')) {
    const [fromLayer, fromFeature] = file.split('/').slice(3, 5);
    const [toLayer, toFeature] = target.split('/').slice(3, 5);
    const from = WEB_LAYERS[fromLayer!];
    const to = WEB_LAYERS[toLayer!];
    if (from !== undefined && to !== undefined && to > from) return `${fromLayer} never imports ${toLayer}`;
    if (fromLayer === 'features' && toLayer === 'features' && fromFeature !== toFeature) {
      return 'a feature never imports another feature';
    }
  }
  return undefined;
}

/**
 * The circles among the server's modules: each as the modules in order, the first repeated at the end
 * (`['mail', 'packages', 'mail']`). `imports` maps a production file to the files it imports.
 */
export function moduleCircles(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of imports) {
    const from = serverModuleOf(file);
    if (from === undefined || TEST_FILE.test(file)) continue;
    for (const target of targets) {
      const to = serverModuleOf(target);
      if (to === undefined || to === from) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const circles: string[][] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const visit = (module: string, trail: string[]) => {
    if (done.has(module)) return;
    const at = trail.indexOf(module);
    if (at >= 0) {
      const circle = [...trail.slice(at), module];
      const key = [...circle.slice(0, -1)].sort().join(' ');
      if (!seen.has(key)) {
        seen.add(key);
        circles.push(circle);
      }
      return;
    }
    for (const next of [...(edges.get(module) ?? [])].sort()) visit(next, [...trail, module]);
  };
  for (const module of [...edges.keys()].sort()) {
    visit(module, []);
    done.add(module);
  }
  return circles;
}

/** The checked folders' production files (tests aside) longer than `maxLines`, with their lengths. */
export async function longSourceFiles(root: string, maxLines: number): Promise<{ file: string; lines: number }[]> {
  const folders = ['packages/domain/src', 'apps/server/src', 'apps/web/src', 'apps/web/scripts'];
  const files = (await Promise.all(folders.map((folder) => sourceFiles(root, folder)))).flat();
  const long: { file: string; lines: number }[] = [];
  for (const file of files.filter((name) => !TEST_FILE.test(name))) {
    const text = await readFile(path.join(root, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > maxLines) long.push({ file, lines });
  }
  return long;
}

/** Every import under the checked folders that breaks a rule, and every circle of server modules. */
export async function findImportViolations(root: string): Promise<ImportViolation[]> {
  const folders = ['packages/domain/src', 'apps/server/src', 'apps/web/src', 'apps/web/scripts'];
  const files = (await Promise.all(folders.map((folder) => sourceFiles(root, folder)))).flat();
  const violations: ImportViolation[] = [];
  const imports = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const specifier of importsOf(await readFile(path.join(root, file), 'utf8'))) {
      const rule = ruleBroken(file, specifier);
      if (rule) violations.push({ file, specifier, rule });
      if (specifier.startsWith('.'))
        targets.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
    }
    imports.set(file, targets);
  }
  for (const circle of moduleCircles(imports)) {
    violations.push({
      file: `apps/server/src/modules/${circle[0]}`,
      specifier: circle.join(' -> '),
      rule: 'the modules never import each other in a circle',
    });
  }
  return violations;
}
