import { Button } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useSignOut } from '../../features/console-auth/api/sign-out.ts';
import { forgetDriverAnswers } from '../../features/driver/worker/register-worker.ts';
import { openConsolePage } from '../../lib/console-base.ts';
import { dialogModule, LazyDialog } from '../../lib/lazy-dialog.tsx';
import type { SignOutDialogProps } from './sign-out-dialog.tsx';

// Asked only while actions wait: not part of the first load.
const question = dialogModule<SignOutDialogProps>(() =>
  import('./sign-out-dialog.tsx').then((module) => ({ default: module.SignOutDialog })),
);

/** Signing out keeps what waits on the phone (it goes with the next sign-in) and says so first. */
export function SignOutButton({ waiting }: { waiting: number }) {
  const signOut = useSignOut();
  const [asking, setAsking] = useState(false);
  const leave = () =>
    signOut.mutate(undefined, {
      onSettled: () => {
        // The answers kept for offline use go before the page does.
        void forgetDriverAnswers().finally(() => openConsolePage('/sign-in'));
      },
    });
  return (
    <>
      <Button
        variant="subtle"
        size="compact-md"
        aria-label="Sign out"
        loading={signOut.isPending}
        onClick={() => (waiting > 0 ? setAsking(true) : leave())}
      >
        <IconLogout size={20} aria-hidden />
      </Button>
      <LazyDialog
        module={question}
        open={asking}
        props={{ opened: asking, waiting, onStay: () => setAsking(false), onLeave: leave }}
      />
    </>
  );
}
