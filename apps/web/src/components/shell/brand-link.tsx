import { IconTruckDelivery } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './shell.module.css';

/** The company mark, linking home. */
export function BrandLink({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" className={classes.brand} aria-label="Waybill home" onClick={onClick}>
      <IconTruckDelivery size={30} stroke={1.8} color="var(--mantine-primary-color-filled)" aria-hidden />
      <span>Waybill</span>
    </Link>
  );
}
