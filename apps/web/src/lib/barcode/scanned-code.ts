import { isTrackingCode, normalizeTrackingCode, TRACKING_CODE_MAX_INPUT } from '@waybill/domain';

/** Longer than any label's QR URL (PUBLIC_URL/track/CODE): a barcode this long is not one of ours. */
const MAX_SCANNED_LENGTH = 2048;

/**
 * The tracking code in what a scanner or an operator produced: a code as printed (any case, spaces
 * around it), or the label's QR URL `…/track/CODE`, reduced to its code. Anything else (another
 * barcode on the box, a typo) gives undefined.
 */
export function readScannedCode(raw: string): string | undefined {
  if (raw.length > MAX_SCANNED_LENGTH) return undefined;
  const text = raw.trim();
  const code = isWebAddress(text) ? codeOfTrackingUrl(text) : text;
  if (code === undefined || code.length > TRACKING_CODE_MAX_INPUT) return undefined;
  const normalized = normalizeTrackingCode(code);
  return isTrackingCode(normalized) ? normalized : undefined;
}

function isWebAddress(text: string): boolean {
  const lower = text.slice(0, 8).toLowerCase();
  return lower.startsWith('http://') || lower.startsWith('https://');
}

/** The CODE of `…/track/CODE` (a trailing slash, query or fragment allowed), from any host. */
function codeOfTrackingUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  if (segments.length < 2 || segments[segments.length - 2] !== 'track') return undefined;
  try {
    return decodeURIComponent(segments[segments.length - 1] ?? '');
  } catch {
    return undefined;
  }
}
