import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import {
  DELIVERY_PROOF_FILES,
  fieldTooLong,
  LIMITS,
  largerThan,
  MALFORMED_MULTIPART,
  MULTIPART_EXPECTED,
  ONE_PHOTO_ONE_SIGNATURE,
  RECEIVED_BY_MAX,
  SIGNATURE_MAX_BYTES,
  sendOneAtMost,
  TOO_MANY_FIELDS,
  unexpectedField,
  unexpectedProofFile,
} from '@waybill/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.ts';
import type { ReceivedFile } from '../submission/multipart-submission.ts';

/** A file small enough to hold in memory (a signature): it never touches the disk. */
export interface ReceivedBytes {
  bytes: Buffer;
  sha256: string;
}

export interface ReceivedProof {
  fields: Record<string, string>;
  photo?: ReceivedFile;
  signature?: ReceivedBytes;
  cleanup(): Promise<void>;
}

/** Bytes each text part may take: UTF-8 spends at most 3 bytes a UTF-16 unit, plus room for spaces. */
const FIELD_BYTES: Record<string, number> = { trackingCode: 64 * 3 + 64, receivedBy: RECEIVED_BY_MAX * 3 + 64 };
export const PROOF_FIELD_BYTES = Math.max(...Object.values(FIELD_BYTES));

const MAX_MB = LIMITS.maxImageBytes / (1024 * 1024);
export const SIGNATURE_TOO_LARGE = `The signature is larger than ${SIGNATURE_MAX_BYTES / 1024} KB`;

/**
 * Reads the signature into memory, keeping nothing once it passes its limit (the parser's file limit
 * is the photo's 10 MB, twenty times more): an oversized one is refused with its own limit, having
 * never been written to disk. The rest of it is read and dropped, so the client gets the answer.
 */
async function receiveSignature(part: MultipartFile): Promise<ReceivedBytes | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= SIGNATURE_MAX_BYTES) chunks.push(chunk);
    else chunks.length = 0;
  }
  if (size > SIGNATURE_MAX_BYTES || part.file.truncated) throw new AppError(413, SIGNATURE_TOO_LARGE);
  // A browser sends an empty part for a file input left empty.
  if (size === 0) return undefined;
  const bytes = Buffer.concat(chunks);
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

async function receivePhoto(part: MultipartFile, target: string): Promise<ReceivedFile | undefined> {
  const hash = createHash('sha256');
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
  if (part.file.truncated) throw new AppError(413, largerThan('The photo', MAX_MB));
  const { size } = await stat(target);
  // A browser sends an empty part for a file input left empty.
  if (size === 0) return undefined;
  return { filename: 'The photo', path: target, sha256: hash.digest('hex') };
}

/**
 * Streams a proof-of-delivery form: `trackingCode` and `receivedBy` into memory (each bounded), at
 * most one `photo` to a temporary file under `tmpRoot` and one `signature` into memory (512 KB at most). After the first problem
 * the rest of the body is read and discarded, the temporary files removed and the AppError thrown.
 */
export async function receiveProof(request: FastifyRequest, tmpRoot: string): Promise<ReceivedProof> {
  if (!request.isMultipart()) throw new AppError(415, MULTIPART_EXPECTED);
  const directory = path.join(tmpRoot, randomUUID());
  await mkdir(directory, { recursive: true });
  const cleanup = () => rm(directory, { recursive: true, force: true });
  const received: Omit<ReceivedProof, 'cleanup'> = { fields: {} };
  let failure: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const limit = FIELD_BYTES[part.fieldname];
        if (limit === undefined) failure ??= new AppError(400, unexpectedField(part.fieldname.slice(0, 40)));
        else if (typeof part.value !== 'string' || part.valueTruncated || Buffer.byteLength(part.value) > limit) {
          failure ??= new AppError(413, fieldTooLong(part.fieldname));
        } else received.fields[part.fieldname] = part.value;
        continue;
      }
      const name = part.fieldname as keyof typeof DELIVERY_PROOF_FILES;
      if (failure || (name !== 'photo' && name !== 'signature') || received[name]) {
        if (!failure) {
          failure =
            name === 'photo' || name === 'signature'
              ? new AppError(400, sendOneAtMost(name))
              : new AppError(400, unexpectedProofFile(part.fieldname.slice(0, 40)));
        }
        part.file.resume();
        continue;
      }
      try {
        if (name === DELIVERY_PROOF_FILES.signature) {
          const signature = await receiveSignature(part);
          if (signature) received.signature = signature;
        } else {
          const photo = await receivePhoto(part, path.join(directory, `${name}.upload`));
          if (photo) received.photo = photo;
        }
      } catch (error) {
        failure = error;
        part.file.resume();
      }
    }
  } catch (error) {
    failure ??= error;
  }
  if (!failure) return { ...received, cleanup };
  await cleanup();
  throw translateParserError(failure);
}

/** What identifies a proof for a repeated Idempotency-Key: the fields and the bytes of each file. */
export function proofFingerprint(proof: Omit<ReceivedProof, 'cleanup'>): string {
  const fields = Object.entries(proof.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify({ fields, photo: proof.photo?.sha256 ?? '', signature: proof.signature?.sha256 ?? '' });
}

function translateParserError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, largerThan('A file', MAX_MB));
  if (code === 'FST_FILES_LIMIT') return new AppError(400, ONE_PHOTO_ONE_SIGNATURE);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new AppError(413, TOO_MANY_FIELDS);
  if (!(error instanceof AppError) && !(error as { syscall?: string }).syscall) {
    return new AppError(400, MALFORMED_MULTIPART);
  }
  return error;
}
