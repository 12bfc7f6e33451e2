import escapeHtml from 'escape-html';

/** Text a person typed, made safe inside HTML text and quoted attributes (& < > " ' as entities). */
export { escapeHtml };

/** Escaped text whose line breaks survive in HTML. */
export function escapeMultiline(value: string): string {
  return escapeHtml(value.replace(/\r\n?/g, '\n')).replaceAll('\n', '<br>');
}

/** Plain-text line endings, whatever the browser sent. */
export function normalizeLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}
