import { AccountPage } from '../../../components/account-shell/account-page.tsx';
import { AccountImportPage } from '../../../features/account-import/index.ts';

export const handle = { title: 'Import shipments | Waybill Business Account' };

/** /account/import: shipments from a CSV spreadsheet, all or none, and their labels as one PDF. */
export function Component() {
  return (
    <AccountPage title="Import shipments">
      <AccountImportPage />
    </AccountPage>
  );
}
