// Performs a Dockerfile's steps without Docker, so a test can build and start what the image would
// hold: each stage gets its own directory standing for its root file system (absolute container paths
// such as /app are mapped into it), RUN runs with `sh -c` in the stage's WORKDIR and environment (this
// machine's node and npm stand in for the base image's), COPY takes files from a clean copy of the
// build context (the committed files less what .dockerignore leaves out) or from an earlier stage.
// Only the instructions listed in INSTRUCTIONS are understood; any other stops the build, so the
// Dockerfile cannot use something this reading would silently get wrong.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Instruction {
  keyword: string;
  /** The text after the keyword, continuation lines joined. */
  text: string;
  line: number;
}

export interface CopyStep {
  sources: string[];
  destination: string;
  from?: string;
  chown?: string;
}

export interface HealthCheck {
  options: Record<string, string>;
  command: string[];
}

export interface Stage {
  name: string | undefined;
  /** The image or earlier stage it starts from. */
  base: string;
  /** The directory that stands for this stage's `/`. */
  root: string;
  workdir: string;
  env: Record<string, string>;
  args: Record<string, string>;
  user: string | undefined;
  /** The USER in force when CMD was given. */
  userAtCmd: string | undefined;
  expose: string[];
  volumes: string[];
  copies: CopyStep[];
  runs: string[];
  /** The RUN commands of `runs` that a stand-in performed (see BuildOptions.standIns). */
  stoodIn: string[];
  healthcheck: HealthCheck | undefined;
  cmd: string[] | undefined;
}

export interface BuildOptions {
  dockerfile: string;
  context: string;
  /** Where the stage roots are made. */
  workDir: string;
  /** The machine's environment RUN starts from (PATH, HOME, npm settings). */
  baseEnv: Record<string, string>;
  /** Told each step before it runs. */
  log?: (message: string) => void;
  /**
   * RUN commands not performed but stood in for, by their exact text: the function is given the
   * stage's WORKDIR and lays down there what the command would have made. A RUN whose text differs
   * from every key is performed as usual.
   */
  standIns?: Record<string, (cwd: string) => Promise<void>>;
}

const INSTRUCTIONS = new Set([
  'FROM',
  'WORKDIR',
  'COPY',
  'RUN',
  'ENV',
  'ARG',
  'USER',
  'EXPOSE',
  'VOLUME',
  'HEALTHCHECK',
  'CMD',
]);

class DockerfileError extends Error {
  constructor(instruction: Pick<Instruction, 'line' | 'keyword'> | undefined, message: string) {
    super(instruction ? `Dockerfile line ${instruction.line} (${instruction.keyword}): ${message}` : message);
    this.name = 'DockerfileError';
  }
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t';

/** The instructions of a Dockerfile: comments dropped, `\` continuations joined. */
export function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!.replace('\r', '');
    const trimmed = raw.trim();
    if (trimmed.startsWith('#')) {
      // Parser directives would change how the rest reads; only `syntax` (which frontend) is harmless.
      if (!pending && instructions.length === 0 && trimmed.slice(1).trim().toLowerCase().startsWith('escape')) {
        throw new DockerfileError(undefined, `line ${index + 1}: the escape directive is not supported`);
      }
      continue;
    }
    if (trimmed === '' && !pending) continue;
    const continued = trimmed.endsWith('\\');
    const body = continued ? trimmed.slice(0, -1) : trimmed;
    pending = pending
      ? { text: `${pending.text} ${body.trim()}`, line: pending.line }
      : { text: body, line: index + 1 };
    if (continued) continue;
    const space = [...pending.text].findIndex((char) => isSpace(char));
    const keyword = (space < 0 ? pending.text : pending.text.slice(0, space)).toUpperCase();
    const rest = space < 0 ? '' : pending.text.slice(space).trim();
    if (!INSTRUCTIONS.has(keyword)) {
      throw new DockerfileError({ line: pending.line, keyword }, 'instruction not understood by this test');
    }
    instructions.push({ keyword, text: rest, line: pending.line });
    pending = undefined;
  }
  if (pending) throw new DockerfileError(undefined, `line ${pending.line}: continuation at the end of the file`);
  return instructions;
}

/** Words split at blanks outside quotes; quotes removed, a backslash keeps the next character. */
export function words(text: string): string[] {
  const result: string[] = [];
  let current = '';
  let started = false;
  let quote: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\\' && quote !== "'" && index + 1 < text.length) {
      current += text[++index];
      started = true;
    } else if (quote) {
      if (char === quote) quote = undefined;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (isSpace(char)) {
      if (started) result.push(current);
      current = '';
      started = false;
    } else {
      current += char;
      started = true;
    }
  }
  if (quote) throw new Error(`unclosed quote in: ${text}`);
  if (started) result.push(current);
  return result;
}

const isNameChar = (char: string | undefined) =>
  char !== undefined &&
  ((char >= 'A' && char <= 'Z') || (char >= 'a' && char <= 'z') || (char >= '0' && char <= '9') || char === '_');

/** `$NAME`, `${NAME}`, `${NAME:-default}`, `${NAME:+alternative}` and `${NAME:?error}`, as Docker expands them. */
export function expand(text: string, variables: Record<string, string>): string {
  let result = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\\' && text[index + 1] === '$') {
      result += '$';
      index++;
    } else if (char === '$' && text[index + 1] === '{') {
      const end = text.indexOf('}', index);
      if (end < 0) throw new Error(`unclosed \${ in: ${text}`);
      const inner = text.slice(index + 2, end);
      const colon = inner.indexOf(':');
      const name = colon < 0 ? inner : inner.slice(0, colon);
      const value = variables[name];
      if (colon < 0) result += value ?? '';
      else if (inner[colon + 1] === '-') result += value ? value : inner.slice(colon + 2);
      else if (inner[colon + 1] === '+') result += value ? inner.slice(colon + 2) : '';
      else if (inner[colon + 1] === '?') {
        if (!value) throw new Error(`${name}: ${inner.slice(colon + 2) || 'must be set'}`);
        result += value;
      } else throw new Error(`unsupported expansion \${${inner}}`);
      index = end;
    } else if (char === '$' && isNameChar(text[index + 1])) {
      let end = index + 1;
      while (isNameChar(text[end])) end++;
      result += variables[text.slice(index + 1, end)] ?? '';
      index = end - 1;
    } else {
      result += char;
    }
  }
  return result;
}

/** `--name=value` flags at the start, then the rest. Flags not in `allowed` are refused. */
function flags(instruction: Instruction, allowed: string[]): { flags: Record<string, string>; rest: string } {
  const found: Record<string, string> = {};
  let rest = instruction.text;
  while (rest.startsWith('--')) {
    const end = [...rest].findIndex((char) => isSpace(char));
    const flag = end < 0 ? rest : rest.slice(0, end);
    const equals = flag.indexOf('=');
    const name = equals < 0 ? flag.slice(2) : flag.slice(2, equals);
    if (!allowed.includes(name)) throw new DockerfileError(instruction, `flag --${name} not understood by this test`);
    found[name] = equals < 0 ? 'true' : flag.slice(equals + 1);
    rest = end < 0 ? '' : rest.slice(end).trim();
  }
  return { flags: found, rest };
}

/** The JSON (exec) form: a list of strings. */
function execForm(instruction: Instruction, text: string, why = 'a JSON list of strings'): string[] {
  let parsed: unknown;
  try {
    parsed = text.startsWith('[') ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.some((part) => typeof part !== 'string')) {
    throw new DockerfileError(instruction, `use the JSON form: ${why}`);
  }
  return parsed as string[];
}

// --- .dockerignore ---------------------------------------------------------------------------------

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

// --- the build -------------------------------------------------------------------------------------

/** A container path of a stage as a path on this machine, never outside the stage's root. */
export function hostPath(stage: Pick<Stage, 'root' | 'workdir'>, containerPath: string): string {
  const absolute = path.posix.resolve(stage.workdir, containerPath);
  return path.join(stage.root, absolute);
}

function insideOf(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

async function copyTree(source: string, destination: string, asDirectory: boolean) {
  const isDirectory = (await stat(source)).isDirectory();
  if (isDirectory) {
    await mkdir(destination, { recursive: true });
    // Contents only, symbolic links kept as links, as COPY does.
    await run('cp', ['-a', `${source}/.`, `${destination}/`], { maxBuffer: 16 * 1024 * 1024 });
    return;
  }
  const target = asDirectory ? path.join(destination, path.basename(source)) : destination;
  await mkdir(path.dirname(target), { recursive: true });
  await run('cp', ['-a', source, target]);
}

function runShell(command: string, cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`RUN ${command} exited ${code}:\n${output}`));
    });
  });
}

/** `ARG NAME[=default]`: the name and the default, if any. */
function argument(instruction: Instruction): [string, string | undefined] {
  const equals = instruction.text.indexOf('=');
  const name = (equals < 0 ? instruction.text : instruction.text.slice(0, equals)).trim();
  if (!isNameChar(name[0]) || words(instruction.text).length !== 1) {
    throw new DockerfileError(instruction, 'one ARG NAME[=default] per line');
  }
  return [name, equals < 0 ? undefined : instruction.text.slice(equals + 1)];
}

interface StageContext {
  options: BuildOptions;
  globalArgs: Record<string, string>;
  /** An earlier stage by name, once it is built; undefined when no earlier stage has that name. */
  stageNamed: (name: string) => Promise<Stage> | undefined;
  log: (message: string) => void;
}

async function perform(stage: Stage, instruction: Instruction, context: StageContext) {
  const variables = () => ({ ...stage.args, ...stage.env });
  const { keyword } = instruction;
  if (keyword === 'ARG') {
    const [name, value] = argument(instruction);
    stage.args[name] = value === undefined ? (context.globalArgs[name] ?? '') : expand(value, variables());
    return;
  }
  switch (keyword) {
    case 'WORKDIR': {
      stage.workdir = path.posix.resolve(stage.workdir, expand(instruction.text, variables()));
      await mkdir(hostPath(stage, '.'), { recursive: true });
      break;
    }
    case 'ENV': {
      const parts = words(instruction.text);
      if (parts.length === 0 || !parts.every((part) => part.includes('='))) {
        throw new DockerfileError(instruction, 'ENV NAME=value … (the old ENV NAME value form is not read)');
      }
      const values = variables();
      for (const part of parts) {
        const equals = part.indexOf('=');
        stage.env[part.slice(0, equals)] = expand(part.slice(equals + 1), values);
      }
      break;
    }
    case 'USER': {
      stage.user = expand(instruction.text, variables());
      break;
    }
    case 'EXPOSE': {
      stage.expose.push(...words(expand(instruction.text, variables())));
      break;
    }
    case 'VOLUME': {
      const text = expand(instruction.text, variables());
      stage.volumes.push(...(text.startsWith('[') ? execForm(instruction, text) : words(text)));
      break;
    }
    case 'CMD': {
      stage.cmd = execForm(instruction, instruction.text, '["node", …], so node is the first process and gets SIGTERM');
      stage.userAtCmd = stage.user;
      break;
    }
    case 'HEALTHCHECK': {
      const parsed = flags(instruction, ['interval', 'timeout', 'start-period', 'start-interval', 'retries']);
      if (!parsed.rest.toUpperCase().startsWith('CMD ')) {
        throw new DockerfileError(instruction, 'HEALTHCHECK [options] CMD ["…"] (NONE is not read)');
      }
      stage.healthcheck = { options: parsed.flags, command: execForm(instruction, parsed.rest.slice(4).trim()) };
      break;
    }
    case 'RUN': {
      const command = flags(instruction, []).rest;
      // The command runs on this machine, not in a container: an absolute path would reach outside the
      // stage's root, so RUN works relative to WORKDIR.
      const absolute = words(command).find((word) => word.startsWith('/'));
      if (absolute) throw new DockerfileError(instruction, `absolute path ${absolute}: use paths relative to WORKDIR`);
      const cwd = hostPath(stage, '.');
      await mkdir(cwd, { recursive: true });
      const standIn = context.options.standIns?.[command];
      if (standIn) {
        context.log(`RUN ${command} (stood in for)`);
        await standIn(cwd);
        stage.stoodIn.push(command);
      } else {
        context.log(`RUN ${command}`);
        await runShell(command, cwd, { ...context.options.baseEnv, ...stage.args, ...stage.env });
      }
      stage.runs.push(command);
      break;
    }
    case 'COPY': {
      const parsed = flags(instruction, ['from', 'chown']);
      const text = expand(parsed.rest, variables());
      const parts = text.startsWith('[') ? execForm(instruction, text) : words(text);
      if (parts.length < 2) throw new DockerfileError(instruction, 'COPY source… destination');
      const destination = parts.at(-1)!;
      const sources = parts.slice(0, -1);
      const intoDirectory = destination.endsWith('/');
      if (sources.length > 1 && !intoDirectory) {
        throw new DockerfileError(instruction, 'several sources need a destination ending in /');
      }
      const from = parsed.flags.from;
      const fromStage = from === undefined ? undefined : await context.stageNamed(from);
      if (from !== undefined && !fromStage) {
        throw new DockerfileError(instruction, `--from=${from} names no earlier stage`);
      }
      const target = hostPath(stage, destination);
      for (const source of sources) {
        if (/[*?[]/.test(source)) throw new DockerfileError(instruction, `wildcards are not read (${source})`);
        const sourceRoot = fromStage ? fromStage.root : context.options.context;
        const sourcePath = fromStage
          ? hostPath({ root: fromStage.root, workdir: '/' }, source)
          : path.join(context.options.context, source);
        if (!insideOf(sourceRoot, sourcePath)) throw new DockerfileError(instruction, `${source} is outside`);
        if (!existsSync(sourcePath)) {
          throw new DockerfileError(
            instruction,
            fromStage ? `${source} does not exist in stage ${from}` : `${source} is not in the build context`,
          );
        }
        context.log(`COPY ${from ? `--from=${from} ` : ''}${source} ${destination}`);
        await copyTree(sourcePath, target, intoDirectory);
      }
      stage.copies.push({ sources, destination, from, chown: parsed.flags.chown });
      break;
    }
    default:
      throw new DockerfileError(instruction, 'instruction not understood by this test');
  }
}

/**
 * Builds every stage of the Dockerfile; the last one is the image. Stages that do not depend on each
 * other are built at the same time, as BuildKit does; one waits for the stages its FROM and COPY
 * --from name.
 */
export async function buildImage(options: BuildOptions): Promise<{ stages: Stage[]; image: Stage }> {
  const log = options.log ?? (() => {});
  const globalArgs: Record<string, string> = {};
  const blocks: { base: string; name: string | undefined; body: Instruction[] }[] = [];
  for (const instruction of parseDockerfile(options.dockerfile)) {
    if (instruction.keyword === 'FROM') {
      const parts = words(expand(flags(instruction, []).rest, globalArgs));
      const named = parts.length === 3 && parts[1]!.toUpperCase() === 'AS';
      if (parts.length !== 1 && !named) throw new DockerfileError(instruction, 'FROM image [AS name]');
      blocks.push({ base: parts[0]!, name: named ? parts[2] : undefined, body: [] });
    } else if (blocks.length > 0) {
      blocks.at(-1)!.body.push(instruction);
    } else if (instruction.keyword === 'ARG') {
      const [name, value] = argument(instruction);
      globalArgs[name] = expand(value ?? '', globalArgs);
    } else {
      throw new DockerfileError(instruction, 'only ARG may come before the first FROM');
    }
  }
  if (blocks.length === 0) throw new DockerfileError(undefined, 'no FROM');

  const stages: Stage[] = [];
  const built: Promise<Stage>[] = [];
  const earlier = (index: number, name: string) => {
    const found = blocks.findIndex((block, other) => other < index && block.name === name);
    return found < 0 ? undefined : built[found];
  };
  blocks.forEach((block, index) => {
    built[index] = (async () => {
      const parent = await earlier(index, block.base);
      const root = await mkdtemp(path.join(options.workDir, `stage-${index}-`));
      if (parent) await run('cp', ['-a', `${parent.root}/.`, `${root}/`]);
      const stage: Stage = {
        name: block.name,
        base: block.base,
        root,
        workdir: parent?.workdir ?? '/',
        env: { ...parent?.env },
        args: {},
        user: parent?.user,
        userAtCmd: undefined,
        expose: [...(parent?.expose ?? [])],
        volumes: [...(parent?.volumes ?? [])],
        copies: [],
        runs: [],
        stoodIn: [],
        healthcheck: parent?.healthcheck,
        cmd: parent?.cmd,
      };
      stages[index] = stage;
      log(`FROM ${block.base}${block.name ? ` AS ${block.name}` : ''}`);
      const context = { options, globalArgs, stageNamed: (name: string) => earlier(index, name), log };
      for (const instruction of block.body) await perform(stage, instruction, context);
      return stage;
    })();
  });
  // Every stage ends before the build does, so none is still writing when the caller cleans up.
  const results = await Promise.allSettled(built);
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return { stages, image: stages.at(-1)! };
}

/** HEALTHCHECK durations such as 30s, 2m, 1m30s, 500ms, in milliseconds. */
export function durationMs(text: string): number {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let digits = '';
  let unit = '';
  const flush = () => {
    if (digits === '' || units[unit] === undefined) throw new Error(`not a duration: ${text}`);
    total += Number(digits) * units[unit]!;
    digits = '';
    unit = '';
  };
  for (const char of text) {
    if (char >= '0' && char <= '9') {
      if (unit !== '') flush();
      digits += char;
    } else {
      unit += char;
    }
  }
  flush();
  return total;
}

/** A command of the image (CMD, HEALTHCHECK) as this machine runs it: `node` is this node. */
export function imageCommand(image: Stage, command: string[]): { file: string; args: string[]; cwd: string } {
  const [program, ...args] = command;
  if (program !== 'node') throw new Error(`the image's commands start with node, not ${program}`);
  return {
    file: process.execPath,
    args: args.map((arg) => (arg.startsWith('/') ? hostPath(image, arg) : arg)),
    cwd: hostPath(image, '.'),
  };
}
