import { AppShell } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './shell.module.css';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { WhatsAppButton } from './whatsapp-button.tsx';

interface SiteShellProps {
  /** The WhatsApp link (saved, else the company's); the button waits while it is undefined. */
  whatsappLink: string | undefined;
  children: ReactNode;
}

/** SPEC §2 shell shared by every route: fixed top bar, page, footer and the floating WhatsApp button. */
export function SiteShell({ whatsappLink, children }: SiteShellProps) {
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header className={classes.chrome}>
        <SiteHeader />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>{children}</AppShell.Main>
      <SiteFooter />
      <WhatsAppButton link={whatsappLink} />
    </AppShell>
  );
}
