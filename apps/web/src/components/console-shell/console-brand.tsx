import { IconTruckDelivery } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './console-shell.module.css';

/** The console's mark, linking to the dashboard (the console's index). */
export function ConsoleBrand({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" className={classes.brand} aria-label="Waybill Console, packages" onClick={onClick}>
      <IconTruckDelivery size={28} stroke={1.8} color="var(--mantine-primary-color-filled)" aria-hidden />
      <span className={classes.brandText}>Waybill Console</span>
    </Link>
  );
}
