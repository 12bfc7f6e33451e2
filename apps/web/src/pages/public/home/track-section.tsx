import { Container, Paper, Text, Title } from '@mantine/core';
import HomeTrackBox from '../../../islands/home-track-box.tsx';
import { Island } from '../../../islands/runtime/island.tsx';
import classes from './home.module.css';

/** A tracking box on the home page that hands the code to /track/<code>. */
export function TrackSection() {
  return (
    <Container size="md" className={classes.trackBand}>
      <Paper
        component="section"
        aria-labelledby="track-title"
        withBorder
        shadow="lg"
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
      >
        <Title order={2} size="h3" id="track-title" mb={4}>
          Track your package
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          Enter the tracking code from your confirmation e-mail to see where your package is right now.
        </Text>
        <Island of={HomeTrackBox} props={{}} />
      </Paper>
    </Container>
  );
}
