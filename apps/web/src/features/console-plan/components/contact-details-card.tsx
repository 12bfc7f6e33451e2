import { Anchor, Button, Card, DataList, Group, Modal, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { SavedContactDetails } from '@waybill/domain';
import type { ReactNode } from 'react';
import { useMobileLayout } from '../hooks/use-mobile-layout.ts';
import { ContactDetailsForm } from './contact-details-form.tsx';
import { DIALOG_STYLES } from './plan-management.tsx';

export interface ContactDetailsCardProps {
  /** The saved record, or null when none is saved yet. */
  details: SavedContactDetails | null;
  /** Refreshes every view of the details after a save. */
  onSaved: () => Promise<unknown>;
}

const NOT_PROVIDED = (
  <Text span c="dimmed" fs="italic" size="sm">
    Not provided
  </Text>
);

/** SPEC §2 contact details card: what the website shows, and Add Details / Edit Details. */
export function ContactDetailsCard({ details, onSaved }: ContactDetailsCardProps) {
  const mobile = useMobileLayout();
  const [editorOpen, editor] = useDisclosure(false);
  const action = details ? 'Edit Details' : 'Add Details';

  return (
    <Card withBorder radius="lg" padding={mobile ? 'md' : 'xl'} component="section" aria-labelledby="contact-title">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} size={mobile ? 'h3' : 'h2'} id="contact-title">
          Contact Details
        </Title>
        <Button
          variant={details ? 'filled' : 'light'}
          leftSection={details ? <IconPencil size={16} aria-hidden /> : <IconPlus size={16} aria-hidden />}
          onClick={editor.open}
          style={{ flexShrink: 0 }}
        >
          {action}
        </Button>
      </Group>
      {details ? (
        <SavedDetails details={details} mobile={mobile} />
      ) : (
        <Text c="dimmed">No contact details saved yet</Text>
      )}
      <Modal
        opened={editorOpen}
        onClose={editor.close}
        title={action}
        size="lg"
        fullScreen={mobile}
        centered={!mobile}
        styles={DIALOG_STYLES}
        closeButtonProps={{ 'aria-label': `Close ${action}` }}
      >
        <ContactDetailsForm details={details} onSaved={onSaved} onDone={editor.close} onCancel={editor.close} />
      </Modal>
    </Card>
  );
}

function SavedDetails({ details, mobile }: { details: SavedContactDetails; mobile: boolean }) {
  return (
    <DataList
      withDivider
      labelWidth={140}
      orientation={mobile ? 'vertical' : 'horizontal'}
      size="md"
      gap={mobile ? 'xs' : 'sm'}
    >
      <Entry label="Phone">{details.phone || NOT_PROVIDED}</Entry>
      <Entry label="Email">{details.email || NOT_PROVIDED}</Entry>
      <Entry label="WhatsApp link">
        {details.whatsapp ? (
          <Anchor href={details.whatsapp} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
            {details.whatsapp}
          </Anchor>
        ) : (
          NOT_PROVIDED
        )}
      </Entry>
      <Entry label="Address">
        {details.address.length > 0
          ? details.address.map((line, index) => (
              // Lines may repeat, and their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Text key={index} span display="block">
                {line}
              </Text>
            ))
          : NOT_PROVIDED}
      </Entry>
    </DataList>
  );
}

function Entry({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
