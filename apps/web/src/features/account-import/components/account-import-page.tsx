import { Alert, Button, Code, Group, Input, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileUpload, IconPrinter } from '@tabler/icons-react';
import {
  type AccountImport,
  countOf,
  IMPORT_MAX_ROWS,
  IMPORT_NO_FILE,
  type ImportProblem,
  type LabelSize,
} from '@waybill/domain';
import { type FormEvent, useId, useState } from 'react';
import { serverMessageOr } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { IMPORT_TEMPLATE_URL, importLabels, refusedRowsOf, useImportShipments } from '../api/import-shipments.ts';
import classes from './stacked-table.module.css';

type Outcome =
  | { kind: 'imported'; imported: AccountImport }
  | { kind: 'refused'; message: string; rows: ImportProblem[] }
  | { kind: 'failed'; message: string };

/** Each refused cell of the file, in a table (a card a row on a phone). */
function ProblemsTable({ rows }: { rows: ImportProblem[] }) {
  return (
    <Table className={classes.table} striped verticalSpacing="xs" aria-label="Refused rows">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={80}>Line</Table.Th>
          <Table.Th w={180}>Column</Table.Th>
          <Table.Th>Problem</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={`${row.line} ${row.column ?? ''}`}>
            <Table.Td data-label="Line">{row.line}</Table.Td>
            <Table.Td data-label="Column" className={classes.cell}>
              {row.column ? <Code>{row.column}</Code> : 'The whole row'}
            </Table.Td>
            <Table.Td data-label="Problem" className={classes.cell}>
              {row.message}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The shipments an import made, and one PDF with the labels of those the courier has accepted. */
function ImportedShipments({ imported }: { imported: AccountImport }) {
  const [size, setSize] = useState<LabelSize>('4x6');
  const [printing, setPrinting] = useState(false);
  const [labelsProblem, setLabelsProblem] = useState<string | undefined>();
  const count = imported.shipments.length;

  const download = useSingleFlight(async () => {
    setPrinting(true);
    setLabelsProblem(undefined);
    try {
      const pdf = await importLabels({ id: imported.id, size });
      saveFile(pdf, `waybill-import-labels-${size}.pdf`);
    } catch (error) {
      setLabelsProblem(serverMessageOr(error, 'The labels could not be printed. Please try again.'));
    } finally {
      setPrinting(false);
    }
  });

  return (
    <Stack gap="sm">
      <Alert
        color="green"
        role="status"
        icon={<IconCircleCheck size={20} aria-hidden />}
        // Green on light green is 3.8:1 for the title: the text's own colour reads at every scheme.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
        title={`${countOf(count, 'shipment', 'shipments')} imported`}
      >
        Each one is Pending until the courier accepts it. Labels print for the shipments the courier has accepted; the
        others are left out of the PDF until then.
      </Alert>
      <Group align="end" gap="sm">
        <SegmentedControl
          aria-label="Label size"
          value={size}
          onChange={(value) => setSize(value as LabelSize)}
          data={[
            { value: '4x6', label: '4×6 labels' },
            { value: 'a4', label: 'A4 sheets' },
          ]}
        />
        <Button leftSection={<IconPrinter size={18} aria-hidden />} loading={printing} onClick={() => download()}>
          Download all labels (PDF)
        </Button>
      </Group>
      {labelsProblem ? (
        <Alert color="yellow" role="status">
          {labelsProblem}
        </Alert>
      ) : null}
      <Table className={classes.table} striped verticalSpacing="xs" aria-label="Imported shipments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>Line</Table.Th>
            <Table.Th>Tracking code</Table.Th>
            <Table.Th>Receiver</Table.Th>
            <Table.Th>Destination</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {imported.shipments.map((shipment) => (
            <Table.Tr key={shipment.trackingCode}>
              <Table.Td data-label="Line">{shipment.line}</Table.Td>
              <Table.Td data-label="Tracking code">
                <Code>{shipment.trackingCode}</Code>
              </Table.Td>
              <Table.Td data-label="Receiver" className={classes.cell}>
                {shipment.receiverName}
              </Table.Td>
              <Table.Td data-label="Destination" className={classes.cell}>
                {shipment.destination}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * The business portal's spreadsheet import: the template to download, a CSV file to send, then the
 * refused rows (line, column, problem; nothing stored) or the shipments made with their labels.
 */
export function AccountImportPage() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const upload = useImportShipments();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setOutcome({ kind: 'failed', message: IMPORT_NO_FILE });
      return;
    }
    setOutcome(undefined);
    upload.mutate(file, {
      onSuccess: (imported) => {
        setOutcome({ kind: 'imported', imported });
        notifySuccess({
          title: 'Shipments imported',
          message: `${countOf(imported.shipments.length, 'shipment', 'shipments')} created`,
        });
      },
      onError: (error) => {
        const rows = refusedRowsOf(error);
        const message = serverMessageOr(error, 'The file could not be imported. Please try again.');
        setOutcome(rows ? { kind: 'refused', message, rows } : { kind: 'failed', message });
      },
    });
  }

  return (
    <Stack gap="md" maw={960}>
      <Text>
        Up to {IMPORT_MAX_ROWS} shipments at once from a spreadsheet saved as CSV (UTF-8). Start from the template: one
        row a shipment, its columns named as in the API. If any row has a problem, nothing is imported and every problem
        is listed below.
      </Text>
      <Group>
        <Button
          component="a"
          href={IMPORT_TEMPLATE_URL}
          download
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          Download the template
        </Button>
      </Group>
      <form onSubmit={submit} aria-label="Import a CSV file">
        <Group align="end" gap="sm">
          <Input.Wrapper label="CSV file" id={inputId} description="A .csv file, at most 4 MB">
            <input
              id={inputId}
              type="file"
              aria-describedby={`${inputId}-description`}
              accept=".csv,text/csv"
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                setOutcome(undefined);
              }}
              style={{ display: 'block', marginTop: 4 }}
            />
          </Input.Wrapper>
          <Button type="submit" loading={upload.isPending} leftSection={<IconFileUpload size={18} aria-hidden />}>
            Import
          </Button>
        </Group>
      </form>
      {outcome?.kind === 'failed' ? (
        <Alert color="red" title="Nothing was imported">
          {outcome.message}
        </Alert>
      ) : null}
      {outcome?.kind === 'refused' ? (
        <Stack gap="xs">
          <Alert color="red" title="Nothing was imported">
            {outcome.message}
          </Alert>
          {outcome.rows.length > 0 ? <ProblemsTable rows={outcome.rows} /> : null}
        </Stack>
      ) : null}
      {outcome?.kind === 'imported' ? <ImportedShipments imported={outcome.imported} /> : null}
    </Stack>
  );
}
