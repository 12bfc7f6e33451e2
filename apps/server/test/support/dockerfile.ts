// Performs a Dockerfile's steps without Docker, so a test can build and start what the image would
// hold: each stage gets its own directory standing for its root file system (absolute container paths
// such as /app are mapped into it), RUN runs with `sh -c` in the stage's WORKDIR and environment (this
// machine's node and npm stand in for the base image's), COPY takes files from a clean copy of the
// build context (the committed files less what .dockerignore leaves out: dockerignore.ts) or from an
// earlier stage. The Dockerfile is read by dockerfile-syntax.ts: only the instructions listed there are
// understood; any other stops the build, so the Dockerfile cannot use something this reading would
// silently get wrong.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  argument,
  DockerfileError,
  execForm,
  expand,
  flags,
  type Instruction,
  parseDockerfile,
  words,
} from './dockerfile-syntax.ts';

const run = promisify(execFile);

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
