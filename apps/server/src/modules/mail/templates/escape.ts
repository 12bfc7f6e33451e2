const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text a person typed, made safe inside HTML text and quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/** Escaped text whose line breaks survive in HTML. */
export function escapeMultiline(value: string): string {
  return escapeHtml(value.replace(/\r\n?/g, '\n')).replaceAll('\n', '<br>');
}

/** Plain-text line endings, whatever the browser sent. */
export function normalizeLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}
