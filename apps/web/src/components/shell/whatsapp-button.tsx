import { ActionIcon } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import classes from './shell.module.css';

/** The floating chat button (SPEC §2: on every route); none while no link is set at all. */
export function WhatsAppButton({ link }: { link: string }) {
  if (!link) return null;
  return (
    <ActionIcon
      component="a"
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      size={56}
      radius="xl"
      color="green.8"
      className={classes.whatsapp}
      aria-label="Chat with us on WhatsApp"
    >
      <IconBrandWhatsapp size={32} stroke={1.6} aria-hidden />
    </ActionIcon>
  );
}
