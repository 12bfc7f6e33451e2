import { type ComponentType, type LazyExoticComponent, Suspense, useState } from 'react';

/**
 * A dialog whose module loads when it first opens (`dialog` is React's lazy() of it): until then it
 * renders nothing, so its module, and the dialog frame it brings, is not part of the page's first load;
 * after, it stays mounted, to close and open again as the dialog it is.
 */
export function LazyDialog<P extends object>({
  dialog: Dialog,
  open,
  props,
}: {
  dialog: LazyExoticComponent<ComponentType<P>>;
  open: boolean;
  props: P;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened && !open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
