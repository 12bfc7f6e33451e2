import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, type Encoding, matches } from './rendered-page.ts';

/** How the build's assets are typed, by extension; anything else is sent as bytes. */
const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};
const SUFFIX: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The encoding to send `name` in: the one the browser prefers when the build has it, else gzip (a
 * browser taking brotli takes gzip too), else the file as it is.
 */
function availableEncoding(wanted: Encoding, name: string, names: Set<string>): Encoding {
  if (wanted === 'br' && names.has(`${name}${SUFFIX.br}`)) return 'br';
  if (wanted !== 'identity' && names.has(`${name}${SUFFIX.gzip}`)) return 'gzip';
  return 'identity';
}

/**
 * The web build's hashed assets (a flat folder whose names change with their content), served from
 * memory: the folder is listed once, so an unknown name is answered without touching the disk, and
 * each file is read once in the encoding first asked for (the build's pre-compressed .br and .gz), then
 * kept while the process runs, as it can never change. What a visit downloads is a few hundred KB; the
 * whole folder in all three encodings a few MB.
 */
export class AssetFiles {
  readonly #folder: string;
  #names: Promise<Set<string>> | undefined;
  readonly #bodies = new Map<string, Promise<Buffer>>();

  constructor(folder: string) {
    this.#folder = folder;
  }

  /** The folder's file names, read at the first request (a build without the folder has none). */
  #list(): Promise<Set<string>> {
    this.#names ??= readdir(this.#folder).then(
      (names) => new Set(names),
      () => new Set<string>(),
    );
    return this.#names;
  }

  #read(file: string): Promise<Buffer> {
    let body = this.#bodies.get(file);
    if (!body) {
      body = readFile(path.join(this.#folder, file));
      this.#bodies.set(file, body);
      // A read that failed (the file went away) is tried again next time rather than kept.
      body.catch(() => this.#bodies.delete(file));
    }
    return body;
  }

  /**
   * Sends the asset `name` (a bare file name, checked by the caller) compressed as the browser takes
   * it, with a year-long cache and an ETag of its name and encoding; undefined when the build has no
   * such file.
   */
  async send(request: FastifyRequest, reply: FastifyReply, name: string): Promise<FastifyReply | undefined> {
    const names = await this.#list();
    if (!names.has(name)) return undefined;
    const encoding = availableEncoding(chooseEncoding(request.headers['accept-encoding']), name, names);
    const etag = `"${name}${encoding === 'identity' ? '' : `-${encoding}`}"`;
    reply
      .header('Cache-Control', IMMUTABLE)
      .header('Vary', 'Accept-Encoding')
      .header('ETag', etag)
      .type(TYPES[path.extname(name)] ?? 'application/octet-stream');
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const body = await this.#read(encoding === 'identity' ? name : `${name}${SUFFIX[encoding]}`);
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(body);
  }
}
