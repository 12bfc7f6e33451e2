// A real S3-compatible server for tests: s3rver on 127.0.0.1, a free port and a temporary folder, with
// one empty bucket. `env` configures Waybill for it, in-process (see `useInProcess`) or in a child.
//
// s3rver runs as a child process started with --openssl-legacy-provider: it encrypts the continuation
// token of a truncated ListObjectsV2 page with DES, which Node.js 17 and later (OpenSSL 3) offer only
// from that provider; without it every listing longer than a page answers 500 InternalError. As a
// process of its own it can also be stopped for real (connections refused) and started again.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { findFreePort } from '@waybill/testing';

const SERVER_SCRIPT = path.join(import.meta.dirname, 's3rver-process.mjs');
const START_LIMIT_MS = 30_000;

/** s3rver's fixed key pair. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  /** S3_BUCKET, S3_FORCE_PATH_STYLE, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_ENDPOINT_URL_S3. */
  env: Record<string, string>;
  bucket: string;
  endpoint: string;
  /** A client of the bucket for checks made beside the app. */
  client: S3Client;
  /** Every key of the bucket, sorted. */
  keys(): Promise<string[]>;
  /** The bytes of one object. */
  read(key: string): Promise<Buffer>;
  /** Writes an object directly (as another process or an older Waybill would have). */
  write(key: string, data: Buffer): Promise<void>;
  remove(key: string): Promise<void>;
  /** Stops answering (connections refused) and starts again on the same port with the same objects. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The AWS SDK reads its settings from process.env, not from the env given to loadConfig: a test that
 * builds the app in its own process puts them there. Returns the function that takes them back out.
 */
export function useInProcess(env: Record<string, string>): () => void {
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  return () => {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

export async function startTestS3(bucket = 'waybill-photos'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'waybill-s3-'));
  const port = await findFreePort();
  const endpoint = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const start = async () => {
    const child = spawn(
      process.execPath,
      ['--openssl-legacy-provider', SERVER_SCRIPT, String(port), directory, bucket],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server = child;
    // Never left running by a test process that ends without closing it.
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    child.once('exit', () => process.off('exit', killOnExit));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${output}`)), START_LIMIT_MS);
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('ready\n')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited (${code}): ${output}`));
      });
    });
  };
  const stop = async () => {
    const child = server;
    server = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  await start();

  const env = {
    S3_BUCKET: bucket,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: ACCESS_KEY,
    AWS_SECRET_ACCESS_KEY: ACCESS_KEY,
    AWS_ENDPOINT_URL_S3: endpoint,
  };
  const client = new S3Client({
    region: env.AWS_REGION,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    env,
    bucket,
    endpoint,
    client,
    async keys() {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      }
      return keys.sort();
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async write(key, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data }));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    stop,
    start,
    async close() {
      client.destroy();
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
