import {
  Alert,
  Button,
  DataList,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  useMantineTheme,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconLock, IconSettings } from '@tabler/icons-react';
import { type DeliverySettings, WEEKDAY_NAMES } from '@waybill/domain';
import { useDeliverySettings } from '../api/delivery-settings.ts';
import { holidayWords } from './delivery-days-fields.tsx';
import classes from './delivery-settings.module.css';
import { DeliverySettingsForm } from './delivery-settings-form.tsx';

const TITLE = 'Delivery settings';

/** Below Mantine's `md` breakpoint, as the console's other editors, the dialog fills the screen. */
function useFullScreenDialog(): boolean {
  const { breakpoints } = useMantineTheme();
  return !useMediaQuery(`(min-width: ${breakpoints.md})`, undefined, { getInitialValueInEffect: false });
}

/**
 * Dispatch's "Delivery settings": the depot named when a driver loads a package, the failed attempts
 * before a package returns to its sender, the reasons a driver picks from, and the working days and
 * holidays another delivery day is chosen among. An admin edits them;
 * an operator reads them, told that only an admin may change them (the server refuses the write).
 */
export function DeliverySettingsButton({ canEdit }: { canEdit: boolean }) {
  const [opened, dialog] = useDisclosure(false);
  const fullScreen = useFullScreenDialog();
  return (
    <>
      <Button variant="default" leftSection={<IconSettings size={16} aria-hidden />} onClick={dialog.open}>
        {TITLE}
      </Button>
      <Modal
        opened={opened}
        onClose={dialog.close}
        title={TITLE}
        size="lg"
        fullScreen={fullScreen}
        centered={!fullScreen}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
        closeButtonProps={{ 'aria-label': `Close ${TITLE}` }}
      >
        <DeliverySettingsContent canEdit={canEdit} close={dialog.close} />
      </Modal>
    </>
  );
}

/** Mounted while the dialog is open: each opening starts from the settings in force. */
function DeliverySettingsContent({ canEdit, close }: { canEdit: boolean; close: () => void }) {
  const settings = useDeliverySettings();
  if (settings.isPending) {
    return (
      <Stack gap="sm" role="status">
        <VisuallyHidden>Loading the delivery settings</VisuallyHidden>
        <Skeleton height={36} />
        <Skeleton height={36} width="12rem" />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (settings.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        title="Could not load the delivery settings"
        icon={<IconAlertTriangle aria-hidden />}
      >
        {settings.error.message}
        <Button mt="sm" size="xs" variant="default" display="block" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return canEdit ? (
    <DeliverySettingsForm settings={settings.data} onDone={close} onCancel={close} />
  ) : (
    <DeliverySettingsReadOnly settings={settings.data} close={close} />
  );
}

/** What an operator sees: the settings in force, and who may change them. */
function DeliverySettingsReadOnly({ settings, close }: { settings: DeliverySettings; close: () => void }) {
  return (
    <Stack gap="md">
      <Alert variant="light" color="gray" icon={<IconLock aria-hidden />} title="Read only">
        Only an admin can change the delivery settings.
      </Alert>
      <DataList withDivider orientation="vertical" size="md" gap="xs">
        <DataList.Item>
          <DataList.ItemLabel>Depot location</DataList.ItemLabel>
          <DataList.ItemValue>{settings.depotLocation}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Failed attempts before returning</DataList.ItemLabel>
          <DataList.ItemValue>{settings.maxAttempts}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Failure reasons</DataList.ItemLabel>
          <DataList.ItemValue>
            <ol className={classes.readOnlyReasons} aria-label="Failure reasons">
              {settings.failureReasons.map((reason) => (
                <Text component="li" key={reason}>
                  {reason}
                </Text>
              ))}
            </ol>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Working days</DataList.ItemLabel>
          <DataList.ItemValue>
            {settings.workingDays.map((day) => WEEKDAY_NAMES[day - 1]).join(', ')}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Holidays</DataList.ItemLabel>
          <DataList.ItemValue>
            {settings.holidays.length === 0 ? (
              'None'
            ) : (
              <ul className={classes.readOnlyReasons} aria-label="Holidays">
                {settings.holidays.map((day) => (
                  <Text component="li" key={day}>
                    {holidayWords(day)}
                  </Text>
                ))}
              </ul>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
