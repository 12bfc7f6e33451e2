import { Alert, Loader, Paper, Stack, Text } from '@mantine/core';
import type { RenderedEmail } from '@waybill/domain';

interface EmailPreviewProps {
  rendered: RenderedEmail | undefined;
  loading: boolean;
  error: Error | null;
}

/**
 * The e-mail exactly as the server renders it. `sandbox=""` lets the HTML draw but never run a script
 * or reach the console's page, whatever the operator typed. The frame's origin is opaque, so the server
 * embeds the package images as `data:` URIs (the CSP's img-src allows them) instead of `/uploads` links.
 */
export function EmailPreview({ rendered, loading, error }: EmailPreviewProps) {
  if (loading) {
    return (
      <Stack align="center" py="xl" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text size="sm">Rendering the preview…</Text>
      </Stack>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light" title="The preview could not be rendered" role="alert">
        {error.message}
      </Alert>
    );
  }
  if (!rendered) return null;
  return (
    <Stack gap="xs">
      <Text size="sm">
        <Text span fw={700}>
          Subject:
        </Text>{' '}
        <span data-testid="preview-subject">{rendered.subject}</span>
      </Text>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <iframe
          title="Email preview"
          sandbox=""
          srcDoc={rendered.html}
          style={{ display: 'block', width: '100%', height: 640, border: 0, background: '#fff' }}
        />
      </Paper>
    </Stack>
  );
}
