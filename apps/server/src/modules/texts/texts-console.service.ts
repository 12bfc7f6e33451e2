import { maskPhoneNumber, PACKAGE_NOT_FOUND, type TextEntry, type TextState } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { pageWindow } from '../../db/paging.ts';
import { notFound } from '../../errors.ts';
import { findPackageRowByCode } from '../packages/package-reads.service.ts';
import { findTextsOfPackage, findTextsPage, type ListedText } from './texts.repository.ts';

/** A text as the console sees it: the number masked here, so the full number never leaves the server. */
function entryOf(row: ListedText): TextEntry {
  return {
    id: row.id,
    trackingCode: row.trackingCode,
    channel: row.channel as TextEntry['channel'],
    number: maskPhoneNumber(row.number),
    kind: row.kind as TextEntry['kind'],
    state: row.state as TextEntry['state'],
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
    sendAt: row.nextAttemptAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The Messages page: a page of texts, newest first, of one state or all. */
export async function listTexts(
  db: Database,
  query: { page: number; pageSize: number; state?: TextState | undefined },
) {
  const { rows, total } = await findTextsPage(db, { state: query.state }, pageWindow(query));
  return { items: rows.map(entryOf), total };
}

/** The texts of a package, newest first, for its history; a code no package has is a 404. */
export async function textsOfPackage(db: Database, trackingCode: string): Promise<TextEntry[]> {
  const pkg = await findPackageRowByCode(db, trackingCode);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  return (await findTextsOfPackage(db, pkg.id)).map(entryOf);
}
