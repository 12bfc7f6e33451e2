import { ActionIcon } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import classes from './shell.module.css';

/**
 * The chat button (SPEC §2: on every route); none while no link is set at all. It lives in the top bar
 * and floats at the bottom right only where the page leaves a margin wider than itself (80em and up),
 * so it never covers the page's content: on narrower screens any corner it floated in would hide a
 * field, a tab or a figure of the page (see shell.module.css).
 */
export function WhatsAppButton({ link }: { link: string }) {
  if (!link) return null;
  return (
    <ActionIcon
      component="a"
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      size="lg"
      radius="xl"
      color="green.8"
      className={classes.whatsapp}
      aria-label="Chat with us on WhatsApp"
    >
      <IconBrandWhatsapp className={classes.whatsappIcon} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}
