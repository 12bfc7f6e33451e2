import { Box, Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageSectionProps {
  /** The h2; also names the section landmark. */
  title: string;
  subtitle?: string;
  id: string;
  /** A tinted band to separate neighbouring sections. */
  tinted?: boolean;
  children: ReactNode;
}

/** A titled, centred band of a marketing page. */
export function PageSection({ title, subtitle, id, tinted, children }: PageSectionProps) {
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-title`}
      py={{ base: 48, md: 72 }}
      bg={tinted ? 'var(--mantine-color-default-hover)' : undefined}
    >
      <Container size="lg">
        <Title order={2} id={`${id}-title`} ta="center" mb="xs">
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" ta="center" maw={640} mx="auto" mb={40}>
            {subtitle}
          </Text>
        ) : null}
        {children}
      </Container>
    </Box>
  );
}
