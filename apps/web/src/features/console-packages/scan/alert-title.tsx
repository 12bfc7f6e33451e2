import { Text } from '@mantine/core';

/** An alert's title in the body colour: the alert's own yellow, green or red is too pale on its tinted ground. */
export function AlertTitle({ children }: { children: string }) {
  return (
    <Text component="span" fw={700} c="var(--mantine-color-text)">
      {children}
    </Text>
  );
}
