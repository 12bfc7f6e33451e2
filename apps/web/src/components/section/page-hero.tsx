import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page-hero.module.css';

interface PageHeroProps {
  /** The page's h1: plain text, so the prerendered HTML carries it as one string. */
  title: string;
  eyebrow: string;
  lead: ReactNode;
  /** Buttons under the lead, or a band of figures. */
  children?: ReactNode;
}

/** The opening band of an inner marketing page, in the home hero's colours (the same in both modes). */
export function PageHero({ title, eyebrow, lead, children }: PageHeroProps) {
  return (
    <Box component="section" aria-labelledby="page-title" className={classes.hero}>
      <Container size="lg" py={{ base: 48, md: 80 }}>
        <Stack gap="md" maw={760}>
          <Text className={classes.eyebrow}>{eyebrow}</Text>
          <Title order={1} id="page-title" className={classes.title}>
            {title}
          </Title>
          <Text size="xl" className={classes.lead}>
            {lead}
          </Text>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
