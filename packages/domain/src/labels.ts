import { PENDING_STATUS, REJECTED_STATUS } from './statuses.ts';

/**
 * A shipping label is printed only for a package the company took on: a Pending one may still be
 * refused and a Rejected one will never travel, so a label for either would put a parcel on the road
 * that nobody is going to carry.
 */
export function canHaveLabel(status: string): boolean {
  return status !== PENDING_STATUS && status !== REJECTED_STATUS;
}
