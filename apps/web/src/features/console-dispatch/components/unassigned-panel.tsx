import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { countOf, type Run, UNASSIGNED_PAGE_SIZE } from '@waybill/domain';
import { useEffect, useState } from 'react';
import { useUnassigned } from '../api/list-unassigned.ts';
import classes from './dispatch.module.css';

interface UnassignedPanelProps {
  date: string;
  runs: Run[];
  busy: boolean;
  /** Appends the codes to the run's stops; resolves true when they were stored. */
  assign: (run: Run, codes: string[]) => Promise<boolean>;
}

/**
 * The packages that can go out on the day and are on no run yet: a page at a time (never the whole
 * day's list), searchable, each with a checkbox; the chosen ones go to the end of a run.
 */
export function UnassignedPanel({ date, runs, busy, assign }: UnassignedPanelProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [runId, setRunId] = useState('');
  const list = useUnassigned({ date, q, page, pageSize: UNASSIGNED_PAGE_SIZE });

  // Another day or another search starts from its first page with nothing chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the day or the search changes
  useEffect(() => {
    setPage(1);
    setSelected([]);
  }, [date, q]);

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / UNASSIGNED_PAGE_SIZE));
  const target = runs.find((run) => run.id === runId) ?? (runs.length === 1 ? runs[0] : undefined);
  const allOnPage = items.length > 0 && items.every((item) => selected.includes(item.trackingCode));

  function toggle(code: string, on: boolean) {
    setSelected((current) => (on ? [...current, code] : current.filter((other) => other !== code)));
  }

  async function submit() {
    if (!target || selected.length === 0) return;
    if (await assign(target, selected)) setSelected([]);
  }

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="unassigned-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="unassigned-title">
            Not on a run
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite">
            {list.isPending ? 'Loading…' : countOf(total, 'package', 'packages')}
          </Text>
        </Group>
        <TextInput
          label="Search packages not on a run"
          placeholder="Code, name, e-mail or phone"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Run"
            value={target?.id ?? ''}
            onChange={(event) => setRunId(event.currentTarget.value)}
            data={[
              { value: '', label: runs.length === 0 ? 'No run yet: start one' : 'Choose a run…', disabled: true },
              ...runs.map((run) => ({ value: run.id, label: `${run.driverName} (${run.stops.length})` })),
            ]}
            style={{ flex: '1 1 12rem' }}
          />
          <Button onClick={submit} disabled={!target || selected.length === 0 || busy} loading={busy}>
            {selected.length > 0 ? `Assign ${countOf(selected.length, 'package', 'packages')}` : 'Assign'}
          </Button>
        </Group>
        {list.isError ? (
          <Alert color="red" title="Could not load the packages">
            {list.error.message}
          </Alert>
        ) : null}
        {list.isPending ? <Loader size="sm" aria-label="Loading the packages not on a run" /> : null}
        {!list.isPending && items.length === 0 && !list.isError ? (
          <Text size="sm" c="dimmed">
            {q ? 'No package not on a run matches this search.' : 'Every package that can go out is on a run.'}
          </Text>
        ) : null}
        {items.length > 0 ? (
          <>
            <Checkbox
              label="Select this page"
              checked={allOnPage}
              indeterminate={!allOnPage && items.some((item) => selected.includes(item.trackingCode))}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                const codes = items.map((item) => item.trackingCode);
                setSelected((current) =>
                  on ? [...new Set([...current, ...codes])] : current.filter((code) => !codes.includes(code)),
                );
              }}
            />
            <ul className={classes.unassigned} aria-label="Packages not on a run">
              {items.map((item) => (
                <li key={item.trackingCode}>
                  <Checkbox
                    checked={selected.includes(item.trackingCode)}
                    onChange={(event) => toggle(item.trackingCode, event.currentTarget.checked)}
                    aria-label={`Select ${item.trackingCode}`}
                    label={
                      <Stack gap={0}>
                        <Group gap={6}>
                          <Text ff="monospace" fw={700} size="sm">
                            {item.trackingCode}
                          </Text>
                          <Badge variant="light" color="gray" size="sm" radius="sm" tt="none">
                            {item.status}
                          </Badge>
                        </Group>
                        <Text size="sm">{item.receiverName}</Text>
                        <Text size="sm" c="dimmed" lineClamp={1}>
                          {item.destination}
                        </Text>
                      </Stack>
                    }
                  />
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                siblings={0}
                aria-label="Pages of packages not on a run"
                getItemProps={(number) => ({ 'aria-label': `Page ${number}` })}
              />
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
