import { AppShell } from '@mantine/core';
import { resolveWhatsappLink } from '@waybill/domain';
import type { ReactNode } from 'react';
import { usePageContext } from '../../lib/site-content.tsx';
import classes from './shell.module.css';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** SPEC §2 shell shared by every public page: fixed top bar, page, footer and the floating WhatsApp button. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { path, content } = usePageContext();
  return (
    <AppShell header={{ height: 64 }} padding={0}>
      <AppShell.Header className={classes.chrome}>
        <SiteHeader path={path} whatsapp={resolveWhatsappLink(content)} />
      </AppShell.Header>
      <AppShell.Main className={classes.main}>{children}</AppShell.Main>
      <SiteFooter />
    </AppShell>
  );
}
