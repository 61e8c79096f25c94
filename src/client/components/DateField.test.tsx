import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateField, INCOMPLETE_DATE } from './DateField';

function Harness({ initial = '', onValue }: { initial?: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Datum"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('DateField', () => {
  it('writes the day as dd-mm-jjjj and passes it on as an ISO date', () => {
    const onValue = jest.fn();
    render(<Harness initial="2026-11-22" onValue={onValue} />);
    const input = screen.getByLabelText('Datum', { selector: 'input' }) as HTMLInputElement;
    expect(input.value).toBe('22-11-2026');

    fireEvent.change(input, { target: { value: '05-03-2027' } });
    expect(onValue).toHaveBeenLastCalledWith('2027-03-05');
    expect(input.value).toBe('05-03-2027');
  });

  it('shows the Dutch placeholder when empty', () => {
    const { container } = render(<Harness onValue={jest.fn()} />);
    const sections = container.querySelector('.MuiPickersSectionList-root') as HTMLElement;
    expect(sections.textContent?.replace(/[\u2066-\u2069\u200e]/g, '')).toBe('dd-mm-jjjj');
  });

  it('takes typed digits section by section, and passes on a day that does not exist as incomplete, not as no date', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    await user.click(screen.getByRole('spinbutton', { name: 'Dag' }));
    await user.keyboard('05032027');
    expect(onValue).toHaveBeenLastCalledWith('2027-03-05');

    await user.click(screen.getByRole('spinbutton', { name: 'Dag' }));
    await user.keyboard('31');
    await user.click(screen.getByRole('spinbutton', { name: 'Maand' }));
    await user.keyboard('02');
    expect(onValue).toHaveBeenLastCalledWith(INCOMPLETE_DATE);
    expect(screen.getByRole('spinbutton', { name: 'Dag' }).textContent).toBe('31');
  });

  it('opens a Dutch calendar with weeks from Monday', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-11-22" onValue={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: /Kies datum/ }));
    const calendar = await screen.findByRole('grid');
    expect(screen.getByText('november 2026')).toBeTruthy();
    const weekdays = within(calendar).getAllByRole('columnheader').map((header) => header.getAttribute('aria-label'));
    expect(weekdays[0]).toBe('maandag');
    expect(weekdays[6]).toBe('zondag');
  });
});
