import { INBOX_KIND_LABELS } from '@waybill/domain';

/** The badge text of each kind, singular. */
export const KIND_LABELS = INBOX_KIND_LABELS;
