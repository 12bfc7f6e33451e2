import { Alert, Center, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { countOf, INBOX_PAGE_SIZE, type InboxItem, TOAST_MS } from '@waybill/domain';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type AccountDecision, useDecideAccountRequest } from '../api/decide-account-request.ts';
import { useInboxPage } from '../api/list-inbox-items.ts';
import { useSetInboxItemState } from '../api/set-inbox-item-state.ts';
import { KIND_LABELS } from '../inbox-item.ts';
import { InboxFilters, type KindFilter, type StateFilter } from './inbox-filters.tsx';
import { InboxItemCard, senderOf } from './inbox-item-card.tsx';

export interface InboxView {
  kind: KindFilter;
  state: StateFilter;
  page: number;
}

interface InboxViewProps {
  view: InboxView;
  /** A new filter or page; a filter change starts again at page 1. */
  onViewChange: (view: InboxView) => void;
}

function EmptyInbox({ view }: { view: InboxView }) {
  const what = view.kind === 'all' ? 'requests' : `${KIND_LABELS[view.kind].toLowerCase()}s`;
  const title = view.state === 'all' ? `No ${what} yet` : `No ${view.state} ${what}`;
  return (
    <Stack align="center" gap={4} py="xl">
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text c="dimmed" ta="center">
        Support requests, contact messages and account requests appear here as soon as customers send them.
      </Text>
    </Stack>
  );
}

/** The Inbox: filters, the requests newest first with a state toggle each, and pages. */
export function InboxView({ view, onViewChange }: InboxViewProps) {
  const filter = {
    kind: view.kind === 'all' ? undefined : view.kind,
    state: view.state === 'all' ? undefined : view.state,
    page: view.page,
    pageSize: INBOX_PAGE_SIZE,
  };
  const inbox = useInboxPage(filter);
  const setState = useSetInboxItemState();
  const decide = useDecideAccountRequest();

  function decideRequest(item: InboxItem, decision: AccountDecision) {
    decide.mutate(
      { id: item._id, decision },
      {
        onSuccess: (message) =>
          notifySuccess({
            title: decision === 'approve' ? 'Account created' : 'Account request declined',
            message,
            autoClose: TOAST_MS.validation,
          }),
        onError: (error) => notifyError({ title: 'Error deciding the account request', message: error.message }),
      },
    );
  }

  function toggleState(item: InboxItem) {
    const state = item.state === 'new' ? 'handled' : 'new';
    setState.mutate(
      { id: item._id, state },
      {
        onSuccess: () =>
          notifySuccess({
            title: state === 'handled' ? 'Marked as handled' : 'Marked as new',
            message: `${KIND_LABELS[item.kind]} from ${senderOf(item)}`,
            autoClose: TOAST_MS.validation,
          }),
        onError: (error) => notifyError({ title: 'Error updating request', message: error.message }),
      },
    );
  }

  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / inbox.data.pageSize)) : 1;

  return (
    <Stack gap="lg">
      <InboxFilters
        kind={view.kind}
        state={view.state}
        onKindChange={(kind) => onViewChange({ ...view, kind, page: 1 })}
        onStateChange={(state) => onViewChange({ ...view, state, page: 1 })}
      />
      {inbox.isPending && (
        <Center py="xl">
          <Loader aria-label="Loading requests" />
        </Center>
      )}
      {inbox.isError && (
        <Alert color="red" title="Could not load the inbox" role="alert">
          {inbox.error.message}
        </Alert>
      )}
      {inbox.data && (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {countOf(inbox.data.total, 'request', 'requests')}
          </Text>
          {inbox.data.items.length === 0 ? (
            <EmptyInbox view={view} />
          ) : (
            <Stack
              gap="md"
              component="section"
              aria-label="Requests"
              style={{ opacity: inbox.isPlaceholderData ? 0.6 : 1 }}
            >
              {inbox.data.items.map((item) => (
                <InboxItemCard
                  key={item._id}
                  item={item}
                  onToggleState={toggleState}
                  pending={setState.isPending && setState.variables?.id === item._id}
                  busy={setState.isPending || decide.isPending}
                  onDecide={decideRequest}
                  deciding={
                    decide.isPending && decide.variables?.id === item._id ? decide.variables.decision : undefined
                  }
                />
              ))}
            </Stack>
          )}
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={Math.min(view.page, pages)}
                onChange={(page) => onViewChange({ ...view, page })}
                getControlProps={(control) => ({
                  'aria-label': `${control === 'previous' ? 'Previous' : control === 'next' ? 'Next' : control === 'first' ? 'First' : 'Last'} page`,
                })}
                getItemProps={(page) => ({
                  'aria-label': `Page ${page}`,
                  'aria-current': page === view.page ? 'page' : undefined,
                })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
