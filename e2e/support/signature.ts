import type { Locator, Page } from 'playwright-core';

/** A signature as a hand draws it on the dialog's pad: pointer down, a wavy stroke, pointer up. */
export async function sign(page: Page, dialog: Locator, steps = 24): Promise<void> {
  const pad = dialog.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= steps; step++) {
    const x = box.x + box.width * (0.1 + (0.8 * step) / steps);
    const y = box.y + box.height * (0.5 + 0.3 * Math.sin(step / 2));
    await page.mouse.move(x, y, { steps: 2 });
  }
  await page.mouse.up();
}
