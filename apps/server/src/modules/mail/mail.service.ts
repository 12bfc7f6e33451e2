import type { MailLogEntry } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { pageWindow } from '../../db/paging.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { countMailLog, findMailLogPage, type MailLogRow } from './mail-log.repository.ts';
import { readNotifyCustomers, saveNotifyCustomers } from './outbox.repository.ts';

function toMailLogEntry(row: MailLogRow): MailLogEntry {
  return {
    _id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    status: row.status as MailLogEntry['status'],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of the mail log, newest first, and how many entries it holds in all. */
export async function listMailLog(
  db: Database,
  page: { page: number; pageSize: number },
): Promise<{ items: MailLogEntry[]; total: number }> {
  const [rows, total] = await Promise.all([findMailLogPage(db, pageWindow(page)), countMailLog(db)]);
  return { items: rows.map(toMailLogEntry), total };
}

/** Whether customers are e-mailed about changes to their package (true until an admin turns it off). */
export async function getNotificationSettings(db: Database): Promise<{ notifyCustomers: boolean }> {
  return { notifyCustomers: await readNotifyCustomers(db) };
}

export async function saveNotificationSettings(
  db: Database,
  actor: AuditActor,
  settings: { notifyCustomers: boolean },
): Promise<{ notifyCustomers: boolean }> {
  return db.transaction(async (tx) => {
    const before = await readNotifyCustomers(tx);
    const notifyCustomers = await saveNotifyCustomers(tx, settings.notifyCustomers);
    await recordAudit(tx, {
      actor,
      action: 'settings.notifications_changed',
      target: { type: 'settings', id: 'notifications' },
      before: { notifyCustomers: before },
      after: { notifyCustomers },
    });
    return { notifyCustomers };
  });
}
