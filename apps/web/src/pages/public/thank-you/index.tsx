import { Button, Container, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

export const handle = {
  title: 'Thank You | Waybill',
  description: 'Your account request has been submitted. We will contact you soon.',
};

/** /thank-you: where an account request lands. */
export function Component() {
  return (
    <Container size="sm" py={80} ta="center">
      <ThemeIcon size={72} radius="xl" color="green" variant="light" mx="auto" mb="lg" aria-hidden>
        <IconCircleCheck size={44} />
      </ThemeIcon>
      <Title order={1} mb="sm">
        Thank You!
      </Title>
      <Text size="lg" c="dimmed" mb="xl">
        Your request has been submitted. We will contact you soon.
      </Text>
      <Button component="a" href="/" size="md">
        Back to Home
      </Button>
    </Container>
  );
}
