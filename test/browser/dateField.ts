import type { Locator, Page } from 'playwright-core';

/**
 * A date field (src/client/components/DateField.tsx) by its label: a group of typed sections
 * (dag, maand, jaar) with a hidden input holding dd-mm-jjjj. A required field's name ends in ' *'.
 */
export const dateField = (scope: Page | Locator, label: string) =>
  scope.getByRole('group', { name: new RegExp(`^${label}( \\*)?$`) });

/** The field's day as written: dd-mm-jjjj, or '' when empty. */
export const dateValue = (field: Locator) => field.locator('input[aria-hidden="true"]').inputValue();

/** Types a day ('YYYY-MM-DD') as a user does: digits from the day section on; '' empties the field. */
export const typeDate = async (field: Locator, isoDate: string) => {
  await field.getByRole('spinbutton', { name: 'Dag' }).click();
  const keyboard = field.page().keyboard;
  if (isoDate === '') {
    await keyboard.press('ControlOrMeta+a');
    await keyboard.press('Backspace');
    return;
  }
  const [year, month, day] = isoDate.split('-');
  await keyboard.type(`${day}${month}${year}`);
};
