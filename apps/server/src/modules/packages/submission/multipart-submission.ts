import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import {
  fieldTooLong,
  LIMITS,
  largerThan,
  MALFORMED_MULTIPART,
  MULTIPART_EXPECTED,
  PACKAGE_FIELD_LIMITS,
  receiverWire,
  TOO_MANY_FIELDS,
  tooManyImages,
  unexpectedImageField,
} from '@waybill/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../../errors.ts';

export const IMAGE_FIELD = 'packageImages';

export interface ReceivedFile {
  /** The client's file name, for messages only. */
  filename: string;
  /** Temporary file holding the upload. */
  path: string;
  /** SHA-256 of the bytes, when asked for (to recognise a repeated submission). */
  sha256?: string;
}

export interface ReceivedSubmission {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** Removes the temporary files. */
  cleanup(): Promise<void>;
}

const MAX_MB = LIMITS.maxImageBytes / (1024 * 1024);

/**
 * Bytes a field may take for its character limit: UTF-8 spends at most 3 bytes on a UTF-16 unit, and a
 * form may send a few spaces around a value (they are trimmed before the limit counts).
 */
const bytesFor = (maxLength: number) => maxLength * 3 + 64;

/** Each known field of the form (under its SPEC §7 name) and what it may take. */
const FIELD_LIMITS = new Map(
  Object.entries(PACKAGE_FIELD_LIMITS).map(([field, limit]) => [receiverWire.wireName(field), limit]),
);

/** Fields the submission does not read are dropped, but still held until then: kept small. */
const OTHER_FIELD_BYTES = 1024;

/** The parser's per-field cap: the longest field's own limit. */
export const MULTIPART_FIELD_BYTES = Math.max(...[...FIELD_LIMITS.values()].map((limit) => bytesFor(limit.maxLength)));

/** The refusal for a text part longer than its field may be, or undefined when it fits. */
function refusalOfLongField(fieldname: string, value: string, truncated: boolean): AppError | undefined {
  const limit = FIELD_LIMITS.get(fieldname);
  const bytes = limit === undefined ? OTHER_FIELD_BYTES : bytesFor(limit.maxLength);
  if (!truncated && Buffer.byteLength(value) <= bytes) return undefined;
  if (limit === undefined) return new AppError(413, fieldTooLong(fieldname.slice(0, 40)));
  return validationError([{ path: [fieldname], message: limit.tooLong }]);
}

/** A file name safe to repeat in a message. */
function displayName(filename: string | undefined, index: number): string {
  const base = path
    .basename(filename ?? '')
    .replace(/[\r\n\t]/g, ' ')
    .slice(0, 120);
  return base || `File ${index + 1}`;
}

/** Reads one file part into a temporary file, or throws an AppError that names it. */
async function receiveFile(
  part: MultipartFile,
  index: number,
  directory: string,
  hashBytes: boolean,
): Promise<ReceivedFile | undefined> {
  const filename = displayName(part.filename, index);
  if (part.fieldname !== IMAGE_FIELD) {
    throw new AppError(400, unexpectedImageField(part.fieldname, IMAGE_FIELD));
  }
  if (index >= LIMITS.maxImages) throw new AppError(400, tooManyImages(LIMITS.maxImages));
  const target = path.join(directory, `${index}.upload`);
  const hash = hashBytes ? createHash('sha256') : undefined;
  if (hash) {
    await pipeline(
      part.file,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          yield chunk;
        }
      },
      createWriteStream(target),
    );
  } else {
    await pipeline(part.file, createWriteStream(target));
  }
  // Past the limit the parser stops the stream and marks it truncated.
  if (part.file.truncated) throw new AppError(413, largerThan(filename, MAX_MB));
  // A browser sends an empty part for a file input left empty.
  if (!part.filename && (await stat(target)).size === 0) return undefined;
  return { filename, path: target, sha256: hash?.digest('hex') };
}

/**
 * Streams a multipart package submission: text fields into memory (each bounded by its field's limit),
 * each `packageImages` file to a temporary file under `tmpRoot`, never the whole upload in memory.
 * After the first problem (a field too long, a 6th file, an oversized file, an unexpected file field)
 * the rest of the body is read and discarded, so the client gets the answer instead of a reset
 * connection; then the temporary files are removed and the AppError thrown.
 */
export async function receiveSubmission(
  request: FastifyRequest,
  tmpRoot: string,
  options: { hashFiles?: boolean } = {},
): Promise<ReceivedSubmission> {
  if (!request.isMultipart()) throw new AppError(415, MULTIPART_EXPECTED);
  const directory = path.join(tmpRoot, randomUUID());
  await mkdir(directory, { recursive: true });
  const cleanup = () => rm(directory, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  let failure: unknown;
  let fileCount = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') continue;
        const tooLong = refusalOfLongField(part.fieldname, part.value, part.valueTruncated);
        if (tooLong) failure ??= tooLong;
        else fields[part.fieldname] = part.value;
      } else if (failure) {
        part.file.resume();
      } else {
        try {
          const file = await receiveFile(part, fileCount++, directory, options.hashFiles ?? false);
          if (file) files.push(file);
        } catch (error) {
          failure = error;
          part.file.resume();
        }
      }
    }
  } catch (error) {
    failure ??= error;
  }
  if (!failure) return { fields, files, cleanup };
  await cleanup();
  throw translateParserError(failure);
}

/**
 * What identifies a submission, for a repeated Idempotency-Key: every text field by name and every
 * image's name and bytes in order (received with `hashFiles`).
 */
export function submissionFingerprint(submission: Pick<ReceivedSubmission, 'fields' | 'files'>): string {
  const fields = Object.entries(submission.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const files = submission.files.map((file) => [file.filename, file.sha256 ?? '']);
  return JSON.stringify({ fields, files });
}

function translateParserError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, largerThan('An image', MAX_MB));
  if (code === 'FST_FILES_LIMIT') return new AppError(400, tooManyImages(LIMITS.maxImages));
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError(413, TOO_MANY_FIELDS);
  // The parser's own complaints (no boundary, a body cut off, a broken part header) carry no code;
  // they are the client's fault. A system error (a full disk: it names its syscall) stays a 500.
  if (!(error instanceof AppError) && !(error as { syscall?: string }).syscall) {
    return new AppError(400, MALFORMED_MULTIPART);
  }
  return error;
}
