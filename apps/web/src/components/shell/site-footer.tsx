import { Container, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { coreServicePath } from '../../lib/core-service-tabs.ts';
import { useSiteContent } from '../../lib/site-content.tsx';
import { BrandLink } from './brand-link.tsx';
import classes from './shell.module.css';

const FOOTER_GROUPS = [
  {
    title: 'Services',
    links: [
      { label: 'Express Delivery', to: coreServicePath('express') },
      { label: 'Standard Shipping', to: '/services' },
      { label: 'International', to: coreServicePath('international') },
      { label: 'Freight Services', to: coreServicePath('freight') },
    ],
  },
  { title: 'Company', links: [{ label: 'About Us', to: '/about' }] },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: '/support' },
      { label: 'Track Package', to: '/track' },
      { label: 'Contact Us', to: '/contact' },
    ],
  },
] as const;

/** SPEC §2 footer: Services, Company and Support link groups. */
export function SiteFooter() {
  const { year } = useSiteContent();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <BrandLink />
            <Text size="sm" c="dimmed" maw={280}>
              Same-day, express and international parcel delivery with live tracking from pickup to doorstep.
            </Text>
          </Stack>
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-labelledby={`footer-${group.title.toLowerCase()}`}>
              <Title order={2} size="h5" mb="sm" id={`footer-${group.title.toLowerCase()}`}>
                {group.title}
              </Title>
              <Stack gap={8} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {group.links.map((link) => (
                  <li key={link.label}>
                    <a href={link.to} className={classes.footerLink}>
                      {link.label}
                    </a>
                  </li>
                ))}
              </Stack>
            </nav>
          ))}
        </SimpleGrid>
        <Divider my="lg" />
        <Text size="sm" c="dimmed">
          © {year} Waybill Logistics. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}
