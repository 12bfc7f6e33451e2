import { Box, Container, type MantineSpacing, type StyleProp } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of every console page: one width and one padding, so the title and the left edge stay
 * where they were when the operator moves from page to page. A page whose content reads better narrow
 * (a form, the scanner) gives `contentWidth`: the content is narrower, its left edge the same.
 */
export function ConsolePage({
  children,
  contentWidth,
  pb,
  centred = false,
}: {
  children: ReactNode;
  contentWidth?: string;
  pb?: StyleProp<MantineSpacing>;
  centred?: boolean;
}) {
  return (
    <Container
      size="xl"
      pt={{ base: 'md', md: 'lg' }}
      pb={pb ?? { base: 'md', md: 'lg' }}
      px={{ base: 'sm', sm: 'md' }}
    >
      {contentWidth || centred ? (
        <Box maw={contentWidth} mx={centred ? 'auto' : undefined} ta={centred ? 'center' : undefined}>
          {children}
        </Box>
      ) : (
        children
      )}
    </Container>
  );
}
