import { Button, List, SimpleGrid, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Illustration } from '../components/section/illustration.tsx';
import { StatGrid } from '../components/section/stat-grid.tsx';
import { coreServiceFromHash } from '../lib/core-service-tabs.ts';
import { CORE_SERVICES, type CoreService } from './core-services-data.ts';
import { defineIsland } from './runtime/define-island.ts';

/** `first`: the panel shown on arrival, whose picture sits at the fold and so loads at once. */
function CoreServicePanel({ service, first }: { service: CoreService; first: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'xl', md: 48 }} pt="xl">
      <Illustration
        small={service.image.small}
        large={service.image.large}
        alt={service.image.alt}
        eager={first}
        sizes="(min-width: 62em) 540px, calc(100vw - 32px)"
      />
      <Stack gap="md">
        <div>
          <Title order={3}>{service.title}</Title>
          <Text fw={600} c="var(--mantine-primary-color-light-color)">
            {service.subtitle}
          </Text>
        </div>
        <Text c="dimmed">{service.description}</Text>
        <List
          spacing={6}
          size="sm"
          icon={
            <ThemeIcon size={20} radius="xl" color="teal" variant="light" aria-hidden>
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {service.features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        <Button component="a" href="/create" w="fit-content" aria-label={`Request Quote for ${service.title}`}>
          Request Quote
        </Button>
      </Stack>
      <div style={{ gridColumn: '1 / -1' }}>
        <StatGrid stats={service.stats} />
      </div>
    </SimpleGrid>
  );
}

/**
 * Express, International and Freight as tabs. Every panel is in the server's HTML (hidden with
 * display: none rather than left unrendered), so crawlers and visitors without scripts read all three;
 * Mantine's tabs move with the arrow keys and link each tab to its panel. An address ending in
 * #express, #international or #freight (the footer's links) opens that tab, on arrival or later.
 */
function CoreServiceTabs() {
  // Express in the server's HTML; the address's tab once awake, so hydration matches.
  const [tab, setTab] = useState<string>('express');
  useEffect(() => {
    function follow() {
      const named = coreServiceFromHash(window.location.hash);
      if (!named) return;
      setTab(named);
      document.getElementById('core-service')?.scrollIntoView({ block: 'start' });
    }
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return (
    <Tabs
      id="core-service"
      value={tab}
      onChange={(value) => value && setTab(value)}
      keepMounted
      keepMountedMode="display-none"
      variant="pills"
    >
      <Tabs.List justify="center" aria-label="Core services">
        {CORE_SERVICES.map((service) => (
          <Tabs.Tab
            key={service.value}
            value={service.value}
            fz={{ base: 'sm', sm: 'md' }}
            px={{ base: 'sm', sm: 'md' }}
            fw={600}
          >
            {service.tab}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {CORE_SERVICES.map((service, index) => (
        <Tabs.Panel key={service.value} value={service.value}>
          <CoreServicePanel service={service} first={index === 0} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

export default defineIsland('core-services', CoreServiceTabs);
