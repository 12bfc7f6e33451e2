import { Notifications } from '@mantine/notifications';
import classes from './toasts.module.css';

/**
 * The toast container in a module of its own, so that loading it lazily takes its components (and
 * their transitions) out of the first load; `lib/notify.ts` only needs the notifications store.
 */
export function ToastContainer() {
  return <Notifications position="top-right" classNames={{ root: classes.root }} />;
}
