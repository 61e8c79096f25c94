import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SearchField } from './SearchField';

function Search({ onChange }: { onChange: (value: string) => void }) {
  const [term, setTerm] = useState('');
  return (
    <SearchField
      label="Zoek fruit"
      helperText="Op naam of kleur."
      value={term}
      onChange={(value) => {
        setTerm(value);
        onChange(value);
      }}
    />
  );
}

describe('SearchField', () => {
  it('is a search box named by its label, described by its help, and passes on what is typed', async () => {
    const onChange = jest.fn();
    const user = userEvent.setup();
    render(<Search onChange={onChange} />);

    const box = screen.getByRole('searchbox', { name: 'Zoek fruit' }) as HTMLInputElement;
    expect(screen.getByText('Op naam of kleur.').id).toBe(box.getAttribute('aria-describedby'));
    await user.type(box, 'peer');
    expect(box.value).toBe('peer');
    expect(onChange).toHaveBeenLastCalledWith('peer');
  });
});
