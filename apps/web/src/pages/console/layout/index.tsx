import { Outlet } from 'react-router';

export const handle = { title: 'Waybill Console' };

/** The signed-in frame around every console screen. */
export function Component() {
  return <Outlet />;
}
