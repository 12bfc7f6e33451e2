import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address.tsx';

const html = (address: string) => render(<EmailAddress address={address} />).container.innerHTML;

describe('EmailAddress', () => {
  it('offers a line break after the @ and before each dot of the domain only', () => {
    expect(html('support.team@waybill-couriers.example.com')).toContain(
      'support.team@<wbr>waybill-couriers<wbr>.example<wbr>.com',
    );
  });

  it('reads as the address itself', () => {
    const { container } = render(<EmailAddress address="hello@waybill.example" />);
    expect(container.textContent).toBe('hello@waybill.example');
  });

  it('leaves text without an @ as it is', () => {
    expect(html('not an address')).toBe('not an address');
  });
});
