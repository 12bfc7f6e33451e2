import { Alert, Button, Skeleton, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Named in the failure message: "Could not load the plan". */
  what: string;
  children: (data: T) => ReactNode;
}

/** A card-sized placeholder while loading, a retry prompt on failure, else the children with the data. */
export function QueryState<T>({ query, what, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <div role="status">
        <VisuallyHidden>Loading {what}</VisuallyHidden>
        <Skeleton height={220} radius="lg" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" title={`Could not load ${what}`} icon={<IconAlertTriangle aria-hidden />}>
        {query.error.message}
        <Button mt="sm" size="xs" variant="default" display="block" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return children(query.data);
}
