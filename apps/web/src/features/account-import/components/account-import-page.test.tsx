import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AccountImport, IMPORT_NO_LABELS, type ImportRefusal } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { AccountImportPage } from '../index.ts';

afterEach(() => vi.unstubAllGlobals());

const CSV = new File(['receiver.name\nAda\n'], 'shipments.csv', { type: 'text/csv' });

/** The server, as fetch sees it: each call answered in turn. */
function serve(...answers: (() => Response)[]) {
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) => answers.shift()!());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function upload() {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=test-token';
  const user = userEvent.setup();
  renderForTest(<AccountImportPage />);
  expect(screen.getByRole('link', { name: 'Download the template' }).getAttribute('href')).toBe(
    '/api/account/imports/template.csv',
  );
  await user.upload(screen.getByLabelText('CSV file'), CSV);
  await user.click(screen.getByRole('button', { name: 'Import' }));
  return user;
}

describe('AccountImportPage', () => {
  it('lists every refused row with its line, column and problem, and says nothing was imported', async () => {
    const refusal: ImportRefusal = {
      message: '2 rows were refused (2 problems); nothing was imported. Correct the file and import it again.',
      rows: [
        { line: 3, column: 'receiver.email', message: "Receiver's email is required" },
        { line: 7, column: null, message: 'This row has 14 cells; the header row has 12.' },
      ],
    };
    const fetch = serve(() => Response.json(refusal, { status: 400 }));
    await upload();
    const table = await screen.findByRole('table', { name: 'Refused rows' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['3', 'receiver.email', "Receiver's email is required"],
      ['7', 'The whole row', 'This row has 14 cells; the header row has 12.'],
    ]);
    expect(screen.getByText(refusal.message)).toBeTruthy();
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/account/imports');
    expect((init!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(new Headers(init!.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows the shipments made, and the labels’ refusal while none is accepted', async () => {
    const imported: AccountImport = {
      id: '0e8a6a3e-2f7c-4b55-9b1e-2a3c4d5e6f70',
      createdAt: '2026-11-28T06:00:00.000Z',
      shipments: [
        { line: 2, trackingCode: 'WB7K2M9QX4TP', status: 'Pending', receiverName: 'Kemi', destination: 'Ikeja' },
        { line: 3, trackingCode: 'WB8L3N0RY5UQ', status: 'Pending', receiverName: 'Bola', destination: 'Yaba' },
      ],
    };
    const fetch = serve(
      () => Response.json(imported, { status: 201 }),
      () => Response.json({ message: IMPORT_NO_LABELS }, { status: 409 }),
    );
    const user = await upload();
    const table = await screen.findByRole('table', { name: 'Imported shipments' });
    expect(within(table).getByText('WB7K2M9QX4TP')).toBeTruthy();
    expect(within(table).getByText('Yaba')).toBeTruthy();
    expect(screen.getByText('2 shipments imported')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'A4 sheets' }));
    await user.click(screen.getByRole('button', { name: 'Download all labels (PDF)' }));
    expect(await screen.findByText(IMPORT_NO_LABELS)).toBeTruthy();
    expect(fetch.mock.calls[1]?.[0]).toBe(`/api/account/imports/${imported.id}/labels?size=a4`);
  });
});
