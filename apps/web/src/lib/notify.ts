import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@waybill/domain';

type ToastPosition = 'top-left' | 'top-right' | 'top-center' | 'bottom-left' | 'bottom-right' | 'bottom-center';

export interface ToastOptions {
  title: string;
  message: string;
  /** Milliseconds before the toast closes (SPEC §9 durations in TOAST_MS). */
  autoClose?: number;
  /** Defaults to the container's top right. */
  position?: ToastPosition;
}

/** A green success toast; 5 s unless told otherwise. */
export function notifySuccess({ title, message, autoClose = TOAST_MS.contact, position }: ToastOptions): string {
  return notifications.show({ color: 'green', title, message, autoClose, position });
}

/** A red error toast; 5 s unless told otherwise (validation toasts pass TOAST_MS.validation). */
export function notifyError({ title, message, autoClose = TOAST_MS.error, position }: ToastOptions): string {
  return notifications.show({ color: 'red', title, message, autoClose, position });
}

/** A yellow warning toast for input the operator must fix first; 3 s (SPEC §9 validation). */
export function notifyWarning({ title, message, autoClose = TOAST_MS.validation, position }: ToastOptions): string {
  return notifications.show({ color: 'yellow', title, message, autoClose, position });
}
