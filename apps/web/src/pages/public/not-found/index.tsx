import { Button, Container, Text, Title } from '@mantine/core';

export const handle = {
  title: 'Page Not Found | Waybill',
  description: 'The page you are looking for does not exist or has moved.',
};

/** Any address no route claims. */
export function Component() {
  return (
    <Container size="sm" py={80} ta="center">
      <Text fw={800} fz={72} c="dimmed" aria-hidden>
        404
      </Text>
      <Title order={1} mb="sm">
        Page not found
      </Title>
      <Text c="dimmed" mb="xl">
        The page you are looking for does not exist or has moved. Check the address, or start again from the home page.
      </Text>
      <Button component="a" href="/" size="md">
        Back to Home
      </Button>
    </Container>
  );
}
