import { IconTruckDelivery } from '@tabler/icons-react';
import classes from './shell.module.css';

/** The company mark, linking home. */
export function BrandLink() {
  return (
    <a href="/" className={classes.brand} aria-label="Waybill home">
      <IconTruckDelivery size={30} stroke={1.8} color="var(--mantine-primary-color-filled)" aria-hidden />
      <span>Waybill</span>
    </a>
  );
}
