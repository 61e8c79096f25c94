import { fireEvent, screen } from '@testing-library/react';

/**
 * The input of a date field (components/DateField.tsx) by its label. The field's typed sections are
 * labelled by the same label; the hidden input holds the value as dd-mm-jjjj.
 */
export const dateField = (label: string | RegExp, container: Pick<typeof screen, 'getByLabelText'> = screen) =>
  container.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

/** Enters a day ('YYYY-MM-DD', or '' to empty the field) as a paste of dd-mm-jjjj would. */
export const enterDate = (input: HTMLElement, isoDate: string) =>
  fireEvent.change(input, { target: { value: isoDate.split('-').reverse().join('-') } });

/** A day ('YYYY-MM-DD') as the field writes it. */
export const asWritten = (isoDate: string) => isoDate.split('-').reverse().join('-');
