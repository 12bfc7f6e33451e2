// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Dockerfile variables, written as Docker reads them.
// The reading of the Dockerfile that container-image.test.ts relies on: what it refuses, and how it
// reads .dockerignore and variables, on small made-up files.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImage } from '../support/dockerfile.ts';
import { durationMs, expand, parseDockerfile } from '../support/dockerfile-syntax.ts';
import { dockerignoreFilter } from '../support/dockerignore.ts';

describe('Dockerfile reading', () => {
  let workDir: string;
  let context: string;
  const build = (dockerfile: string) =>
    buildImage({ dockerfile, context, workDir, baseEnv: { PATH: process.env.PATH ?? '' } });

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'waybill-dockerfile-'));
    context = path.join(workDir, 'context');
    await mkdir(path.join(context, 'app'), { recursive: true });
    await writeFile(path.join(context, 'app', 'hello.txt'), 'hello');
  });

  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  it('refuses an instruction it does not know', () => {
    expect(() => parseDockerfile('FROM node:20-bookworm-slim\nADD https://example.com/x.tgz .\n')).toThrow(
      /line 2 \(ADD\): instruction not understood/,
    );
    expect(() => parseDockerfile('FROM node:20-bookworm-slim\nCMD node server.mjs\n')).not.toThrow();
  });

  it('fails a COPY of a file the build context lacks', async () => {
    await expect(build('FROM node:20-bookworm-slim\nWORKDIR /srv\nCOPY missing.txt ./\n')).rejects.toThrow(
      /line 3 \(COPY\): missing.txt is not in the build context/,
    );
  });

  it('copies into the stage root, runs RUN in WORKDIR with ENV and takes files from earlier stages', async () => {
    const { image, stages } = await build(
      [
        'ARG BASE=node:20-bookworm-slim',
        'FROM ${BASE} AS first',
        'WORKDIR /srv',
        'ENV GREETING=hi NAME="a b"',
        'COPY app/hello.txt ./',
        'RUN printf "%s %s" "$GREETING" "$NAME" > said.txt && cat hello.txt >> said.txt',
        'FROM ${BASE}',
        'COPY --from=first --chown=node:node /srv/said.txt /out/',
        'USER node',
        'CMD ["node", "/out/x.mjs"]',
      ].join('\n'),
    );
    expect(stages.map((stage) => stage.base)).toEqual(['node:20-bookworm-slim', 'node:20-bookworm-slim']);
    expect(await readFile(path.join(image.root, 'out/said.txt'), 'utf8')).toBe('hi a bhello');
    expect(image.copies[0]).toMatchObject({ from: 'first', chown: 'node:node' });
    expect(image.userAtCmd).toBe('node');
  });

  it('stands in for a RUN named by its exact text, and performs any other', async () => {
    const { image } = await buildImage({
      dockerfile: 'FROM node:20-bookworm-slim\nWORKDIR /srv\nRUN echo built > out.txt\nRUN echo real > real.txt\n',
      context,
      workDir,
      baseEnv: { PATH: process.env.PATH ?? '' },
      standIns: {
        'echo built > out.txt': (cwd) => writeFile(path.join(cwd, 'out.txt'), 'stood in'),
        'echo other > real.txt': (cwd) => writeFile(path.join(cwd, 'real.txt'), 'stood in'),
      },
    });
    expect(await readFile(path.join(image.root, 'srv/out.txt'), 'utf8')).toBe('stood in');
    expect(await readFile(path.join(image.root, 'srv/real.txt'), 'utf8')).toBe('real\n');
    expect(image.runs).toEqual(['echo built > out.txt', 'echo real > real.txt']);
    expect(image.stoodIn).toEqual(['echo built > out.txt']);
  });

  it('refuses RUN with an absolute path, CMD in shell form and flags it does not know', async () => {
    await expect(build('FROM node:20-bookworm-slim\nRUN mkdir -p /data\n')).rejects.toThrow(/absolute path \/data/);
    await expect(build('FROM node:20-bookworm-slim\nCMD node server.mjs\n')).rejects.toThrow(/JSON form/);
    await expect(build('FROM node:20-bookworm-slim\nCOPY --link app ./\n')).rejects.toThrow(/--link/);
    await expect(
      build('FROM node:20-bookworm-slim AS a\nCOPY --from=b /x ./\nFROM node:20-bookworm-slim AS b\n'),
    ).rejects.toThrow(/--from=b names no earlier stage/);
  });

  it('reads .dockerignore as Docker does: parent folders, ** and ! exceptions', () => {
    const ignored = dockerignoreFilter('# comment\n**/node_modules\ndist\n.env*\n!.env.example\n/docs/*.md\n');
    expect(ignored('node_modules/x/index.js')).toBe(true);
    expect(ignored('apps/server/node_modules/x/index.js')).toBe(true);
    expect(ignored('dist/server.mjs')).toBe(true);
    // Without **/ a pattern only names a path from the top of the context.
    expect(ignored('apps/server/dist/server.mjs')).toBe(false);
    expect(ignored('.env')).toBe(true);
    expect(ignored('.env.example')).toBe(false);
    expect(ignored('docs/API.md')).toBe(true);
    expect(ignored('docs/deep/API.md')).toBe(false);
    expect(ignored('apps/server/src/server.ts')).toBe(false);
  });

  it('expands variables and reads durations', () => {
    expect(expand('${A}-$B-${C:-c}-${A:+x}', { A: 'a', B: 'b' })).toBe('a-b-c-x');
    expect(() => expand('${SECRET:?set SECRET}', {})).toThrow('SECRET: set SECRET');
    expect(durationMs('1m30s')).toBe(90_000);
    expect(durationMs('500ms')).toBe(500);
  });
});
