import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config.ts';
import { assertSafeKey, type ImageStorage, type StoredObject, UPLOADS_URL_PREFIX } from './image-storage.ts';

/** How long `checkReady` waits for the bucket (the readiness route answers within 3 s). */
const READY_TIMEOUT_MS = 2500;

/** An object as `/uploads/{file}` sends it: its size and version, and its bytes for a GET. */
interface ServedObject {
  body?: Readable;
  contentLength?: number;
  etag?: string;
  lastModified?: Date;
}

/**
 * The SDK, loaded when a bucket is first used: most installations keep photos on disk, and loading it
 * costs a start about 0.3 s of CPU and 30 MB.
 */
type S3Sdk = typeof import('@aws-sdk/client-s3');
let sdkLoading: Promise<S3Sdk> | undefined;
const s3Sdk = (): Promise<S3Sdk> => {
  sdkLoading ??= import('@aws-sdk/client-s3');
  return sdkLoading;
};

/** An S3 error answer (the SDK's S3ServiceException), told by its shape so the SDK need not be loaded. */
const isMissing = (error: unknown) => {
  if (!(error instanceof Error) || !('$metadata' in error)) return false;
  const metadata = error.$metadata as { httpStatusCode?: number } | undefined;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || metadata?.httpStatusCode === 404;
};

function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * Images as objects of one S3-compatible bucket (S3_BUCKET), which every process behind a load balancer
 * shares; still served under /uploads/ by the app (plugins/uploads.ts), so page URLs do not change.
 * Region, credentials and endpoint come from the SDK's own environment variables (AWS_REGION,
 * AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_ENDPOINT_URL_S3, or an instance role).
 */
export class S3ImageStorage implements ImageStorage {
  readonly bucket: string;
  private readonly prefix: string;
  private readonly forcePathStyle: boolean | undefined;
  private clientMade: Promise<S3Client> | undefined;
  private readonly listPageSize: number | undefined;

  /** `listPageSize` is the ListObjectsV2 page (S3's own is 1000 keys). */
  constructor({ bucket, prefix, forcePathStyle }: S3StorageConfig, { listPageSize }: { listPageSize?: number } = {}) {
    this.bucket = bucket;
    this.prefix = prefix;
    this.forcePathStyle = forcePathStyle;
    this.listPageSize = listPageSize;
  }

  /** The SDK's client, made at the first use of the bucket. */
  private client(): Promise<S3Client> {
    this.clientMade ??= s3Sdk().then(({ S3Client }) => this.makeClient(S3Client));
    return this.clientMade;
  }

  private makeClient(Client: typeof S3Client): S3Client {
    return new Client({
      forcePathStyle: this.forcePathStyle,
      // Since 3.729 the SDK adds a CRC32 checksum header to every upload (aws-chunked bodies for streams)
      // and asks for checksums on downloads. Amazon S3 takes them (so does s3rver, for whole buffers), but
      // several S3-compatible services refuse them: Cloudflare R2 answered 501 "Header
      // 'x-amz-checksum-crc32' … not implemented", Backblaze B2 refuses x-amz-sdk-checksum-algorithm, and
      // some vendors' stores refuse aws-chunked bodies. Each image is sent whole from memory with its
      // length and SigV4 signature, usually over TLS: the extra checksum adds little here.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // Without limits a bucket that stops answering would hold an upload or a page's images forever.
      requestHandler: { connectionTimeout: 5000, socketTimeout: 60_000 },
    });
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return `${this.prefix}${key}`;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    // A PutObject is atomic: readers see the whole object or none, so there is no half-written state.
    const [client, { PutObjectCommand }] = await Promise.all([this.client(), s3Sdk()]);
    await client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
      }),
    );
  }

  async read(key: string): Promise<Buffer> {
    const [client, { GetObjectCommand }] = await Promise.all([this.client(), s3Sdk()]);
    const object = await client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    if (!object.Body) throw new Error(`The object ${key} has no body`);
    return Buffer.from(await object.Body.transformToByteArray());
  }

  /** The objects under the prefix (deeper "folders" are not ours), page by page. */
  async list(): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    const [client, { paginateListObjectsV2 }] = await Promise.all([this.client(), s3Sdk()]);
    const pages = paginateListObjectsV2(
      { client, pageSize: this.listPageSize },
      { Bucket: this.bucket, Prefix: this.prefix },
    );
    for await (const page of pages) {
      for (const { Key, LastModified } of page.Contents ?? []) {
        const key = Key?.slice(this.prefix.length);
        if (!key || !LastModified || !isSafeKey(key)) continue;
        objects.push({ key, modifiedAt: LastModified });
      }
    }
    return objects;
  }

  async delete(key: string): Promise<void> {
    const [client, { DeleteObjectCommand }] = await Promise.all([this.client(), s3Sdk()]);
    try {
      await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
    } catch (error) {
      // S3 answers 204 for a missing key; some compatible servers answer 404.
      if (!isMissing(error)) throw error;
    }
  }

  urlFor(key: string): string {
    return `${UPLOADS_URL_PREFIX}${key}`;
  }

  async checkReady(): Promise<void> {
    const [client, { HeadBucketCommand }] = await Promise.all([this.client(), s3Sdk()]);
    await client.send(new HeadBucketCommand({ Bucket: this.bucket }), {
      abortSignal: AbortSignal.timeout(READY_TIMEOUT_MS),
    });
  }

  /**
   * The object to serve under `key` (with its body unless `headOnly`), or undefined when there is none.
   * The caller must consume or destroy the body.
   */
  async open(key: string, { headOnly = false } = {}): Promise<ServedObject | undefined> {
    const input = { Bucket: this.bucket, Key: this.objectKey(key) };
    const [client, { GetObjectCommand, HeadObjectCommand }] = await Promise.all([this.client(), s3Sdk()]);
    try {
      const object = headOnly
        ? await client.send(new HeadObjectCommand(input))
        : await client.send(new GetObjectCommand(input));
      return {
        body: 'Body' in object ? (object.Body as Readable | undefined) : undefined,
        contentLength: object.ContentLength,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Closes the client's pooled connections (when the app closes), if it was made. */
  async close(): Promise<void> {
    (await this.clientMade)?.destroy();
  }
}
