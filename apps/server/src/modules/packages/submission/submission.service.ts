import {
  PACKAGE_SUBMITTED,
  type PackageDetails,
  packageFormInputSchema,
  receiverWire,
  type SubmittedPackage,
  shipperTextsSchema,
  type TextChannel,
} from '@waybill/domain';
import type { Database } from '../../../db/client.ts';
import { validationError } from '../../../errors.ts';
import type { AuditActor } from '../../audit/audit.service.ts';
import { deleteStoredImages, storeImages } from '../images/image-processing.ts';
import { createPackage, type PackageDeps } from '../packages.service.ts';
import type { ReceivedFile } from './multipart-submission.ts';

export interface SubmissionSteps<Replay> {
  /**
   * Claims the request's Idempotency-Key once the fields are known to be valid: the first answer to
   * replay when this is a repeat, undefined when this request is to do the work (or carries no key).
   */
  claimKey(): Promise<Replay | undefined>;
  log: { info(details: object, message: string): void };
  /**
   * With a text provider: checks the shipper's "Text me updates" and stores the channel in the
   * package's transaction (without one, the choice is not read).
   */
  shipperTexts?: ShipperTexts | undefined;
}

/** The texts module's check of the shipper's choice (`app.shipperTexts`). */
type ShipperTexts = (
  phone: string,
  wanted: TextChannel,
) => Promise<{ channel: TextChannel; store: StoreAlso } | { problem: string }>;
type StoreAlso = (tx: Database, pkg: { id: string }) => Promise<void>;

/**
 * A customer's package, from the fields and images a form carried: the fields are checked (SPEC §5
 * messages), then the images stored and the package created in one transaction; when that fails the
 * images are removed again, so a refused or failed submission leaves neither a row nor a file. A repeat
 * (same key) waits for the first request's answer and replays it: only the request that owns the key
 * stores images and a package.
 */
export async function submitPackage<Replay>(
  deps: PackageDeps,
  actor: AuditActor,
  received: { fields: Record<string, string>; files: ReceivedFile[] },
  steps: SubmissionSteps<Replay>,
): Promise<{ replay: Replay } | { submitted: SubmittedPackage }> {
  // The form's fields carry SPEC §7's names, and so do the paths of its refusals.
  const input = packageFormInputSchema.safeParse(received.fields);
  // "Text me updates": its phone is checked only when it was ticked and texts can be sent.
  const wanted = shipperTextsSchema.parse(received.fields).textUpdates;
  const texts =
    wanted && steps.shipperTexts ? await steps.shipperTexts(received.fields.phone ?? '', wanted) : undefined;
  const issues = input.success ? [] : input.error.issues;
  if (texts && 'problem' in texts && !issues.some((issue) => issue.path[0] === 'phone')) {
    issues.push({ code: 'custom', path: ['phone'], message: texts.problem, input: received.fields.phone });
  }
  if (!input.success || issues.length > 0) throw validationError(issues);
  const chosen = texts && 'channel' in texts ? texts : undefined;
  const channel = chosen?.channel;
  const replay = await steps.claimKey();
  if (replay !== undefined) return { replay };
  const pkg = await storePackage(deps, actor, receiverWire.fromWire(input.data), received.files, chosen?.store);
  steps.log.info({ trackingCode: pkg.trackingCode, images: received.files.length }, 'package submitted');
  return {
    submitted: {
      message: PACKAGE_SUBMITTED,
      trackingCode: pkg.trackingCode,
      status: pkg.status,
      packageImages: pkg.packageImages,
      ...(channel && { textUpdates: channel }),
    },
  };
}

async function storePackage(
  deps: PackageDeps,
  actor: AuditActor,
  input: PackageDetails,
  files: ReceivedFile[],
  storeAlso: StoreAlso | undefined,
) {
  const images = await storeImages(files, deps.storage);
  try {
    return await createPackage(deps, actor, input, images, storeAlso);
  } catch (error) {
    await deleteStoredImages(images, deps.storage);
    throw error;
  }
}
