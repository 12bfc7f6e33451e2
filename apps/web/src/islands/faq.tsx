import { Accordion } from '@mantine/core';
import { defineIsland } from './runtime/define-island.ts';

export interface FaqItem {
  value: string;
  question: string;
  answer: string;
}

/** Questions that open one at a time (the pricing and support pages' FAQs). */
function Faq({ items }: { items: readonly FaqItem[] }) {
  return (
    <Accordion variant="separated" radius="md" maw={820} mx="auto">
      {items.map((item) => (
        <Accordion.Item key={item.value} value={item.value}>
          <Accordion.Control>{item.question}</Accordion.Control>
          <Accordion.Panel>{item.answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

export default defineIsland('faq', Faq);
