import { Fragment } from 'react';

/**
 * An e-mail address that a narrow column breaks only where a reader expects: after the @ and before
 * each dot of the domain (<wbr>), never inside a word. A part too long for any line still wraps rather
 * than push the page sideways.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1).split('.');
  return (
    <span style={{ overflowWrap: 'break-word', wordBreak: 'normal' }}>
      {address.slice(0, at + 1)}
      {domain.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, fixed in order
        <Fragment key={index}>
          <wbr />
          {index === 0 ? part : `.${part}`}
        </Fragment>
      ))}
    </span>
  );
}
